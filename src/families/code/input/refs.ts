import { invalidParam } from '../../../errors.js';
import { ACCEPTED_INPUT_HOSTS } from '../constants.js';

/**
 * Every form a user pastes for an account, a repository or an issue, read into one canonical
 * spelling (lower case: the platform's names are case-insensitive, so `Octocat` and `octocat`
 * share one cache entry and one fetch). A URL on any other host is refused here, before any
 * credit is held. Names are checked against the platform's own rules so nothing unexpected
 * ever reaches an upstream path.
 */

/**
 * Logins: letters, digits and hyphens, 1-39, not starting with a hyphen (legacy accounts may
 * end with one or double it), optionally an app's `[bot]` suffix.
 */
const LOGIN = /^[a-z0-9][a-z0-9-]{0,38}(?:\[bot\])?$/i;
/** Repository names: letters, digits, `.`, `_`, `-`, up to 100; never `.` or `..`. */
const REPO_NAME = /^[a-z0-9._-]{1,100}$/i;
const ISSUE_NUMBER = /^[1-9][0-9]{0,9}$/;

/** First path segments of the web site that are its own pages: a link under one names no account and no repository. */
const RESERVED_PATHS: ReadonlySet<string> = new Set([
  'about',
  'apps',
  'blog',
  'collections',
  'contact',
  'customer-stories',
  'enterprise',
  'events',
  'explore',
  'features',
  'issues',
  'join',
  'login',
  'logout',
  'marketplace',
  'new',
  'notifications',
  'organizations',
  'orgs',
  'pricing',
  'pulls',
  'search',
  'security',
  'settings',
  'site',
  'sponsors',
  'topics',
  'trending',
  'users',
]);

export interface RepoRef {
  owner: string;
  name: string;
}

export interface IssueRef extends RepoRef {
  number: number;
}

/** The path segments of a pasted value when it is a URL (with or without scheme), else null. */
function urlSegments(raw: string, param: string): string[] | null {
  const scp = /^git@([^:/]+):(.+)$/i.exec(raw);
  if (scp) {
    // git@github.com:owner/name.git, the form a clone button copies
    checkHost(scp[1]!, param);
    return scp[2]!.split('/').filter(Boolean);
  }
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  const firstSegment = raw.split('/')[0] ?? '';
  // A login never contains a dot, so a first segment with one is a host ("github.com/x").
  if (!hasScheme && !firstSegment.includes('.')) return null;
  const url = URL.parse(hasScheme ? raw : `https://${raw}`);
  if (!url || !/^(https?|git|ssh|git\+https|git\+ssh):$/.test(url.protocol))
    throw invalidParam(param, `${param} is not a URL the gateway can read.`);
  checkHost(url.hostname, param);
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => safeDecode(segment, param));
  // The API's own URLs (api.github.com/users/x, /repos/o/n/issues/1) are accepted as pasted.
  if (url.hostname.toLowerCase() === 'api.github.com') {
    if (segments[0] === 'users' || segments[0] === 'orgs' || segments[0] === 'repos') return segments.slice(1);
    throw invalidParam(param, `${param}: only api.github.com/users/..., /orgs/... and /repos/... URLs name something this endpoint reads.`);
  }
  return segments;
}

function checkHost(host: string, param: string): void {
  if (!ACCEPTED_INPUT_HOSTS.has(host.toLowerCase())) {
    throw invalidParam(param, `${param} must be on github.com (got a URL on ${host}).`);
  }
}

function safeDecode(segment: string, param: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidParam(param, `${param} has a malformed percent-encoding.`);
  }
}

function checkLogin(value: string, param: string): string {
  if (!LOGIN.test(value))
    throw invalidParam(param, `${param}: "${value.slice(0, 60)}" is not a GitHub login (letters, digits and hyphens, at most 39).`);
  return value.toLowerCase();
}

function checkRepoName(value: string, param: string): string {
  const name = value.replace(/\.git$/i, '');
  if (!REPO_NAME.test(name) || name === '.' || name === '..')
    throw invalidParam(param, `${param}: "${value.slice(0, 100)}" is not a repository name.`);
  return name.toLowerCase();
}

/** `login`, `@login`, `https://github.com/login`, `github.com/orgs/login`, `api.github.com/users/login`. */
export function parseLogin(raw: string, param = 'username'): string {
  const value = raw.trim();
  const segments = urlSegments(value, param);
  if (segments === null) return checkLogin(value.replace(/^@/, '').replace(/\/+$/, ''), param);
  const login = segments[0] === 'orgs' ? segments[1] : segments[0];
  if (login === undefined || RESERVED_PATHS.has(login.toLowerCase()))
    throw invalidParam(param, `${param}: the URL does not name an account (expected https://github.com/login).`);
  return checkLogin(login, param);
}

/**
 * `owner/name`, `owner/name.git`, and repository URLs with any tail (`/tree/main/src`,
 * `/issues`, `/pull/3`, a trailing slash).
 */
export function parseRepo(raw: string, param = 'repo'): RepoRef {
  const value = raw.trim();
  const fromUrl = urlSegments(value, param);
  // A pasted `owner/name#readme` or `owner/name?tab=x` keeps only the name.
  const segments =
    fromUrl ??
    value
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/');
  const [owner, name] = segments;
  if (owner === undefined || name === undefined || (fromUrl === null && segments.length !== 2) || RESERVED_PATHS.has(owner.toLowerCase())) {
    throw invalidParam(param, `${param}: expected owner/name or a repository URL such as https://github.com/owner/name.`);
  }
  return { owner: checkLogin(owner, param), name: checkRepoName(name, param) };
}

/** `owner/name#123`, issue and pull-request URLs (any tail, any fragment), and API issue URLs. */
export function parseIssue(raw: string, param = 'url'): IssueRef {
  const value = raw.trim();
  const short = /^([^/#\s]+)\/([^/#\s]+)#(\d+)$/.exec(value);
  if (short) {
    return { owner: checkLogin(short[1]!, param), name: checkRepoName(short[2]!, param), number: checkNumber(short[3]!, param) };
  }
  const segments = urlSegments(value, param);
  const [owner, name, kind, number] = segments ?? [];
  if (
    segments === null ||
    owner === undefined ||
    name === undefined ||
    number === undefined ||
    !['issues', 'pull', 'pulls'].includes(kind ?? '')
  ) {
    throw invalidParam(param, `${param}: expected an issue or pull-request URL (https://github.com/owner/name/issues/1) or owner/name#1.`);
  }
  return { owner: checkLogin(owner, param), name: checkRepoName(name, param), number: checkNumber(number, param) };
}

function checkNumber(value: string, param: string): number {
  if (!ISSUE_NUMBER.test(value)) throw invalidParam(param, `${param}: "${value.slice(0, 20)}" is not an issue number.`);
  const number = Number(value);
  if (number > 2_147_483_647) throw invalidParam(param, `${param}: the issue number is out of range.`);
  return number;
}

export const repoKey = (ref: RepoRef): string => `${ref.owner}/${ref.name}`;
export const issueKey = (ref: IssueRef): string => `${ref.owner}/${ref.name}#${ref.number}`;
