/**
 * Reads caller input that may be a Reddit URL, a host-less Reddit path (`r/x`, `/u/y`,
 * `/r/x/comments/id`) or plain text (an id or a name).
 */

export type HostKind = 'reddit' | 'short' | 'video';

/** A Reddit URL reduced to what identifies its target. */
export interface RedditLocation {
  hostKind: HostKind;
  /** Non-empty path segments, decoded, in order. */
  segments: string[];
}

/** How a caller's value reads: a Reddit location, plain text, or a URL of some other site. */
export type RedditInput = { kind: 'location'; location: RedditLocation } | { kind: 'text'; text: string } | { kind: 'foreign' };

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const SCHEMELESS_HOST = /^(?:[a-z0-9-]+\.)*(?:reddit\.com|redd\.it)(?:[/?#:]|$)/i;
/** Host-less paths people paste: r/x, /r/x, u/x, /u/x, /user/x, /comments/id. */
const BARE_PATH = /^\/|^(?:r|u|user|comments)\//i;

function hostKindOf(host: string): HostKind | null {
  const lower = host.toLowerCase();
  if (lower === 'reddit.com' || lower.endsWith('.reddit.com')) return 'reddit';
  if (lower === 'redd.it') return 'short';
  if (lower === 'v.redd.it') return 'video';
  return null;
}

function segmentsOf(url: URL): string[] | null {
  try {
    return url.pathname
      .split('/')
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part));
  } catch {
    return null; // malformed percent-encoding
  }
}

/**
 * Classifies input. `foreign` means a URL whose scheme or host is not Reddit's: callers
 * reject it rather than guessing what it names.
 */
export function readRedditInput(raw: string): RedditInput {
  const text = raw.trim();
  let url: URL | null = null;
  try {
    if (SCHEME.test(text)) url = new URL(text);
    else if (SCHEMELESS_HOST.test(text)) url = new URL(`https://${text}`);
    else if (BARE_PATH.test(text)) url = new URL(text.startsWith('/') ? text : `/${text}`, 'https://www.reddit.com');
  } catch {
    return { kind: 'foreign' };
  }
  if (url === null) return { kind: 'text', text };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'foreign' };
  const hostKind = hostKindOf(url.hostname);
  const segments = segmentsOf(url);
  if (hostKind === null || segments === null) return { kind: 'foreign' };
  return { kind: 'location', location: { hostKind, segments } };
}
