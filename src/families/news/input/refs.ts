import { invalidParam } from '../../../errors.js';

/**
 * What a caller may name: an item by its id or its page
 * (`https://news.ycombinator.com/item?id=N`), a user by name or profile page
 * (`https://news.ycombinator.com/user?id=NAME`). Usernames are case-sensitive and kept as typed.
 */

const ITEM_ID = /^[1-9][0-9]{0,11}$/;
const USERNAME = /^[A-Za-z0-9_-]{1,32}$/;
const WEB_HOSTS: ReadonlySet<string> = new Set(['news.ycombinator.com']);

/** The `id` query value of a page URL on the site, or null when `text` is not such a URL. */
function pageQueryId(text: string, path: string): string | null {
  const url = URL.parse(text);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !WEB_HOSTS.has(url.hostname.toLowerCase())) return null;
  if (url.pathname !== path || url.username !== '' || url.password !== '') return null;
  return url.searchParams.get('id');
}

/** An item id from digits. */
export function parseItemId(value: string, param = 'id'): string {
  const text = value.trim();
  if (!ITEM_ID.test(text)) throw invalidParam(param, `${param} must be an item id: digits only, e.g. 8863.`);
  return text;
}

/** An item id from a page URL. */
export function parseItemUrl(value: string, param = 'url'): string {
  const id = pageQueryId(value.trim(), '/item');
  if (id === null || !ITEM_ID.test(id))
    throw invalidParam(param, `${param} must be an item page, e.g. https://news.ycombinator.com/item?id=8863.`);
  return id;
}

/** Exactly one of `id` and `url`, as the item id. */
export function itemIdOf(input: { id?: string | undefined; url?: string | undefined }): string {
  if (input.id !== undefined && input.url !== undefined) throw invalidParam('id', 'Pass either id or url, not both.');
  if (input.id !== undefined) return parseItemId(input.id);
  if (input.url !== undefined) return parseItemUrl(input.url);
  throw invalidParam('id', 'Pass id (digits) or url (an item page).');
}

/** A username, or a profile page URL; case kept (`pg` and `PG` are different accounts). */
export function parseUsername(value: string, param = 'username'): string {
  const text = value.trim();
  const name = USERNAME.test(text) ? text : pageQueryId(text, '/user');
  if (name === null || !USERNAME.test(name))
    throw invalidParam(param, `${param} must be a username (letters, digits, _ and -) or https://news.ycombinator.com/user?id=NAME.`);
  return name;
}
