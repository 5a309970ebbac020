import { z } from 'zod';
import { countParam, cursorParam } from '../../../catalogue/query-params.js';
import { invalidParam } from '../../../errors.js';
import { DEFAULT_SITE, MAX_PAGE, MAX_TAGS, PAGE_LIMIT } from '../constants.js';
import { parsePageUrl, type PageRef } from './page-url.js';
import { parseSite } from './site.js';

/** Parameter pieces shared by the qa endpoints (REST spelling), and their canonical forms. */

export const site = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .describe(
    `API site name or host (default ${DEFAULT_SITE}): superuser, serverfault, askubuntu, gaming, meta (meta.stackexchange.com), meta.stackoverflow, ru.stackoverflow, mathoverflow.net, or e.g. gaming.stackexchange.com`,
  );
export const numericId = (what: string, example: string) =>
  z.string().min(1).max(20).optional().describe(`${what} id (digits, per site), e.g. ${example}`);
export const pageUrl = (what: string, example: string) =>
  z.string().min(1).max(2048).optional().describe(`${what} URL, e.g. ${example} (pass id or url; the host fixes the site)`);
export const pageLimit = countParam('items per page', PAGE_LIMIT);
export const cursor = cursorParam(64);

export const ID_OR_URL = 'pass either id or url';

const ID = /^[1-9][0-9]{0,11}$/;
const TAG = /^[a-z0-9+#.-]{1,35}$/;

/** A per-site numeric id, or 400 naming `param`. */
export function checkedId(value: string, param = 'id'): string {
  const id = value.trim();
  if (!ID.test(id)) throw invalidParam(param, `${param} must be a positive whole number (digits only), e.g. 11227809.`);
  return id;
}

/** Tags joined by `;` (all required), at most five, each as the site spells it; 400 naming `param` otherwise. */
export function checkedTags(value: string, param = 'tag'): string {
  const tags = value
    .split(';')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag !== '');
  if (tags.length === 0 || tags.length > MAX_TAGS) throw invalidParam(param, `${param} takes 1 to ${MAX_TAGS} tags joined by ";".`);
  for (const tag of tags)
    if (!TAG.test(tag)) throw invalidParam(param, `${param} "${tag}" is not a tag: letters, digits and + # . - only, 35 at most.`);
  return [...new Set(tags)].join(';');
}

/**
 * The site a request reads: the URL's (its host fixes it), else `site`, else the default. A `site`
 * that disagrees with the URL's host is 400 naming `url`.
 */
export function siteOf(siteParam: string | undefined, page: PageRef | null): string {
  const named = siteParam === undefined ? null : parseSite(siteParam);
  if (page === null) return named ?? DEFAULT_SITE;
  if (named !== null && named !== page.site)
    throw invalidParam('url', `url is a page of ${page.site}, but site names ${named}: drop site or pass a URL of ${named}.`);
  return page.site;
}

/** Reads `url` as one of the page kinds an endpoint accepts, or 400 naming `url`. */
export function pageOfKinds<Kind extends PageRef['kind']>(
  url: string,
  kinds: readonly Kind[],
  what: string,
): Extract<PageRef, { kind: Kind }> {
  const page = parsePageUrl(url);
  if (!(kinds as readonly string[]).includes(page.kind)) throw invalidParam('url', `url must be ${what}; this is a ${page.kind} page.`);
  return page as Extract<PageRef, { kind: Kind }>;
}

/** Exactly one of id and url, or 400 naming the one to drop or add. */
export function oneOf(params: { id?: string | undefined; url?: string | undefined }): 'id' | 'url' {
  if (params.id !== undefined && params.url !== undefined) throw invalidParam('url', 'Pass either id or url, not both.');
  if (params.id === undefined && params.url === undefined) throw invalidParam('id', 'Pass either id or url.');
  return params.id !== undefined ? 'id' : 'url';
}

const BAD_CURSOR = 'cursor is not a pagination.cursor this gateway issued: pass the value of a previous response unchanged.';
const encode = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const decode = (value: string): string => (/^[A-Za-z0-9_-]{1,40}$/.test(value) ? Buffer.from(value, 'base64url').toString('utf8') : '');

/** A cursor: the API's next page and the page size it counts in. */
export const encodePage = (page: number, size: number): string => encode(`p${page}.${size}`);

/** The page a cursor names for `limit` items a page (1 without one); a cursor made under another limit is refused. */
export function pageOf(cursorValue: string | undefined, limit: number): number {
  if (cursorValue === undefined) return 1;
  const match = /^p([1-9][0-9]{0,4})\.([1-9][0-9]{0,2})$/.exec(decode(cursorValue));
  if (!match || Number(match[1]) > MAX_PAGE) throw invalidParam('cursor', BAD_CURSOR);
  if (Number(match[2]) !== limit)
    throw invalidParam('cursor', `This cursor continues pages of ${match[2]}: pass limit=${match[2]} with it.`);
  return Number(match[1]);
}
