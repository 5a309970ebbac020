/** Key under which a resolved resource carries its endpoint's raw payload. */
export const RAW = Symbol('raw');
/** Key under which a list item carries the parameters of the request that listed it (edges read them). */
export const LISTED_BY = Symbol('listedBy');

/** A resource as the GraphQL layer holds it: the normalised object, its raw payload and how it was listed. */
export type Resource = Record<string, unknown> & { [RAW]?: unknown; [LISTED_BY]?: Record<string, unknown> };

/** One page of resources, as the REST envelope has it. */
export interface ResourceList {
  items: Resource[];
  pagination: { cursor: string | null; hasMore: boolean };
  raw: unknown;
  fetchedAt: string;
}
