import type { Catalogue } from '../../catalogue/catalogue.js';
import type { ResourceTypeName } from '../../catalogue/endpoint.js';
import { RAW, type Resource, type ResourceList } from '../../catalogue/resource.js';
import type { ObjectRef } from '@pothos/core';
import { builder, perBuilder, type BuilderTypes } from '../builder.js';
import { objectTypeFromZod } from '../from-zod.js';
import { nodeInterface } from '../identity/node.js';
import { addConnectionFields } from '../connections/types.js';

type ResourceRef = ReturnType<typeof objectTypeFromZod>;
const resourceRefs = perBuilder(() => new Map<ResourceTypeName, ResourceRef>());

/** Creates the GraphQL object type of every resource of the catalogue, each with a `raw` field. */
export function addResourceTypes(catalogue: Catalogue): void {
  for (const [name, schema] of catalogue.resources) {
    const ref = objectTypeFromZod(schema, { interface: nodeInterface() as never });
    builder().objectField(ref, 'raw', (t) =>
      t.field({
        type: 'JSON',
        nullable: true,
        description: 'The untouched upstream payload of the fetch that produced this object; null unless includeRaw: true.',
        resolve: (parent: Resource) => parent[RAW] ?? null,
      }),
    );
    resourceRefs().set(name, ref);
  }
}

/** The GraphQL object type of a resource (after addResourceTypes). */
export function resourceType(name: ResourceTypeName): ResourceRef {
  const ref = resourceRefs().get(name);
  if (!ref) throw new Error(`No GraphQL type for resource ${name}`);
  return ref;
}

export const paginationType = perBuilder(() =>
  builder()
    .objectRef<{ cursor: string | null; hasMore: boolean }>('Pagination')
    .implement({
      description: 'Send `cursor` back as the `cursor` (or `after`) argument for the next page.',
      fields: (t) => ({
        cursor: t.exposeString('cursor', {
          nullable: true,
          description: 'Opaque cursor of the next page; null on the last page. On a page cut short by `first`, send it as `after`.',
        }),
        hasMore: t.exposeBoolean('hasMore', { description: 'True when another page follows.' }),
      }),
    }),
);

type ListRef = ObjectRef<BuilderTypes, ResourceList>;
const listTypes = perBuilder(() => new Map<ResourceTypeName, ListRef>());

/**
 * `{ items, pagination, raw, fetchedAt }` for a list endpoint, as the REST envelope has it, and
 * `{ edges, pageInfo }` of a Relay cursor connection over the same items.
 */
export function listTypeOf(name: ResourceTypeName): ListRef {
  let ref = listTypes().get(name);
  if (!ref) {
    ref = builder()
      .objectRef<ResourceList>(`${name}List`)
      .implement({
        description: `One page of ${name} objects, as the REST envelope has it (items, pagination) and as a Relay cursor connection (edges, pageInfo). A value object of the field that holds it (it has no id): client caches keep it under its parent (the typed client's typePolicies merge it there).`,
        fields: (t) => ({
          items: t.field({
            type: [resourceType(name)],
            description: 'The items of this page, in the order the platform served them.',
            resolve: (parent) => parent.items,
          }),
          pagination: t.field({
            type: paginationType(),
            description: 'How to ask for the next page.',
            resolve: (parent) => parent.pagination,
          }),
          raw: t.field({
            type: 'JSON',
            nullable: true,
            description: 'The untouched upstream payload of the page; null unless includeRaw: true.',
            resolve: (parent) => parent.raw ?? null,
          }),
          fetchedAt: t.exposeString('fetchedAt', { description: 'ISO 8601 time of the upstream fetch (kept on cache hits).' }),
        }),
      });
    addConnectionFields(ref, resourceType(name), name);
    listTypes().set(name, ref);
  }
  return ref;
}
