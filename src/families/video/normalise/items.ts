import type { Post } from '../../../model/content.js';
import { makePost } from '../../../model/make.js';
import { VIDEO_PLATFORM } from '../constants.js';
import { watchUrlOf } from '../input/refs.js';
import {
  arrayAt,
  clockSeconds,
  countOf,
  handleOfPath,
  hashtagsOf,
  isObject,
  objectAt,
  stringAt,
  textOf,
  widestImage,
  type Json,
  type ReadCount,
} from './values.js';

/**
 * Videos in lists (a channel's tabs, search results) in each shape the platform has used:
 * `videoRenderer`, `gridVideoRenderer` (2021 grids), `lockupViewModel` and `shortsLockupViewModel`
 * (2026). Shelves, channels, playlists and ads are skipped and counted by kind.
 */

/** Per item of a list: what raw says of it beside the Post. */
export interface ItemExtras {
  id: string;
  approximate: string[];
}

export interface ItemPage {
  posts: Post[];
  extras: ItemExtras[];
  skipped: Record<string, number>;
  continuation: string | null;
}

/** Containers walked into; anything deeper is not a list item. */
const MAX_NESTING = 6;

/** Reads a list of renderers (a grid, a section, a continuation's items) into Posts. */
export function readItems(entries: readonly unknown[], fetchedAt: string, owner: ListOwner = {}): ItemPage {
  const page: ItemPage = { posts: [], extras: [], skipped: {}, continuation: null };
  walk(entries, page, fetchedAt, owner, 0);
  return page;
}

/** The channel whose tab is read: list items of a channel name no owner of their own. */
export interface ListOwner {
  authorId?: string | null;
  authorName?: string | null;
  authorHandle?: string | null;
}

function walk(entries: readonly unknown[], page: ItemPage, fetchedAt: string, owner: ListOwner, depth: number): void {
  for (const entry of entries) {
    if (!isObject(entry)) continue;
    const [kind, value] = Object.entries(entry)[0] ?? [];
    if (kind === undefined || !isObject(value)) continue;
    if (kind === 'continuationItemRenderer') {
      page.continuation ??= stringAt(value, 'continuationEndpoint', 'continuationCommand', 'token');
      continue;
    }
    const nested = nestedEntries(kind, value);
    if (nested !== null) {
      if (depth < MAX_NESTING) walk(nested, page, fetchedAt, owner, depth + 1);
      continue;
    }
    const read = readItem(kind, value, fetchedAt, owner);
    if (read === null) {
      page.skipped[kind] = (page.skipped[kind] ?? 0) + 1;
      continue;
    }
    page.posts.push(read.post);
    page.extras.push({ id: read.post.id, approximate: read.approximate });
  }
}

/** The entries a container holds (a rich item's content, a section's, a grid's), or null for an item. */
function nestedEntries(kind: string, value: Json): unknown[] | null {
  if (kind === 'richItemRenderer') return [value.content];
  if (kind === 'itemSectionRenderer') return arrayAt(value, 'contents');
  if (kind === 'gridRenderer') return arrayAt(value, 'items');
  if (kind === 'richGridRenderer' || kind === 'sectionListRenderer') return arrayAt(value, 'contents');
  return null;
}

function readItem(kind: string, value: Json, fetchedAt: string, owner: ListOwner): { post: Post; approximate: string[] } | null {
  if (kind === 'videoRenderer' || kind === 'gridVideoRenderer') return fromVideoRenderer(value, fetchedAt, owner);
  if (kind === 'lockupViewModel') return fromLockup(value, fetchedAt, owner);
  if (kind === 'shortsLockupViewModel') return fromShortsLockup(value, fetchedAt, owner);
  return null;
}

interface ItemFields {
  id: string;
  type: Post['type'];
  title: string | null;
  text: string | null;
  views: ReadCount;
  duration: number | null;
  published: string | null;
  thumbnail: string | null;
  authorId: string | null;
  authorName: string | null;
  authorHandle: string | null;
}

