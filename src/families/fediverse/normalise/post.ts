import type { Post, PostType } from '../../../model/content.js';
import { makePost } from '../../../model/make.js';
import { FEDIVERSE_PLATFORM } from '../constants.js';
import type { Attachment, OriginalStatus, Status } from '../schemas/mastodon.js';
import { htmlToText } from './html-text.js';
import { count, fullAcct, text } from './values.js';

/** What raw says of each post beside the unified fields. */
export interface PostExtras {
  uri: string;
  /** The reblogger's full acct when the item is a reblog, else null. */
  rebloggedBy: string | null;
  sensitive: boolean | null;
  visibility: string | null;
  /** The poll as served, or null. */
  poll: Record<string, unknown> | null;
  /** The quoted status's uri, or null (also while the quote is pending). */
  quote: string | null;
}

const attachments = (status: OriginalStatus): Attachment[] =>
  (status.media_attachments ?? []).filter((each): each is Attachment => each !== null);

const SINGLE_TYPES: Readonly<Record<string, PostType>> = { image: 'image', video: 'video', gifv: 'video', audio: 'audio' };

function typeOf(media: Attachment[]): PostType {
  if (media.length === 0) return 'text';
  if (media.length > 1) return 'carousel';
  return SINGLE_TYPES[media[0]!.type ?? ''] ?? 'unknown';
}

function durationOf(media: Attachment[]): number | null {
  const only = media.length === 1 ? media[0]! : null;
  if (!only || !['video', 'gifv', 'audio'].includes(only.type ?? '')) return null;
  return only.meta?.original?.duration ?? null;
}

const unique = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => value !== null && value !== ''))];

/** The status a timeline item shows: a reblog's original, else itself. */
export const shownStatus = (status: Status): OriginalStatus => status.reblog ?? status;

/** A status as a Post; a reblog is read as its original. `host` is the instance that answered. */
export function statusToPost(status: Status | OriginalStatus, host: string, fetchedAt: string): Post {
  const shown: OriginalStatus = (status as Status).reblog ?? status;
  const media = attachments(shown);
  const author = fullAcct(shown.account.acct, host);
  return makePost({
    platform: FEDIVERSE_PLATFORM,
    id: shown.uri,
    type: typeOf(media),
    url: text(shown.url) ?? shown.uri,
    title: text(shown.spoiler_text),
    text: text(htmlToText(shown.content)),
    authorId: author,
    authorHandle: author,
    authorName: text(shown.account.display_name),
    thumbnailUrl: text(media[0]?.preview_url) ?? text(shown.card?.image),
    mediaUrls: unique(media.map((each) => text(each.url) ?? text(each.remote_url))),
    durationSeconds: durationOf(media),
    likeCount: count(shown.favourites_count),
    commentCount: count(shown.replies_count),
    shareCount: count(shown.reblogs_count),
    hashtags: unique((shown.tags ?? []).map((tag) => text(tag?.name))),
    mentions: unique((shown.mentions ?? []).map((mention) => (text(mention?.acct) === null ? null : fullAcct(mention!.acct!, host)))),
    publishedAt: text(shown.created_at),
    fetchedAt,
  });
}

export function postExtras(status: Status, host: string): PostExtras {
  const shown = shownStatus(status);
  return {
    uri: shown.uri,
    rebloggedBy: status.reblog ? fullAcct(status.account.acct, host) : null,
    sensitive: shown.sensitive ?? null,
    visibility: text(shown.visibility),
    poll: shown.poll ?? null,
    quote: text(shown.quote?.quoted_status?.uri),
  };
}
