import { invalidParam } from '../../../errors.js';

/**
 * Opaque page cursors: an offset into one document or one search (npm, PyPI), or the registry's
 * own next-page query string (crates.io's `meta.next_page`, followed as given). Validated before
 * any credit is held or request made.
 */

const MAX_OFFSET = 100_000;
/** crates.io's next pages are short query strings: `?q=rust&per_page=10&seek=…`. */
const NEXT_PAGE = /^\?[A-Za-z0-9._~%&=+-]{1,400}$/;

export const offsetCursor = (offset: number): string => Buffer.from(`o${offset}`, 'utf8').toString('base64url');
export const nextPageCursor = (nextPage: string): string => Buffer.from(`n${nextPage}`, 'utf8').toString('base64url');

function decoded(cursor: string): string {
  return /^[A-Za-z0-9_-]{1,600}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
}

const notOurs = () =>
  invalidParam('cursor', 'cursor is not a pagination.cursor this gateway issued: pass the value of a previous response unchanged.');

/** The offset a cursor carries (0 without one). */
export function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^o(0|[1-9]\d{0,5})$/.exec(decoded(cursor));
  const offset = Number(match?.[1]);
  if (!match || offset > MAX_OFFSET) throw notOurs();
  return offset;
}

/** The registry's next-page query string a cursor carries (null without one). */
export function nextPageOf(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const text = decoded(cursor);
  if (!text.startsWith('n') || !NEXT_PAGE.test(text.slice(1))) throw notOurs();
  return text.slice(1);
}

/** A page of `limit` items from `offset` of a list already in hand. */
export function pageOfList<T>(
  items: T[],
  offset: number,
  limit: number,
): { items: T[]; pagination: { cursor: string | null; hasMore: boolean } } {
  const hasMore = offset + limit < items.length;
  return { items: items.slice(offset, offset + limit), pagination: { cursor: hasMore ? offsetCursor(offset + limit) : null, hasMore } };
}
