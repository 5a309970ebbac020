import { invalidParam } from '../../../errors.js';
import { siteOfHost } from './site.js';

/**
 * The site pages the qa endpoints read. The host fixes the site; query, fragment and trailing
 * slash are ignored:
 * - question `/questions/{id}[/{slug}[/{answerId}]]`, `/q/{id}[/{userId}]`;
 * - answer `/a/{id}[/{userId}]`;
 * - user `/users/{id}[/{slug}]`, `/u/{id}`;
 * - tag `/questions/tagged/{tag}`.
 */
export type PageRef =
  | { kind: 'question'; site: string; id: string; answerId: string | null }
  | { kind: 'answer'; site: string; id: string }
  | { kind: 'user'; site: string; id: string }
  | { kind: 'tag'; site: string; tag: string };

/** A page without its site: what the path alone says. */
export type PagePath = PageRef extends infer Ref ? (Ref extends PageRef ? Omit<Ref, 'site'> : never) : never;

const ID = '([1-9][0-9]{0,11})';
const SLUG = '[^/]{1,300}';
const QUESTION = new RegExp(`^/questions/${ID}(?:/${SLUG}(?:/${ID})?)?/?$`);
const SHORT_QUESTION = new RegExp(`^/q/${ID}(?:/${ID})?/?$`);
const ANSWER = new RegExp(`^/a/${ID}(?:/${ID})?/?$`);
const USER = new RegExp(`^/users/${ID}(?:/${SLUG})?/?$`);
const SHORT_USER = new RegExp(`^/u/${ID}/?$`);
const TAG = /^\/questions\/tagged\/([^/]{1,200})\/?$/;

/** Which page a pathname is, without its site; null for any other path. */
export function pageOfPath(pathname: string): PagePath | null {
  let match = QUESTION.exec(pathname);
  if (match) return { kind: 'question', id: match[1]!, answerId: match[2] ?? null };
  if ((match = SHORT_QUESTION.exec(pathname))) return { kind: 'question', id: match[1]!, answerId: null };
  if ((match = ANSWER.exec(pathname))) return { kind: 'answer', id: match[1]! };
  if ((match = USER.exec(pathname)) ?? (match = SHORT_USER.exec(pathname))) return { kind: 'user', id: match[1]! };
  if ((match = TAG.exec(pathname))) return { kind: 'tag', tag: safeDecode(match[1]!) };
  return null;
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** A page URL of a network site, or 400 naming `param`: not a URL, not http(s), not a site's host, not a page the family reads. */
export function parsePageUrl(value: string, param = 'url'): PageRef {
  const url = URL.parse(value.trim());
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw invalidParam(param, `${param} must be an http(s) URL of a Stack Exchange site page.`);
  const site = siteOfHost(url.hostname);
  if (site === null)
    throw invalidParam(
      param,
      `${url.hostname} is not a Stack Exchange site (stackoverflow.com, superuser.com, {name}.stackexchange.com ...).`,
    );
  const page = pageOfPath(url.pathname);
  if (page === null)
    throw invalidParam(
      param,
      `${param} must be a question, answer, user or tag page (/questions/{id}, /a/{id}, /users/{id}, /questions/tagged/{tag}).`,
    );
  return { ...page, site } as PageRef;
}
