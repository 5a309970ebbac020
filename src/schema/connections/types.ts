import type { ResourceList, Resource } from '../../catalogue/resource.js';
import type { ObjectRef } from '@pothos/core';
import { builder, perBuilder, type BuilderTypes } from '../builder.js';
import { cursorAfter, windowOf } from './paging.js';

interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

interface Edge {
  cursor: string;
  node: Resource;
}

/** PageInfo, once per schema. */
export const pageInfoType = perBuilder(() =>
  builder()
    .objectRef<PageInfo>('PageInfo')
    .implement({
      description: 'Where a page of a Relay cursor connection sits in its list.',
      fields: (t) => ({
        hasNextPage: t.exposeBoolean('hasNextPage', {
          description: 'True when items follow this page: ask for them with `after: endCursor`.',
        }),
        hasPreviousPage: t.exposeBoolean('hasPreviousPage', {
          description: 'True when the page starts after the beginning of its list (it was asked with `after`).',
        }),
        startCursor: t.exposeString('startCursor', { nullable: true, description: "The first edge's cursor; null on an empty page." }),
        endCursor: t.exposeString('endCursor', { nullable: true, description: "The last edge's cursor; null on an empty page." }),
      }),
    }),
);

/** The edges of a page, each with the cursor right after its item. */
export function edgesOf(page: ResourceList): Edge[] {
  const window = windowOf(page);
  return page.items.map((node, index) => ({ cursor: cursorAfter(page, window, index), node }));
}

export function pageInfoOf(page: ResourceList): PageInfo {
  const window = windowOf(page);
  const last = page.items.length - 1;
  return {
    hasNextPage: window.hasNextPage,
    hasPreviousPage: window.start.offset > 0 || window.start.pageCursor !== null,
    startCursor: last < 0 ? null : cursorAfter(page, window, 0),
    endCursor: last < 0 ? null : cursorAfter(page, window, last),
  };
}

/**
 * Makes a list type (`{ items, pagination }`) a Relay cursor connection too: `edges { cursor node }`
 * and `pageInfo`, beside the fields it has, so both kinds of client read the same page.
 */
export function addConnectionFields(listType: ObjectRef<BuilderTypes, ResourceList>, nodeType: unknown, name: string): void {
  const edgeType = builder()
    .objectRef<Edge>(`${name}Edge`)
    .implement({
      description: `One ${name} of a page with its cursor (a Relay connection edge).`,
      fields: (t) => ({
        cursor: t.exposeString('cursor', {
          description: 'Opaque cursor right after this item: `after` it resumes the list with the next item.',
        }),
        node: t.field({ type: nodeType as never, description: `The ${name}.`, resolve: (edge) => edge.node as never }),
      }),
    });
  builder().objectFields(listType, (t) => ({
    edges: t.field({
      type: [edgeType],
      description: 'The items of this page with their cursors, in the order of `items` (Relay cursor connection).',
      resolve: (page) => edgesOf(page),
    }),
    pageInfo: t.field({
      type: pageInfoType(),
      description: 'Where this page sits in its list (Relay cursor connection).',
      resolve: (page) => pageInfoOf(page),
    }),
  }));
}
