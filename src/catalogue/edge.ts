import type { EndpointDefinition, ResourceTypeName } from './endpoint.js';
import type { Resource, ResourceList } from './resource.js';

/**
 * What a field costs in upstream fetches, published on the field as `extensions.upstreamCost`
 * where the field is defined (root fields, graph edges). The cost limit reads only this, so a
 * new edge that fetches upstream declares its cost next to its resolver, not in a list here.
 */
export interface UpstreamCost {
  /** Upstream fetches (pipeline runs) the field makes for one parent object. */
  fetches: number;
  /**
   * For a field returning a page (`{ items, pagination }`): how many items the page can hold,
   * which multiplies whatever the items fetch in turn. `argument` names the field argument
   * that sets it (a literal or a variable); without it the page holds up to `default`.
   */
  page?: { argument?: string; default: number; max: number };
}

/**
 * The request's context as an edge's load receives it: a family's own load only hands it on to
 * the kit's loaders. The GraphQL layer, which builds the kit and calls every load, fills in what
 * it holds (interface merging), so this contract names nothing of the layer above it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the GraphQL layer
export interface EdgeLoadContext {}

/** What one key of an edge loads: a resource, a page of them, null (nothing there) or that key's error. */
export type EdgeValue = Resource | ResourceList | null | Error;

/** A DataLoader batch function of an edge: one value per key, in order. */
export type EdgeLoad = (keys: readonly string[], context: EdgeLoadContext) => Promise<readonly EdgeValue[]>;

/**
 * A GraphQL field beyond REST, declared by a family: `on.field` leads from a resource to another
 * (or to a page of them) loaded through the pipeline, billed like a REST call, through a
 * per-request DataLoader so one query never fetches the same upstream resource twice.
 *
 * Several families may declare the same field on a shared type (Post.author): each for the
 * parents of its own `platform`, and the field dispatches by the parent's `platform`.
 */
export interface EdgeDefinition {
  /** The resource type the field is added to, e.g. "Post". */
  on: ResourceTypeName;
  field: string;
  returns: { kind: 'single' | 'list'; type: ResourceTypeName };
  /** Only parents whose `platform` is this value; the others resolve the field to null. */
  platform: string;
  description: string;
  /** What the field fetches for one parent (read by the cost limit). */
  upstreamCost: UpstreamCost;
  /**
   * A `limit` argument on the field (a page size), passed to `key`: the key must carry it, so
   * pages of different sizes are different loads.
   */
  limit?: { default: number; max: number };
  /**
   * Arguments taken over from the parameters of the endpoint the edge loads through (same names,
   * enums, descriptions and defaults), passed to `key` in their REST spelling, or undefined when
   * not given so the endpoint's default applies: the key must carry them.
   */
  parameters?: { endpoint: EndpointDefinition; names: readonly string[] };
  /** The loader key of a parent, or null when there is nothing to load. */
  key(parent: Resource, args: EdgeArguments): string | null;
  load: EdgeLoad;
}

/** The field's arguments a key is built from: the page size and the parameters taken over from the endpoint. */
export interface EdgeArguments {
  limit?: number;
  [parameter: string]: unknown;
}

/** What a family's edges are built from: its endpoints, and loaders that run them through the pipeline. */
export interface EdgeKit {
  /** The catalogue endpoint at `path` (throws when no family declares it). */
  endpoint(path: string): EndpointDefinition;
  /** Loads each key as one call of a single-resource endpoint; an empty result is null. */
  loadSingles(endpoint: EndpointDefinition, paramsFor: (key: string) => Record<string, unknown>): EdgeLoad;
  /** Loads each key as the first page of a list endpoint. */
  loadLists(endpoint: EndpointDefinition, paramsFor: (key: string) => Record<string, unknown>): EdgeLoad;
  /** The upstream cost of one call of `endpoint` (a page for a list). */
  cost(endpoint: EndpointDefinition): UpstreamCost;
  /** The parameters of the request that listed a list item (edges that need the listing's context read them). */
  listedBy(item: Resource): Record<string, unknown> | undefined;
  /**
   * The canonical parameters of `endpoint` for a link one of that endpoint's own URL forms reads,
   * through its validation; null for any other link (another page of the same site included) and
   * for one its parser refuses. Nothing is fetched, so an edge following a link knows before any
   * request whether there is something to load, and keys its loads by these parameters.
   */
  paramsForUrl(endpoint: EndpointDefinition, link: string): Record<string, unknown> | null;
}
