import type { EndpointDefinition } from '../../catalogue/endpoint.js';
import type { ResourceList } from '../../catalogue/resource.js';
import { invalidParam } from '../../errors.js';
import { endpointCost } from '../../limits/upstream-cost.js';
import { requestSchema } from '../../pipeline/params.js';
import { decodeCursor, encodeCursor, type ListPlace } from './cursor.js';

/** How a list endpoint pages: whether it takes a page size and a page cursor, and its page-size bounds. */
export interface PageShape {
  sizeParameter: boolean;
  cursorParameter: boolean;
  defaultSize: number;
  maxSize: number;
}

export function pageShapeOf(endpoint: EndpointDefinition): PageShape {
  const parameters = requestSchema(endpoint).shape;
  const page = endpointCost(endpoint).page ?? { default: 1, max: 1 };
  return { sizeParameter: 'limit' in parameters, cursorParameter: 'cursor' in parameters, defaultSize: page.default, maxSize: page.max };
}

/** The Relay arguments of a list field, as the caller sent them. */
export interface RelayArguments {
  /** `first`, or the REST `limit` when that spelling was used. */
  first?: number | null;
  after?: string | null;
}

/** A page asked for with `first`/`after`: where it starts, and how many items the caller wants. */
export interface PagePlan {
  first: number | null;
  place: ListPlace;
  /** The page size to ask of the upstream (covering the items before the place), when the endpoint takes one. */
  fetchSize: number | null;
}

/** Refuses a page-size or page-cursor argument given in both spellings (`limit`/`first`, `cursor`/`after`). */
export function refuseBothSpellings(args: Record<string, unknown>, spellings: { size: boolean; cursor: boolean }): void {
  if (spellings.size && args.first != null && args.limit != null) {
    throw invalidParam('first', 'Invalid argument `first`: `first` and `limit` both set the page size; give one of them.');
  }
  if (spellings.cursor && args.after != null && args.cursor != null) {
    throw invalidParam('after', 'Invalid argument `after`: `after` and `cursor` both say where the page starts; give one of them.');
  }
}

/**
 * The page `first`/`after` ask of `list` (the name its cursors carry), or null when neither is
 * given. `first` has the bounds of the page size; a page that resumes after an item of an
 * upstream page asks that page again, large enough to hold the items before the place.
 */
export function planPage(list: string, shape: PageShape, args: RelayArguments, sizeName = 'first'): PagePlan | null {
  const { first = null, after = null } = args;
  if (first === null && after === null) return null;
  if (first !== null && (!Number.isInteger(first) || first < 1 || first > shape.maxSize)) {
    throw invalidParam(sizeName, `Invalid argument \`${sizeName}\`: ${list} pages hold 1 to ${shape.maxSize} items.`);
  }
  const place = after === null ? { pageCursor: null, offset: 0 } : decodeCursor(list, after);
  if (place.pageCursor !== null && !shape.cursorParameter) {
    throw invalidParam('after', `Invalid argument \`after\`: ${list} has one page; send an edge's \`cursor\` of it.`);
  }
  const fetchSize = shape.sizeParameter ? Math.min((first ?? shape.defaultSize) + place.offset, shape.maxSize) : null;
  return { first, place, fetchSize };
}

/** The REST parameters (page size and cursor) that fetch the upstream page a plan reads. */
export function pageParameters(plan: PagePlan | null): Record<string, unknown> {
  if (!plan) return {};
  return {
    ...(plan.fetchSize === null ? {} : { limit: plan.fetchSize }),
    ...(plan.place.pageCursor === null ? {} : { cursor: plan.place.pageCursor }),
  };
}

/** Where a served page sits in its list: what its edges' cursors and its pageInfo are made of. */
export interface PageWindow {
  /** The name cursors of this list carry. */
  list: string;
  /** The place of the page's first item. */
  start: ListPlace;
  /** True when items of the upstream page were left out after the last one (cut to `first`). */
  cut: boolean;
  /** True when the last item's cursor may be the upstream's next page cursor. */
  resumable: boolean;
  hasNextPage: boolean;
}

const windows = new WeakMap<ResourceList, PageWindow>();

/**
 * The page the caller asked for, cut from the upstream page `fetched` that `requestedCursor`
 * (the upstream cursor it was fetched at) and `fetchSize` (its size, when the endpoint takes
 * one) fetched: the items from the plan's place, at most `first` of them.
 */
export function windowPage(
  fetched: ResourceList,
  list: string,
  shape: PageShape,
  plan: PagePlan | null,
  served: { requestedCursor: string | null; fetchSize: number | null },
): ResourceList {
  const start = plan?.place ?? { pageCursor: served.requestedCursor, offset: 0 };
  const rest = fetched.items.slice(start.offset);
  const first = plan?.first ?? null;
  const cut = first !== null && rest.length > first;
  const items = cut ? rest.slice(0, first) : rest;
  // Without a page cursor, more of the list is reachable only by asking a larger first page.
  const canGoOn = shape.cursorParameter || (served.fetchSize !== null && served.fetchSize < shape.maxSize);
  const window: PageWindow = {
    list,
    start,
    cut,
    resumable: shape.cursorParameter,
    hasNextPage: cut || (fetched.pagination.hasMore && canGoOn),
  };
  const page: ResourceList = { ...fetched, items };
  if (cut) page.pagination = { cursor: cursorAfter(page, window, items.length - 1), hasMore: true };
  windows.set(page, window);
  return page;
}

/** The window of a page; a page no list field placed (none should reach here) is the start of an unnamed list. */
export function windowOf(page: ResourceList): PageWindow {
  return (
    windows.get(page) ?? {
      list: '',
      start: { pageCursor: null, offset: 0 },
      cut: false,
      resumable: false,
      hasNextPage: page.pagination.hasMore,
    }
  );
}

/**
 * The cursor right after the page's item at `index`. After the last item of a whole upstream
 * page it is the upstream's next page cursor, so the next page is asked without repeating this one.
 */
export function cursorAfter(page: ResourceList, window: PageWindow, index: number): string {
  const next = page.pagination.cursor;
  if (index === page.items.length - 1 && !window.cut && window.resumable && page.pagination.hasMore && next !== null) {
    return encodeCursor(window.list, { pageCursor: next, offset: 0 });
  }
  return encodeCursor(window.list, { pageCursor: window.start.pageCursor, offset: window.start.offset + index + 1 });
}
