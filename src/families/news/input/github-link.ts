/**
 * `owner/name` when a story links to a repository on github.com (any tail: a tree, an issue, a
 * README anchor), else null. The site's own pages that are not repositories are not read as one.
 */

const NOT_OWNERS: ReadonlySet<string> = new Set([
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
  'login',
  'marketplace',
  'new',
  'notifications',
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
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const NAME = /^[A-Za-z0-9._-]{1,100}$/;

export function githubRepoOf(link: string | null): string | null {
  const url = link === null ? null : URL.parse(link);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (!['github.com', 'www.github.com'].includes(url.hostname.toLowerCase())) return null;
  const [owner, rawName] = url.pathname.split('/').filter((part) => part !== '');
  const name = rawName?.replace(/\.git$/i, '');
  if (!owner || !name || NOT_OWNERS.has(owner.toLowerCase()) || !OWNER.test(owner) || !NAME.test(name) || /^\.+$/.test(name)) return null;
  return `${owner}/${name}`;
}
