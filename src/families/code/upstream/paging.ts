import { invalidParam } from '../../../errors.js';

/**
 * Opaque page cursors. A cursor carries the page number the platform's `Link` header named
 * as next, and the page size it was made with (a page number means nothing under another
 * size). Encoded so callers treat it as a token, validated before any upstream request.
 */

export interface PageCursor {
  page: number;
  perPage: number;
}

const MAX_PAGE = 100_000;

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`p${cursor.page}.${cursor.perPage}`, 'utf8').toString('base64url');
}

/** Reads a cursor from a previous response; anything else is 400 naming `cursor`. */
export function decodeCursor(value: string): PageCursor {
  const text = /^[A-Za-z0-9_-]{1,40}$/.test(value) ? Buffer.from(value, 'base64url').toString('utf8') : '';
  const match = /^p([1-9][0-9]{0,5})\.([1-9][0-9]{0,2})$/.exec(text);
  const page = Number(match?.[1]);
  const perPage = Number(match?.[2]);
  if (!match || page > MAX_PAGE || perPage > 100)
    throw invalidParam('cursor', 'cursor is not a pagination.cursor this gateway issued: pass the value of a previous response unchanged.');
  return { page, perPage };
}

/**
 * The cursor's page for a call with `limit` items per page. A cursor made under another limit
 * is refused: continuing it with a different page size would skip or repeat items.
 */
export function pageOf(cursor: string | undefined, limit: number): number {
  if (cursor === undefined) return 1;
  const decoded = decodeCursor(cursor);
  if (decoded.perPage !== limit)
    throw invalidParam('cursor', `This cursor continues pages of ${decoded.perPage}: pass limit=${decoded.perPage} with it.`);
  return decoded.page;
}

/**
 * The page number of the `rel="next"` link, or null when there is none. Links may point at
 * id-based paths (`/user/10308/events/public?page=2`), so only the page number is taken.
 */
export function nextPageOf(linkHeader: string | undefined): number | null {
  if (linkHeader === undefined) return null;
  for (const part of linkHeader.split(',')) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (!match || !/\brel\s*=\s*"?(?:[^"]*\s)?next(?:\s[^"]*)?"?/i.test(match[2]!)) continue;
    const url = URL.parse(match[1]!);
    const page = Number(url?.searchParams.get('page'));
    if (Number.isInteger(page) && page >= 1 && page <= MAX_PAGE) return page;
  }
  return null;
}

/** The pagination of a page: a cursor to the page the `Link` header names as next, made for `limit` items per page. */
export function paginationAfter(linkHeader: string | undefined, limit: number): { cursor: string | null; hasMore: boolean } {
  const next = nextPageOf(linkHeader);
  return next === null ? { cursor: null, hasMore: false } : { cursor: encodeCursor({ page: next, perPage: limit }), hasMore: true };
}
