import { createHash } from 'node:crypto';

/**
 * Synthetic AppView views in the recorded shape (lexicon app.bsky.*), for the demo world and the
 * family's tests. Every account lives under example.com/.test names; DIDs are derived from
 * handles so a test can name either.
 */

export type Json = Record<string, unknown>;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const handles = new Map<string, string>();

/** The did:plc of a synthetic handle (24 base32 characters from its hash); remembered for the reverse lookup. */
export function didFor(handle: string): string {
  const digest = createHash('sha256').update(handle).digest();
  const did = `did:plc:${Array.from(digest.subarray(0, 24), (byte) => BASE32[byte % 32]).join('')}`;
  handles.set(did, handle);
  return did;
}

/** The handle a synthetic DID was made from (undefined for one never made here). */
export const handleFor = (did: string): string | undefined => handles.get(did);

export const OPT_OUT = '!no-unauthenticated';

export interface ProfileOptions {
  optedOut?: boolean;
  detailed?: boolean;
  displayName?: string;
  verified?: boolean;
  labeler?: boolean;
}

/** A profile view; `detailed` adds the counts only getProfile carries. */
export function profileView(handle: string, options: ProfileOptions = {}): Json {
  const did = didFor(handle);
  return {
    did,
    handle,
    displayName: options.displayName ?? `${handle.split('.')[0]} person`,
    avatar: `https://cdn.bsky.app/img/avatar/plain/${did}/bafkavatar@jpeg`,
    ...(options.labeler ? { associated: { labeler: true } } : { associated: { chat: { allowIncoming: 'all' } } }),
    labels: options.optedOut
      ? [{ src: did, uri: `at://${did}/app.bsky.actor.profile/self`, cid: 'bafyself', val: OPT_OUT, cts: '1970-01-01T00:00:00.000Z' }]
      : [],
    createdAt: '2023-09-16T14:46:25.089Z',
    ...(options.verified ? { verification: { verifications: [], verifiedStatus: 'valid', trustedVerifierStatus: 'none' } } : {}),
    ...(options.detailed
      ? {
          description: `About ${handle}`,
          banner: `https://cdn.bsky.app/img/banner/plain/${did}/bafkbanner@jpeg`,
          followersCount: 120,
          followsCount: 45,
          postsCount: 9,
          pinnedPost: { uri: `at://${did}/app.bsky.feed.post/pinned1`, cid: 'bafypin' },
        }
      : {}),
  };
}

export const postUri = (handle: string, rkey: string): string => `at://${didFor(handle)}/app.bsky.feed.post/${rkey}`;

export interface PostOptions {
  text?: string;
  facets?: Json[];
  embed?: Json;
  replyCount?: number;
  author?: Json;
  langs?: string[];
  createdAt?: string;
}

/** A post view by `handle` (its author view given, or a plain one). */
export function postView(handle: string, rkey: string, options: PostOptions = {}): Json {
  return {
    uri: postUri(handle, rkey),
    cid: `bafy${rkey}`,
    author: options.author ?? profileView(handle),
    record: {
      $type: 'app.bsky.feed.post',
      createdAt: options.createdAt ?? '2026-04-01T10:00:00.000Z',
      langs: options.langs ?? ['en'],
      text: options.text ?? `post ${rkey} by ${handle}`,
      ...(options.facets ? { facets: options.facets } : {}),
    },
    ...(options.embed ? { embed: options.embed } : {}),
    replyCount: options.replyCount ?? 0,
    repostCount: 2,
    likeCount: 7,
    quoteCount: 0,
    indexedAt: '2026-04-01T10:00:01.000Z',
    labels: [],
  };
}

/** A feed item: the post, and a repost or pin reason. */
export function feedItem(post: Json, reason?: { repostBy?: Json; pin?: boolean }): Json {
  if (reason?.repostBy)
    return { post, reason: { $type: 'app.bsky.feed.defs#reasonRepost', by: reason.repostBy, indexedAt: '2026-04-01T11:00:00.000Z' } };
  if (reason?.pin) return { post, reason: { $type: 'app.bsky.feed.defs#reasonPin' } };
  return { post };
}

export const threadNode = (post: Json, replies: Json[] = []): Json => ({ $type: 'app.bsky.feed.defs#threadViewPost', post, replies });
export const notFoundNode = (uri: string): Json => ({ $type: 'app.bsky.feed.defs#notFoundPost', uri, notFound: true });
export const blockedNode = (uri: string, handle: string): Json => ({
  $type: 'app.bsky.feed.defs#blockedPost',
  uri,
  blocked: true,
  author: { did: didFor(handle) },
});

/** Images embed view of `count` images. */
export const imagesEmbed = (count: number): Json => ({
  $type: 'app.bsky.embed.images#view',
  images: Array.from({ length: count }, (_unused, index) => ({
    thumb: `https://cdn.bsky.app/img/feed_thumbnail/plain/img${index}@jpeg`,
    fullsize: `https://cdn.bsky.app/img/feed_fullsize/plain/img${index}@jpeg`,
    alt: '',
  })),
});

/** A quote of `quoted` (a post view), as the record embed view shows it. */
export const quoteEmbed = (quoted: Json): Json => ({
  $type: 'app.bsky.embed.record#view',
  record: { $type: 'app.bsky.embed.record#viewRecord', uri: quoted.uri, cid: quoted.cid, author: quoted.author, value: quoted.record },
});

/** A facet over [start, end) UTF-8 bytes of `text`'s substring `covered` (found by string search, converted to bytes). */
export function facetOver(text: string, covered: string, feature: Json): Json {
  const at = text.indexOf(covered);
  if (at < 0) throw new Error(`${covered} is not in the text`);
  const byteStart = Buffer.byteLength(text.slice(0, at), 'utf8');
  return { index: { byteStart, byteEnd: byteStart + Buffer.byteLength(covered, 'utf8') }, features: [feature] };
}
