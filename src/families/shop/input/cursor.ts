import { invalidParam } from '../../../errors.js';
import { LIST_LIMIT, MAX_LIST_POSITION } from '../constants.js';

/**
 * Opaque list cursors. products.json pages by page number at a limit, so a position is an
 * upstream page, the limit it was read at and an offset in it; the cursor also names the store
 * and collection it belongs to, so it never continues another list. Any `limit` may follow a
 * cursor: the next page starts exactly after the last item served.
 */

export interface ListPosition {
  store: string;
  /** The collection handle; null for the store's whole list. */
  collection: string | null;
  page: number;
  pageLimit: number;
  offset: number;
}

/** How many items come before the position. */
export const positionIndex = (position: Pick<ListPosition, 'page' | 'pageLimit' | 'offset'>): number =>
  (position.page - 1) * position.pageLimit + position.offset;

export function encodeCursor(position: ListPosition): string {
  const { store, collection, page, pageLimit, offset } = position;
  return Buffer.from(JSON.stringify({ s: store, c: collection, p: page, l: pageLimit, o: offset }), 'utf8').toString('base64url');
}

const notOurs = () =>
  invalidParam(
    'cursor',
    'cursor is not a pagination.cursor of this list: pass the value of a previous response of the same store and collection unchanged.',
  );

const isCount = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The position a cursor carries, checked against the store and collection of the call. */
export function decodeCursor(cursor: string, store: string, collection: string | null): ListPosition {
  if (!/^[A-Za-z0-9_-]{1,800}$/.test(cursor)) throw notOurs();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw notOurs();
  }
  const { s, c, p, l, o } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (s !== store || (c ?? null) !== collection) throw notOurs();
  if (!isCount(l, 1, LIST_LIMIT.max) || !isCount(p, 1, MAX_LIST_POSITION) || !isCount(o, 0, l)) throw notOurs();
  if (positionIndex({ page: p, pageLimit: l, offset: o }) > MAX_LIST_POSITION) throw notOurs();
  return { store, collection, page: p, pageLimit: l, offset: o };
}

/** One upstream page to read: `page` at `limit`, keeping items from `skip` on. */
export interface PageRead {
  page: number;
  limit: number;
  skip: number;
}

/**
 * The upstream pages that hold `limit` items from index `start`. A walk at one limit asks
 * page 1, 2, ... at that limit (one page each); a start that is not on a page boundary of the
 * new limit reads at the largest page size instead, which holds the window in one or two pages.
 */
export function pagesFor(start: number, limit: number): PageRead[] {
  if (start % limit === 0) return [{ page: start / limit + 1, limit, skip: 0 }];
  const size = LIST_LIMIT.max;
  const first = { page: Math.floor(start / size) + 1, limit: size, skip: start % size };
  return first.skip + limit <= size ? [first] : [first, { page: first.page + 1, limit: size, skip: 0 }];
}