function itemPost(fields: ItemFields, fetchedAt: string): { post: Post; approximate: string[] } {
  const post: Post = makePost({
    platform: VIDEO_PLATFORM,
    id: fields.id,
    type: fields.type,
    url: watchUrlOf(fields.id, fields.type === 'short'),
    title: fields.title,
    text: fields.text,
    authorId: fields.authorId,
    authorHandle: fields.authorHandle,
    authorName: fields.authorName,
    thumbnailUrl: fields.thumbnail,
    durationSeconds: fields.duration,
    viewCount: fields.views.value,
    hashtags: hashtagsOf(fields.title, fields.text),
    publishedAt: fields.published,
    fetchedAt,
  });
  return { post, approximate: fields.views.approximate && fields.views.value !== null ? ['viewCount'] : [] };
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** LIVE or UPCOMING marked on a badge or a thumbnail overlay. */
function isLiveMarked(value: Json): boolean {
  const text = JSON.stringify([value.badges ?? null, value.thumbnailOverlays ?? null]).slice(0, 20_000);
  return (
    /BADGE_STYLE_TYPE_LIVE_NOW|"style":"(?:LIVE|UPCOMING)"|THUMBNAIL_OVERLAY_BADGE_STYLE_LIVE/.test(text) ||
    isObject(value.upcomingEventData)
  );
}

function fromVideoRenderer(value: Json, fetchedAt: string, owner: ListOwner) {
  const id = stringAt(value, 'videoId');
  if (id === null || !VIDEO_ID.test(id)) return null;
  const byline = arrayAt(value, 'ownerText', 'runs')[0] ?? arrayAt(value, 'shortBylineText', 'runs')[0];
  const overlayTime = arrayAt(value, 'thumbnailOverlays')
    .map((overlay) => textOf(objectAt(overlay, 'thumbnailOverlayTimeStatusRenderer', 'text')))
    .find((text) => text !== null);
  const views = countOf(value.viewCountText);
  return itemPost(
    {
      id,
      type: isLiveMarked(value) ? 'live' : 'video',
      title: textOf(value.title),
      text: textOf(value.descriptionSnippet) ?? textOf(objectAt(arrayAt(value, 'detailedMetadataSnippets')[0], 'snippetText')),
      views,
      duration: clockSeconds(textOf(value.lengthText) ?? overlayTime ?? null),
      published: textOf(value.publishedTimeText),
      thumbnail: widestImage(objectAt(value, 'thumbnail')),
      authorId: stringAt(byline, 'navigationEndpoint', 'browseEndpoint', 'browseId') ?? owner.authorId ?? null,
      authorName: textOf(value.ownerText) ?? textOf(value.shortBylineText) ?? owner.authorName ?? null,
      authorHandle:
        byline === undefined
          ? (owner.authorHandle ?? null)
          : handleOfPath(stringAt(byline, 'navigationEndpoint', 'browseEndpoint', 'canonicalBaseUrl')),
    },
    fetchedAt,
  );
}

function fromLockup(value: Json, fetchedAt: string, owner: ListOwner) {
  const id = stringAt(value, 'contentId');
  const type = stringAt(value, 'contentType');
  if (id === null || !VIDEO_ID.test(id) || (type !== null && type !== 'LOCKUP_CONTENT_TYPE_VIDEO')) return null;
  const metadata = objectAt(value, 'metadata', 'lockupMetadataViewModel');
  const parts = arrayAt(metadata, 'metadata', 'contentMetadataViewModel', 'metadataRows').flatMap((row) =>
    arrayAt(row, 'metadataParts').map((part) => textOf(objectAt(part, 'text'))),
  );
  const viewsText = parts.find((part) => part !== null && /\bviews?\b|watching/i.test(part)) ?? null;
  const published = parts.find((part) => part !== null && /\bago\b|^streamed|^premiere/i.test(part)) ?? null;
  const badges = arrayAt(value, 'contentImage', 'thumbnailViewModel', 'overlays').flatMap((overlay) =>
    arrayAt(overlay, 'thumbnailBottomOverlayViewModel', 'badges').map((badge) => objectAt(badge, 'thumbnailBadgeViewModel')),
  );
  const clock = badges.map((badge) => stringAt(badge, 'text')).find((text) => text !== null && clockSeconds(text) !== null) ?? null;
  const live = badges.some(
    (badge) => /LIVE|UPCOMING/.test(stringAt(badge, 'badgeStyle') ?? '') || /^(LIVE|UPCOMING)$/i.test(stringAt(badge, 'text') ?? ''),
  );
  return itemPost(
    {
      id,
      type: live ? 'live' : 'video',
      title: textOf(objectAt(metadata, 'title')),
      text: null,
      views: countOf(viewsText),
      duration: clockSeconds(clock),
      published,
      thumbnail: widestImage(objectAt(value, 'contentImage', 'thumbnailViewModel', 'image')),
      authorId: owner.authorId ?? null,
      authorName: owner.authorName ?? null,
      authorHandle: owner.authorHandle ?? null,
    },
    fetchedAt,
  );
}

function fromShortsLockup(value: Json, fetchedAt: string, owner: ListOwner) {
  const id =
    stringAt(value, 'onTap', 'innertubeCommand', 'reelWatchEndpoint', 'videoId') ??
    /^shorts-shelf-item-([A-Za-z0-9_-]{11})$/.exec(stringAt(value, 'entityId') ?? '')?.[1] ??
    null;
  if (id === null || !VIDEO_ID.test(id)) return null;
  return itemPost(
    {
      id,
      type: 'short',
      title: textOf(objectAt(value, 'overlayMetadata', 'primaryText')),
      text: null,
      views: countOf(objectAt(value, 'overlayMetadata', 'secondaryText')),
      duration: null,
      published: null,
      thumbnail: widestImage(objectAt(value, 'thumbnailViewModel', 'thumbnailViewModel', 'image')),
      authorId: owner.authorId ?? null,
      authorName: owner.authorName ?? null,
      authorHandle: owner.authorHandle ?? null,
    },
    fetchedAt,
  );
}
