import type { EdgeDefinition, EdgeKit, EdgeLoad } from './edge.js';
import type { EndpointDefinition, ResourceTypeName } from './endpoint.js';
import type { Resource } from './resource.js';

/**
 * The edges most families declare, one call each: a family names its endpoint and how a parent's
 * key is read, and the shape of the field (its type, name and what it returns) is declared here
 * once. Several families declaring the same field (Post.author) is what the GraphQL layer
 * dispatches by the parent's `platform`.
 */

/** Everything of an edge but where it stands: the type it is on, its name and what it returns. */
export type EdgeSpec = Omit<EdgeDefinition, 'on' | 'field' | 'returns'>;

/** The page sizes a `limit` argument takes: the endpoint's own bounds. */
export interface PageBounds {
  default: number;
  max: number;
}

/** A field that leads to one resource. */
export function single(on: ResourceTypeName, field: string, type: ResourceTypeName, spec: EdgeSpec): EdgeDefinition {
  return { on, field, returns: { kind: 'single', type }, ...spec };
}

/** A field that leads to a page of resources. */
export function list(on: ResourceTypeName, field: string, type: ResourceTypeName, spec: EdgeSpec): EdgeDefinition {
  return { on, field, returns: { kind: 'list', type }, ...spec };
}

/** Post.author: the account that published the post. */
export const postAuthor = (spec: EdgeSpec): EdgeDefinition => single('Post', 'author', 'Creator', spec);

/** Comment.author: the account that wrote the comment. */
export const commentAuthor = (spec: EdgeSpec): EdgeDefinition => single('Comment', 'author', 'Creator', spec);

/** Post.comments: the first page of the post's comments or replies. */
export const postComments = (spec: EdgeSpec): EdgeDefinition => list('Post', 'comments', 'Comment', spec);

/** Post.transcript: the captions of the post's media. */
export const postTranscript = (spec: EdgeSpec): EdgeDefinition => single('Post', 'transcript', 'Transcript', spec);

/** Creator.posts: the account's or community's posts. */
export const creatorPosts = (spec: EdgeSpec): EdgeDefinition => list('Creator', 'posts', 'Post', spec);

/** A string field's value, or null when it is missing or empty: nothing to load. */
export const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A key read from one string field of the parent. */
export const keyField =
  (name: string) =>
  (parent: Resource): string | null =>
    textOf(parent[name]);

/**
 * A key read from several string fields of the parent (an episode is found by its show and its
 * id), null when any is missing: a JSON array, so no value's characters can blur two keys into one.
 */
export const keyFields =
  (...names: string[]) =>
  (parent: Resource): string | null => {
    const values = names.map((name) => textOf(parent[name]));
    return values.includes(null) ? null : JSON.stringify(values);
  };

/** The values a key of `keyFields` carries, in the order of its names. */
export const fieldsOfKey = (key: string): string[] => JSON.parse(key) as string[];

/** The endpoint's parameters for a key: a parameter's name (the key is its value) or a function. */
type ParamsFor = string | ((key: string) => Record<string, unknown>);
const paramsOf = (params: ParamsFor) => (typeof params === 'string' ? (key: string) => ({ [params]: key }) : params);

/** What a field costs and loads when each key is one call of a single-resource endpoint. */
export function throughSingle(kit: EdgeKit, endpoint: EndpointDefinition, params: ParamsFor): Pick<EdgeSpec, 'upstreamCost' | 'load'> {
  return { upstreamCost: kit.cost(endpoint), load: kit.loadSingles(endpoint, paramsOf(params)) };
}

/** What a field costs and loads when each key is the first page of a list endpoint with its defaults. */
export function throughList(kit: EdgeKit, endpoint: EndpointDefinition, params: ParamsFor): Pick<EdgeSpec, 'upstreamCost' | 'load'> {
  return { upstreamCost: kit.cost(endpoint), load: kit.loadLists(endpoint, paramsOf(params)) };
}

/** `key|limit`: a page of another size is another load. The key itself may hold `|`: the last one splits. */
export const pagedKey = (key: string | null, limit: number): string | null => (key === null ? null : `${key}|${limit}`);

/** The key and the page size a paged key carries. */
export function splitPagedKey(paged: string): { key: string; limit: number } {
  const at = paged.lastIndexOf('|');
  return { key: paged.slice(0, at), limit: Number(paged.slice(at + 1)) };
}

/**
 * A first page whose size the caller sets with the field's `limit` argument (default and bounds
 * the list endpoint's own): `keyOf` reads what to list from the parent, `params` turns it and the
 * page size into the endpoint's parameters. `fetches` is what one page costs in upstream calls.
 */
export function throughPage(
  kit: EdgeKit,
  endpoint: EndpointDefinition,
  options: {
    page: PageBounds;
    keyOf: (parent: Resource) => string | null;
    params: (key: string, limit: number) => Record<string, unknown>;
    fetches?: number;
  },
): Pick<EdgeSpec, 'limit' | 'upstreamCost' | 'key' | 'load'> {
  const { page, keyOf, params, fetches = 1 } = options;
  return {
    limit: page,
    upstreamCost: { fetches, page: { argument: 'limit', ...page } },
    key: (parent, { limit }) => pagedKey(keyOf(parent), limit ?? page.default),
    load: kit.loadLists(endpoint, (paged) => {
      const { key, limit } = splitPagedKey(paged);
      return params(key, limit);
    }),
  };
}

/**
 * A field built from the parent itself, without a request or a credit (an ad names its
 * advertiser): `pick` reads the values `build` needs (JSON values, null when there is nothing),
 * and the key carries them, so equal parents share one value.
 */
export function fromParent<const Values extends readonly unknown[]>(
  pick: (parent: Resource) => Values | null,
  build: (...values: Values) => Resource,
): Pick<EdgeSpec, 'upstreamCost' | 'key' | 'load'> {
  return {
    upstreamCost: { fetches: 0 },
    key: (parent) => {
      const values = pick(parent);
      return values === null ? null : JSON.stringify(values);
    },
    load: (async (keys) => keys.map((key) => build(...(JSON.parse(key) as Values)))) satisfies EdgeLoad,
  };
}
