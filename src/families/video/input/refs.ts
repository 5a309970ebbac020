import { invalidParam } from '../../../errors.js';
import { NO_COOKIE_HOST, SHORT_LINK_HOST, SITE_HOSTS, VIDEO_ORIGIN } from '../constants.js';

/**
 * The caller's video and channel references, read strictly: anything that is not one of the
 * accepted forms is refused before any request, naming the parameter.
 */

/** The longest reference read at all (a URL with tracking parameters fits easily). */
export const MAX_REF_LENGTH = 2048;

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const HANDLE = /^[A-Za-z0-9._-]{3,30}$/;
const SITE: ReadonlySet<string> = new Set(SITE_HOSTS);
/** Path prefixes whose next segment is a video id. */
const VIDEO_PATHS: ReadonlySet<string> = new Set(['shorts', 'live', 'embed', 'v']);

export const VIDEO_FORMS =
  'url: an 11-character video id, or a URL (scheme optional) on youtube.com, www. or m.: /watch?v=ID, /shorts/ID, /live/ID, /embed/ID, /v/ID; youtu.be/ID; www.youtube-nocookie.com/embed/ID';
export const CHANNEL_FORMS =
  'handle: @name or name (3-30 of letters, digits, . _ -), a channel id UC + 22 characters, or a URL (scheme optional, www. or m.) youtube.com/@name, /channel/UC…, /c/name or /user/name, with any tail';

const isVideoId = (value: string): boolean => VIDEO_ID.test(value);
export const isChannelId = (value: string): boolean => CHANNEL_ID.test(value);

/** A URL with its scheme made explicit; null when it does not parse or is not http(s). */
function urlOf(value: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  const url = URL.parse(withScheme);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') return null;
  return url;
}

function segmentsOf(url: URL): string[] {
  return url.pathname.split('/').filter((segment) => segment !== '');
}

/** The video id a watch, short, live, embed or short-link URL names, or null. */
export function videoIdOfUrl(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = segmentsOf(url);
  if (host === SHORT_LINK_HOST) return segments.length === 1 && isVideoId(segments[0]!) ? segments[0]! : null;
  if (host === NO_COOKIE_HOST) return segments.length === 2 && segments[0] === 'embed' && isVideoId(segments[1]!) ? segments[1]! : null;
  if (!SITE.has(host)) return null;
  if (segments.length === 1 && segments[0] === 'watch') {
    const id = url.searchParams.get('v');
    return id !== null && isVideoId(id) ? id : null;
  }
  if (segments.length === 2 && VIDEO_PATHS.has(segments[0]!) && isVideoId(segments[1]!)) return segments[1]!;
  return null;
}

/** The 11-character id of a video reference; invalid_request naming `param` otherwise. */
export function parseVideoRef(value: string, param: string): string {
  const text = value.trim();
  if (text.length > MAX_REF_LENGTH) throw invalidParam(param, `${param} is too long.`);
  if (isVideoId(text)) return text;
  const url = urlOf(text);
  const id = url === null ? null : videoIdOfUrl(url);
  if (id === null) throw invalidParam(param, `${param} must be a YouTube video id or video URL (${VIDEO_FORMS}).`);
  return id;
}

/**
 * A channel reference in its canonical spelling: a channel id `UC…` (browsed directly), or the
 * page path resolve_url reads: `@name` (lower case: handles ignore case), `c/Name` or `user/Name`.
 */
export type ChannelRef = string;

/** The channel a youtube.com URL's path names (any tail after it ignored), or null. */
export function channelOfUrl(url: URL): ChannelRef | null {
  if (!SITE.has(url.hostname.toLowerCase())) return null;
  const [first = '', second = ''] = segmentsOf(url).map((segment) => safeDecode(segment));
  if (first.startsWith('@') && HANDLE.test(first.slice(1))) return first.toLowerCase();
  if (first === 'channel' && isChannelId(second)) return second;
  if ((first === 'c' || first === 'user') && HANDLE.test(second)) return `${first}/${second}`;
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A channel reference's canonical form; invalid_request naming `param` otherwise. */
export function parseChannelRef(value: string, param: string): ChannelRef {
  const text = value.trim();
  if (text.length > MAX_REF_LENGTH) throw invalidParam(param, `${param} is too long.`);
  if (isChannelId(text)) return text;
  if (!text.includes('/')) {
    const bare = text.startsWith('@') ? text.slice(1) : text;
    if (HANDLE.test(bare)) return `@${bare.toLowerCase()}`;
  } else {
    const url = urlOf(text);
    const channel = url === null ? null : channelOfUrl(url);
    if (channel !== null) return channel;
  }
  throw invalidParam(param, `${param} must be a YouTube channel handle, id or URL (${CHANNEL_FORMS}).`);
}

/** The page resolve_url is asked about for a channel reference that is not an id. */
export const resolvableUrlOf = (channel: ChannelRef): string => `${VIDEO_ORIGIN}/${channel}`;

/** The canonical watch page of a video (its shorts page for a short). */
export const watchUrlOf = (id: string, short = false): string => (short ? `${VIDEO_ORIGIN}/shorts/${id}` : `${VIDEO_ORIGIN}/watch?v=${id}`);
