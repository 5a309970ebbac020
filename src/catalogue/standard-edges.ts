import type { EdgeArguments, EdgeDefinition, EdgeKit, EdgeLoad } from './edge.js';
import type { EndpointDefinition, ResourceTypeName } from './endpoint.js';
import { limitBounds, type PageBounds } from './page-bounds.js';
import type { Resource } from './resource.js';

/**
 * The edges most families declare, one call each: a family names its endpoint and how a parent's
 * key is read, and the shape of the field (its type, name and what it returns) is declared here
 * once. Several families declaring the same field (Post.author) is what the GraphQL layer
 * dispatches by the parent's `platform`.
 */

/** Everything of an edge but where it stands: the type it is on, its name and what it returns. */
export type EdgeSpec = Omit<EdgeDefinition, 'on' | 'field' | 'returns'>;

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
 * The page bounds of an edge through `endpoint`: those the edge gives, else its endpoint's `limit`
 * parameter's, so the two cannot drift apart. An endpoint without a `limit` has none to lend.
 */
export function edgePageBounds(endpoint: EndpointDefinition, given?: PageBounds): PageBounds {
  const bounds = given ?? limitBounds(endpoint);
  if (bounds === null) throw new Error(`${endpoint.path} has no bounded limit parameter: the edge through it must give its page bounds`);
  return bounds;
}

/**
 * A first page whose size the caller sets with the field's `limit` argument: `keyOf` reads what
 * to list from the parent, `params` turns it and the page size into the endpoint's parameters.
 * `page` is given only where the field's bounds differ from the endpoint's `limit` (or it has
 * none); without it they are the endpoint's. `fetches` is what one page costs in upstream calls.
 * `takeOver` names parameters of the endpoint the field takes over as its own arguments (a
 * `cursor`): the key carries the values asked for, and those given reach the endpoint as they are.
 */
export function throughPage(
  kit: EdgeKit,
  endpoint: EndpointDefinition,
  options: {
    page?: PageBounds;
    keyOf: (parent: Resource) => string | null;
    params: (key: string, limit: number) => Record<string, unknown>;
    fetches?: number;
    takeOver?: readonly string[];
  },
): Pick<EdgeSpec, 'limit' | 'upstreamCost' | 'key' | 'load' | 'parameters'> {
  const { keyOf, params, fetches = 1, takeOver = [] } = options;
  const page = edgePageBounds(endpoint, options.page);
  // Without parameters taken over the key is the parent's own; with them, a JSON array of it and their values.
  const withTaken = (key: string | null, args: EdgeArguments): string | null =>
    key === null || takeOver.length === 0 ? key : JSON.stringify([key, ...takeOver.map((name) => args[name] ?? null)]);
  const paramsOf = (key: string, limit: number): Record<string, unknown> => {
    if (takeOver.length === 0) return params(key, limit);
    const [own, ...values] = JSON.parse(key) as [string, ...unknown[]];
    const given = takeOver.flatMap((name, index) => (values[index] == null ? [] : [[name, values[index]] as const]));
    return { ...params(own, limit), ...Object.fromEntries(given) };
  };
  return {
    limit: page,
    upstreamCost: { fetches, page: { argument: 'limit', ...page } },
    ...(takeOver.length === 0 ? {} : { parameters: { endpoint, names: takeOver } }),
    key: (parent, args) => pagedKey(withTaken(keyOf(parent), args), args.limit ?? page.default),
    load: kit.loadLists(endpoint, (paged) => {
      const { key, limit } = splitPagedKey(paged);
      return paramsOf(key, limit);
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
