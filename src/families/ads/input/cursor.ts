import { invalidParam } from '../../../errors.js';

/**
 * The ads list's cursor: the platform's page token and the query it belongs to (domain or
 * advertiser, region, format), so a cursor can never continue another query's pages. Opaque to
 * callers (base64url JSON); `limit` may change between pages and is not part of it.
 */

export interface AdsQuery {
  domain: string | undefined;
  advertiserId: string | undefined;
  region: string;
  format: string;
}

/** Longest cursor accepted: the platform's tokens are under 100 characters. */
export const MAX_CURSOR_LENGTH = 1024;
const MAX_TOKEN_LENGTH = 512;

const queryKey = (query: AdsQuery): string =>
  JSON.stringify([query.domain ?? null, query.advertiserId ?? null, query.region, query.format]);

export function encodeCursor(query: AdsQuery, token: string): string {
  return Buffer.from(JSON.stringify({ q: queryKey(query), t: token }), 'utf8').toString('base64url');
}

/** The page token of a cursor made for this very query; 400 naming `cursor` otherwise (nothing is fetched). */
export function pageTokenOf(cursor: string, query: AdsQuery): string {
  let decoded: unknown = null;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // unreadable: refused below
  }
  const { q, t } = (decoded ?? {}) as { q?: unknown; t?: unknown };
  if (typeof q !== 'string' || typeof t !== 'string' || t === '' || t.length > MAX_TOKEN_LENGTH) {
    throw invalidParam('cursor', 'cursor: not a cursor this endpoint issued; pass pagination.cursor of a previous answer unchanged.');
  }
  if (q !== queryKey(query)) {
    throw invalidParam('cursor', 'cursor: it belongs to another query; pass it with the same domain or advertiser_id, region and format.');
  }
  return t;
}
