import type { EndpointDefinition, ResourceTypeName } from '../../catalogue/endpoint.js';
import type { GraphQLContext } from '../context.js';
import type { UpstreamCost } from '../../limits/upstream-cost.js';
import type { Resource, ResourceList } from '../types/resources.js';

/** What one key of an edge loads: a resource, a page of them, null (nothing there) or that key's error. */
export type EdgeValue = Resource | ResourceList | null | Error;

/** A DataLoader batch function of an edge: one value per key, in order. */
export type EdgeLoad = (keys: readonly string[], context: GraphQLContext) => Promise<readonly EdgeValue[]>;

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
}
