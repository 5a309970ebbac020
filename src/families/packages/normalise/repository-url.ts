import { text } from './values.js';

/**
 * Repository URLs as `https://HOST/OWNER/NAME`, from every form the registries carry:
 * `git+https://…git`, `git://…`, `ssh://git@…`, `git@host:owner/name`, the `github:`, `gitlab:`
 * and `bitbucket:` shorthands, and a bare `owner/name` (GitHub). Trailing `.git`, `/` and any
 * `#fragment` are dropped. Anything else that is an http(s) URL is kept as given (trimmed);
 * anything unreadable is null.
 */

const CODE_HOSTS: ReadonlySet<string> = new Set(['github.com', 'gitlab.com', 'bitbucket.org']);
const SHORTHAND_HOSTS: Readonly<Record<string, string>> = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };
const OWNER_NAME = /^[\w.-]+\/[\w.-]+$/;

export function normaliseRepositoryUrl(value: unknown): string | null {
  let raw = text(value);
  if (raw === null) return null;
  raw = raw.replace(/#.*$/, '');
  const shorthand = /^(github|gitlab|bitbucket):([\w.-]+\/[\w.-]+)$/i.exec(raw);
  if (shorthand) return tidy(`https://${SHORTHAND_HOSTS[shorthand[1]!.toLowerCase()]}/${shorthand[2]}`);
  if (OWNER_NAME.test(raw)) return tidy(`https://github.com/${raw}`);
  const scp = /^(?:[\w.-]+@)?([\w.-]+\.[a-z]{2,}):(?!\/\/)(.+)$/i.exec(raw);
  if (scp && !/^https?$/i.test(scp[1]!)) return tidy(`https://${scp[1]}/${scp[2]}`);
  const url = URL.parse(raw.replace(/^git\+/i, ''));
  if (!url || !['https:', 'http:', 'git:', 'ssh:', 'git+ssh:'].includes(url.protocol)) return null;
  const host = url.hostname.toLowerCase();
  if (host === '') return null;
  return tidy(`https://${host}${url.pathname}`);
}

/** The URL when it is the home of a repository on a code host (a PyPI homepage often is). */
export function codeHostRepository(value: unknown): string | null {
  const url = normaliseRepositoryUrl(value);
  if (url === null) return null;
  const parsed = URL.parse(url);
  const host = parsed?.hostname.replace(/^www\./, '') ?? '';
  return CODE_HOSTS.has(host) && /^\/[^/]+\/[^/]+$/.test(parsed!.pathname) ? `https://${host}${parsed!.pathname}` : null;
}

function tidy(url: string): string {
  const withoutTail = url
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .replace(/\/+$/, '');
  const parsed = URL.parse(withoutTail);
  if (!parsed) return withoutTail;
  const host = parsed.hostname.replace(/^www\./, '');
  // On a code host only OWNER/NAME names the repository; deeper paths (/tree/main/pkg) are views of it.
  if (CODE_HOSTS.has(host)) {
    const [owner, name] = parsed.pathname.split('/').filter((segment) => segment !== '');
    if (owner !== undefined && name !== undefined) return `https://${host}/${owner}/${name.replace(/\.git$/i, '')}`;
  }
  return `https://${parsed.host}${parsed.pathname}`.replace(/\/+$/, '');
}
