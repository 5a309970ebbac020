import type { ResourceTypeName } from '../../catalogue/endpoint.js';
import { resourceSchemas } from '../../model/index.js';
import { builder } from '../builder.js';
import { objectTypeFromZod } from '../from-zod.js';

/** Key under which a resolved resource carries its endpoint's raw payload. */
export const RAW = Symbol('raw');
/** Key under which a list item carries the parameters of the request that listed it (edges read them). */
export const LISTED_BY = Symbol('listedBy');

export type Resource = Record<string, unknown> & { [RAW]?: unknown; [LISTED_BY]?: Record<string, unknown> };

/** The GraphQL object types of every resource, each with a `raw` field. */
export const resourceTypes = Object.fromEntries(
  Object.entries(resourceSchemas).map(([name, schema]) => {
    const ref = objectTypeFromZod(schema);
    builder.objectField(ref, 'raw', (t) =>
      t.field({
        type: 'JSON',
        nullable: true,
        description: 'The untouched upstream payload of the fetch that produced this object; null unless includeRaw: true.',
        resolve: (parent: Resource) => parent[RAW] ?? null,
      }),
    );
    return [name, ref];
  }),
) as Record<ResourceTypeName, ReturnType<typeof objectTypeFromZod>>;

export const paginationType = builder.objectRef<{ cursor: string | null; hasMore: boolean }>('Pagination').implement({
  description: 'Send `cursor` back as the `cursor` argument for the next page.',
  fields: (t) => ({
    cursor: t.exposeString('cursor', { nullable: true }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

export interface ResourceList {
  items: Resource[];
  pagination: { cursor: string | null; hasMore: boolean };
  raw: unknown;
  fetchedAt: string;
}

type ListRef = ReturnType<ReturnType<typeof builder.objectRef<ResourceList>>['implement']>;
const listTypes = new Map<ResourceTypeName, ListRef>();

/** `{ items, pagination, raw, fetchedAt }` for a list endpoint, as the REST envelope has it. */
export function listTypeOf(name: ResourceTypeName): ListRef {
  let ref = listTypes.get(name);
  if (!ref) {
    ref = builder.objectRef<ResourceList>(`${name}List`).implement({
      fields: (t) => ({
        items: t.field({ type: [resourceTypes[name]], resolve: (parent) => parent.items }),
        pagination: t.field({ type: paginationType, resolve: (parent) => parent.pagination }),
        raw: t.field({ type: 'JSON', nullable: true, resolve: (parent) => parent.raw ?? null }),
        fetchedAt: t.exposeString('fetchedAt'),
      }),
    });
    listTypes.set(name, ref);
  }
  return ref;
}
