import { z } from 'zod';
import { countParam, cursorParam, queryInt } from '../../../catalogue/query-params.js';
import { invalidParam } from '../../../errors.js';
import { COMMENT_DEPTH, COMMENT_LIMIT, PAGE_LIMIT } from '../constants.js';
import { itemIdOf, parseUsername } from '../input/refs.js';

/** Parameter pieces shared by the news endpoints (REST spelling), and their canonical forms. */

export const itemId = z.string().min(1).max(20).optional().describe('item id (digits), e.g. 8863');
export const itemUrl = z
  .string()
  .min(1)
  .max(2048)
  .optional()
  .describe('item page URL, e.g. https://news.ycombinator.com/item?id=8863 (pass id or url)');
export const username = z
  .string()
  .min(1)
  .max(2048)
  .describe('username (case-sensitive: pg is not PG) or profile URL https://news.ycombinator.com/user?id=NAME');
export const pageLimit = countParam('items per page', PAGE_LIMIT);
export const commentDepth = queryInt(1, COMMENT_DEPTH.max)
  .default(COMMENT_DEPTH.default)
  .describe(`reply levels to include (1 = direct replies only, up to ${COMMENT_DEPTH.max})`);
export const commentLimit = countParam('most comments to return', COMMENT_LIMIT);
export const cursor = cursorParam(64);

export const ITEM_CONSTRAINT = 'pass either id or url';

/** Item endpoints: exactly one of id and url, as the canonical id (url dropped). */
export function canonicalItem<T extends { id?: string | undefined; url?: string | undefined }>(params: T): T {
  return { ...params, id: itemIdOf(params), url: undefined };
}

export function canonicalUser<T extends { username: string }>(params: T): T {
  return { ...params, username: parseUsername(params.username) };
}

const BAD_CURSOR = 'cursor is not a pagination.cursor this gateway issued: pass the value of a previous response unchanged.';

const encode = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const decode = (value: string): string => (/^[A-Za-z0-9_-]{1,40}$/.test(value) ? Buffer.from(value, 'base64url').toString('utf8') : '');

/** A story list cursor: the offset of the next id in the list (read again on every call). */
export const encodeOffset = (offset: number): string => encode(`o${offset}`);

export function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^o([1-9][0-9]{0,4})$/.exec(decode(cursor));
  if (!match) throw invalidParam('cursor', BAD_CURSOR);
  return Number(match[1]);
}

/** A search cursor: HN Search's next page and the page size it counts in. */
export const encodePage = (page: number, size: number): string => encode(`p${page}.${size}`);

/** The page a search cursor names for `limit` hits a page; a cursor made under another limit is refused. */
export function pageOf(cursor: string | undefined, limit: number): number {
  if (cursor === undefined) return 0;
  const match = /^p([1-9][0-9]{0,3})\.([1-9][0-9]{0,2})$/.exec(decode(cursor));
  if (!match) throw invalidParam('cursor', BAD_CURSOR);
  if (Number(match[2]) !== limit)
    throw invalidParam('cursor', `This cursor continues pages of ${match[2]}: pass limit=${match[2]} with it.`);
  return Number(match[1]);
}

/** Checks a search or submissions cursor before any credit is held. */
export function checkedPage<T extends { cursor?: string | undefined; limit: number }>(params: T): T {
  pageOf(params.cursor, params.limit);
  return params;
}
