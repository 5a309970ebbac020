import type { Post } from '../../../model/content.js';
import { makePost } from '../../../model/make.js';
import { NEWS_PLATFORM, itemWebUrl } from '../constants.js';
import type { AlgoliaHit } from '../schemas/algolia.js';
import type { FirebaseItem } from '../schemas/firebase.js';
import { htmlToText } from './html-text.js';
import { isoFromUnix, linkOrNull, textOrNull } from './values.js';

/** What an item is: the item `type`, with stories told apart by HN Search's own title rule. */
export type ItemKind = 'story' | 'ask' | 'show' | 'job' | 'poll' | 'pollopt' | 'comment' | 'unknown';

const KINDS: ReadonlySet<string> = new Set(['story', 'job', 'poll', 'pollopt', 'comment']);
const ALGOLIA_TAG_KINDS: Readonly<Record<string, ItemKind>> = { ask_hn: 'ask', show_hn: 'show' };

export function kindOf(type: string | null | undefined, title: string | null | undefined): ItemKind {
  const kind = type !== null && type !== undefined && KINDS.has(type) ? (type as ItemKind) : 'unknown';
  if (kind !== 'story' || !title) return kind;
  if (/^ask hn\b/i.test(title)) return 'ask';
  if (/^show hn\b/i.test(title)) return 'show';
  return kind;
}

/** A hit's kind from its tags (the first names the item type), with the same title rule. */
function hitKind(hit: AlgoliaHit): ItemKind {
  const tags = hit._tags ?? [];
  for (const tag of tags) if (ALGOLIA_TAG_KINDS[tag]) return ALGOLIA_TAG_KINDS[tag];
  return kindOf(tags[0] ?? (hit.comment_text ? 'comment' : 'story'), hit.title);
}

interface PostFields {
  id: string;
  link: string | null;
  title: string | null;
  html: string | null | undefined;
  author: string | null;
  likes: number | null;
  comments: number | null;
  time: number | null;
  isComment: boolean;
}

function toPost(fields: PostFields, fetchedAt: string): Post {
  return makePost({
    platform: NEWS_PLATFORM,
    id: fields.id,
    type: fields.link === null ? 'text' : 'unknown',
    url: itemWebUrl(fields.id),
    linkUrl: fields.link,
    title: fields.isComment ? null : fields.title,
    text: htmlToText(fields.html),
    authorId: fields.author,
    authorHandle: fields.author,
    likeCount: fields.likes,
    commentCount: fields.comments,
    publishedAt: isoFromUnix(fields.time),
    fetchedAt,
  });
}

/** A Firebase item of any kind as a Post; raw extras beside it. */
export function itemToPost(item: FirebaseItem, fetchedAt: string): Post {
  const kind = kindOf(item.type, item.title);
  return toPost(
    {
      id: String(item.id),
      link: linkOrNull(item.url),
      title: textOrNull(item.title),
      html: item.text,
      author: textOrNull(item.by),
      likes: item.score ?? null,
      comments: item.descendants ?? null,
      time: item.time ?? null,
      isComment: kind === 'comment' || kind === 'pollopt',
    },
    fetchedAt,
  );
}

/** What raw keeps of a Firebase item: its kind, link and the ids the Post has no place for. */
export function itemExtras(item: FirebaseItem): Record<string, unknown> {
  const kind = kindOf(item.type, item.title);
  return {
    id: String(item.id),
    kind,
    link: linkOrNull(item.url),
    ...(kind === 'poll' ? { parts: item.parts } : {}),
    ...(item.poll !== null ? { poll: item.poll } : {}),
    ...(item.parent !== null ? { parent: item.parent } : {}),
    kidCount: item.kids.length,
    ...(item.dead ? { dead: true } : {}),
  };
}

/** A search hit (a story, comment or poll) as a Post. */
export function hitToPost(hit: AlgoliaHit, fetchedAt: string): Post {
  const kind = hitKind(hit);
  const isComment = kind === 'comment' || kind === 'pollopt';
  return toPost(
    {
      id: hit.objectID,
      link: isComment ? null : linkOrNull(hit.url),
      title: textOrNull(hit.title),
      html: textOrNull(hit.comment_text) ?? hit.story_text,
      author: textOrNull(hit.author),
      likes: hit.points ?? null,
      comments: isComment ? null : (hit.num_comments ?? null),
      time: hit.created_at_i ?? unixOf(hit.created_at),
      isComment,
    },
    fetchedAt,
  );
}

/** What raw keeps of a hit: kind, link, and for a comment its story and parent. */
export function hitExtras(hit: AlgoliaHit): Record<string, unknown> {
  const kind = hitKind(hit);
  const isComment = kind === 'comment';
  return {
    id: hit.objectID,
    kind,
    link: isComment ? null : linkOrNull(hit.url),
    ...(isComment
      ? {
          parent: hit.parent_id ?? null,
          storyId: hit.story_id ?? null,
          storyTitle: textOrNull(hit.story_title),
          storyUrl: linkOrNull(hit.story_url),
        }
      : {}),
  };
}

function unixOf(iso: string | null | undefined): number | null {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}
