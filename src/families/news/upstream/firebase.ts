import type { FetchContext } from '../../../catalogue/results.js';
import { FIREBASE_ORIGIN } from '../constants.js';
import { firebaseItemSchema, firebaseListSchema, firebaseUserSchema, type FirebaseItem, type FirebaseUser } from '../schemas/firebase.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

/**
 * The official API. Every GET of one item is built here, the same way wherever it is asked
 * for (a story page, the item endpoint, the comment walk), so concurrent callers asking for the
 * same item share one request. It answers 200 with `null` for anything that does not exist;
 * 401 (off /v0) and 5xx are classified by the upstream layer as upstream_blocked.
 */

const HEADERS: Readonly<Record<string, string>> = { accept: 'application/json' };

export const firebaseUrl = (path: string): string => `${FIREBASE_ORIGIN}${path}.json`;
export const itemUrl = (id: string | number): string => firebaseUrl(`/item/${id}`);
export const userUrl = (name: string): string => firebaseUrl(`/user/${encodeURIComponent(name)}`);
export const listUrl = (list: string): string => firebaseUrl(`/${list}stories`);

/** GET and parse one Firebase body; `null` is what the API says for "no such thing". */
async function getJson(ctx: FetchContext, url: string, what: string): Promise<unknown> {
  const response = await ctx.upstream.fetch({ url, headers: { ...HEADERS } });
  return parseJsonBody(response, what);
}

/** An item, or null when the API answers `null`. */
export async function getItem(ctx: FetchContext, id: string | number): Promise<{ item: FirebaseItem | null; payload: unknown }> {
  const payload = await getJson(ctx, itemUrl(id), 'item');
  return { item: payload === null ? null : parseShape(firebaseItemSchema, payload, 'item'), payload };
}

export async function getUser(ctx: FetchContext, name: string): Promise<{ user: FirebaseUser | null; payload: unknown }> {
  const payload = await getJson(ctx, userUrl(name), 'user');
  return { user: payload === null ? null : parseShape(firebaseUserSchema, payload, 'user'), payload };
}

/** A story list's ids in rank order, or null when the API answers `null`. */
export async function getList(ctx: FetchContext, list: string): Promise<number[] | null> {
  const payload = await getJson(ctx, listUrl(list), 'story list');
  return payload === null ? null : parseShape(firebaseListSchema, payload, 'story list');
}
