import { invalidParam } from '../../../errors.js';
import { parseCallerHost } from '../../../outbound/caller-host.js';

/**
 * What callers name: an instance, an account on it, a status on it, a hashtag. Hosts are read by
 * the core's caller-host rules (no port, user info, IP literal or local name; lower-cased), query
 * strings and trailing slashes ignored; anything else is 400 naming the parameter, before any
 * request.
 */

/** A user name as Mastodon allows it (letters, digits, underscores; dots and dashes inside). */
const USER = /^[a-z0-9_](?:[a-z0-9_.-]{0,62}[a-z0-9_])?$/i;
/** A status id: local ids are numeric on Mastodon, alphanumeric on some compatible servers. */
const STATUS_ID = /^[a-z0-9]{1,64}$/i;
/** A hashtag name: letters, digits, underscores, middle dots (Unicode letters included). */
const TAG = /^[\p{L}\p{N}_\u00b7\u200c]{1,100}$/u;

export interface AccountRef {
  host: string;
  /** What `/api/v1/accounts/lookup` takes: `user` for a local account, `user@domain` for a remote one as the host knows it. */
  acct: string;
}

export interface StatusRef {
  host: string;
  /** The status's local id on that host. */
  id: string;
}

/** A host or `https://host`, lower-cased; refused shapes are 400 naming `param`. */
export function parseInstance(input: string, param: string): string {
  const parsed = parseCallerHost(input);
  if (!parsed.ok) throw invalidParam(param, `${param} ${parsed.message}.`);
  if (parsed.url && (parsed.url.protocol !== 'https:' || !/^\/*$/.test(parsed.url.pathname)))
    throw invalidParam(param, `${param}: pass a host name (mastodon.social) or https://host, without a path.`);
  if (!parsed.host.includes('.')) throw invalidParam(param, `${param} must be a public host name with a dot.`);
  return parsed.host;
}

function hostOfUrl(url: URL, param: string): string {
  if (url.protocol !== 'https:') throw invalidParam(param, `${param} must be an https URL.`);
  if (url.username !== '' || url.password !== '') throw invalidParam(param, `${param} must not carry a user name or password.`);
  return parseInstance(`https://${url.host}`, param);
}

const segmentsOf = (url: URL) =>
  url.pathname
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part));

/** `user` or `user@domain` after an optional `@`, or null when it is not that shape. */
function acctOf(text: string): { user: string; domain: string | null } | null {
  const parts = text.replace(/^@/, '').split('@');
  if (parts.length > 2 || !USER.test(parts[0] ?? '')) return null;
  if (parts.length === 1) return { user: parts[0]!, domain: null };
  const domain = parseCallerHost(parts[1]!);
  return domain.ok && domain.url === null && domain.host.includes('.') ? { user: parts[0]!, domain: domain.host } : null;
}

const ACCOUNT_FORMS = 'pass @user@host, user@host, https://host/@user, https://host/@user@domain or https://host/users/user';

/** An account in any of its forms; a post URL or another shape is 400 naming `param`. */
export function parseAccount(input: string, param: string): AccountRef {
  const value = input.trim();
  if (/^https?:\/\//i.test(value)) {
    const url = URL.parse(value);
    if (!url) throw invalidParam(param, `${param}: ${ACCOUNT_FORMS}.`);
    const host = hostOfUrl(url, param);
    const segments = safeSegments(url, param);
    const named = segments.length === 1 && segments[0]!.startsWith('@') ? acctOf(segments[0]!) : null;
    if (named) return { host, acct: named.domain === null || named.domain === host ? named.user : `${named.user}@${named.domain}` };
    if (segments.length === 2 && segments[0] === 'users' && USER.test(segments[1]!)) return { host, acct: segments[1]! };
    throw invalidParam(param, `${param}: ${ACCOUNT_FORMS}.`);
  }
  const named = acctOf(value);
  if (!named || named.domain === null) throw invalidParam(param, `${param}: ${ACCOUNT_FORMS}.`);
  return { host: parseInstance(named.domain, param), acct: named.user };
}

function safeSegments(url: URL, param: string): string[] {
  try {
    return segmentsOf(url);
  } catch {
    throw invalidParam(param, `${param} holds a malformed escape.`);
  }
}

const STATUS_FORMS = 'pass https://host/@user/ID, https://host/@user@domain/ID or https://host/users/user/statuses/ID';

/** A status URL in any of its forms; another shape is 400 naming `param`. */
export function parseStatus(input: string, param: string): StatusRef {
  const url = /^https?:\/\//i.test(input.trim()) ? URL.parse(input.trim()) : null;
  if (!url) throw invalidParam(param, `${param}: ${STATUS_FORMS}.`);
  const host = hostOfUrl(url, param);
  const segments = safeSegments(url, param);
  const [first, second, third, fourth] = segments;
  if (segments.length === 2 && first!.startsWith('@') && acctOf(first!) && STATUS_ID.test(second!)) return { host, id: second! };
  if (segments.length === 4 && first === 'users' && USER.test(second!) && third === 'statuses' && STATUS_ID.test(fourth!))
    return { host, id: fourth! };
  throw invalidParam(param, `${param}: ${STATUS_FORMS}.`);
}

/** A hashtag name, with or without `#`; spaces, slashes and other characters are 400 naming `param`. */
export function parseTag(input: string, param: string): string {
  const name = input.trim().replace(/^#/, '');
  if (!TAG.test(name)) throw invalidParam(param, `${param}: pass one hashtag (letters, digits, underscores), with or without #.`);
  return name;
}

/** The canonical form of an account (so equal requests share a cache key): `https://host/@acct`. */
export const accountUrl = (ref: AccountRef) => `https://${ref.host}/@${ref.acct}`;

/** The canonical form of a status: `https://host/@user/ID` with the caller's path, lower-cased host, no query or trailing slash. */
export function canonicalStatusUrl(input: string, param: string): string {
  const ref = parseStatus(input, param);
  const url = new URL(input.trim());
  return `https://${ref.host}${url.pathname.replace(/\/+$/, '')}`;
}
