import type { Comment } from '../../../model/content.js';
import { VIDEO_PLATFORM } from '../constants.js';
import { arrayAt, countOf, isObject, objectAt, stringAt, textOf, type Json } from './values.js';

/**
 * Top-level comments from a `next {continuation}` answer. Since 2024 a thread carries only keys
 * (`commentViewModel`); its text, author and counts are `commentEntityPayload` mutations in
 * `frameworkUpdates`, matched by key. Older answers carry a `commentRenderer` whole.
 */

export interface CommentExtras {
  id: string;
  hearted: boolean;
  edited: boolean;
  approximate: string[];
}

export interface CommentPage {
  comments: Comment[];
  extras: CommentExtras[];
  /** The header's count ("2,711 Comments"), on a first page. */
  total: number | null;
  /** The header's sort tokens, in menu order (Top, Newest). */
  sortTokens: string[];
  continuation: string | null;
  /** Whether the answer had any comments section at all (header, threads or a continuation). */
  recognised: boolean;
}

/** Every item list of the answer: a first page's reloads (header, body) and later pages' appends. */
function itemLists(answer: Json): unknown[][] {
  const lists: unknown[][] = [];
  for (const key of ['onResponseReceivedEndpoints', 'onResponseReceivedActions', 'onResponseReceivedCommands']) {
    for (const action of arrayAt(answer, key)) {
      const reload = objectAt(action, 'reloadContinuationItemsCommand') ?? objectAt(action, 'appendContinuationItemsAction');
      if (reload !== null) lists.push(arrayAt(reload, 'continuationItems'));
    }
  }
  return lists;
}

/** The entity payloads of the answer's mutations, by entity key. */
function payloadsByKey(answer: Json): Map<string, Json> {
  const byKey = new Map<string, Json>();
  for (const mutation of arrayAt(answer, 'frameworkUpdates', 'entityBatchUpdate', 'mutations')) {
    const key = stringAt(mutation, 'entityKey');
    const payload = objectAt(mutation, 'payload');
    if (key === null || payload === null) continue;
    const [value] = Object.values(payload);
    if (isObject(value)) byKey.set(key, value);
  }
  return byKey;
}

/** The count of a toolbar text ("1.2K", "348"; "" is none yet: 0). */
function toolbarCount(value: unknown): { value: number | null; approximate: boolean } {
  if (value === '') return { value: 0, approximate: false };
  return countOf(value);
}

const EDITED = /\s*\(edited\)\s*$/i;

export function readComments(answer: Json, videoId: string): CommentPage {
  const page: CommentPage = { comments: [], extras: [], total: null, sortTokens: [], continuation: null, recognised: false };
  const payloads = payloadsByKey(answer);
  for (const list of itemLists(answer)) {
    for (const item of list) {
      const header = objectAt(item, 'commentsHeaderRenderer');
      if (header !== null) {
        page.recognised = true;
        page.total = countOf(header.countText).value;
        page.sortTokens = arrayAt(header, 'sortMenu', 'sortFilterSubMenuRenderer', 'subMenuItems')
          .map((entry) => stringAt(entry, 'serviceEndpoint', 'continuationCommand', 'token'))
          .filter((token): token is string => token !== null);
        continue;
      }
      const token = stringAt(item, 'continuationItemRenderer', 'continuationEndpoint', 'continuationCommand', 'token');
      if (token !== null) {
        page.recognised = true;
        page.continuation ??= token;
        continue;
      }
      const thread = objectAt(item, 'commentThreadRenderer');
      if (thread === null) continue;
      page.recognised = true;
      const read = fromViewModel(thread, payloads, videoId) ?? fromRenderer(objectAt(thread, 'comment', 'commentRenderer'), videoId);
      if (read === null) continue;
      page.comments.push(read.comment);
      page.extras.push(read.extras);
    }
  }
  return page;
}

function comment(fields: Omit<Comment, 'platform' | 'postId' | 'parentId' | 'authorName'>, videoId: string): Comment {
  return { platform: VIDEO_PLATFORM, postId: videoId, parentId: null, authorName: null, ...fields };
}

function fromViewModel(thread: Json, payloads: Map<string, Json>, videoId: string) {
  const view = objectAt(thread, 'commentViewModel', 'commentViewModel');
  const key = stringAt(view, 'commentKey');
  const entity = key === null ? undefined : payloads.get(key);
  if (view === null || entity === undefined) return null;
  const properties = objectAt(entity, 'properties');
  const author = objectAt(entity, 'author');
  const toolbar = objectAt(entity, 'toolbar');
  const id = stringAt(view, 'commentId') ?? stringAt(properties, 'commentId');
  if (id === null) return null;
  const state = payloads.get(stringAt(view, 'toolbarStateKey') ?? stringAt(properties, 'toolbarStateKey') ?? '');
  const published = stringAt(properties, 'publishedTime');
  const likes = toolbarCount(toolbar?.likeCountNotliked);
  const replies = toolbarCount(toolbar?.replyCount);
  return {
    comment: comment(
      {
        id,
        text: textOf(objectAt(properties, 'content')) ?? '',
        authorId: stringAt(author, 'channelId'),
        authorHandle: stringAt(author, 'displayName')?.replace(/^@/, '') ?? null,
        authorAvatarUrl: stringAt(author, 'avatarThumbnailUrl'),
        likeCount: likes.value,
        replyCount: replies.value,
        isPinned: stringAt(view, 'pinnedText') !== null,
        isAuthorReply: author?.isCreator === true,
        publishedAt: published?.replace(EDITED, '') ?? null,
      },
      videoId,
    ),
    extras: {
      id,
      hearted: stringAt(state, 'heartState') === 'TOOLBAR_HEART_STATE_HEARTED',
      edited: published !== null && EDITED.test(published),
      approximate: [...(likes.approximate ? ['likeCount'] : []), ...(replies.approximate ? ['replyCount'] : [])],
    },
  };
}

/** The comment as answers before the entity mutations carried it. */
function fromRenderer(renderer: Json | null, videoId: string) {
  const id = stringAt(renderer, 'commentId');
  if (renderer === null || id === null) return null;
  const published = textOf(renderer.publishedTimeText);
  const likes = toolbarCount(textOf(renderer.voteCount) ?? '');
  const replyCount = typeof renderer.replyCount === 'number' ? renderer.replyCount : 0;
  return {
    comment: comment(
      {
        id,
        text: textOf(renderer.contentText) ?? '',
        authorId: stringAt(renderer, 'authorEndpoint', 'browseEndpoint', 'browseId'),
        authorHandle: textOf(renderer.authorText)?.replace(/^@/, '') ?? null,
        authorAvatarUrl: stringAt(arrayAt(renderer, 'authorThumbnail', 'thumbnails').at(-1), 'url'),
        likeCount: likes.value,
        replyCount,
        isPinned: isObject(renderer.pinnedCommentBadge),
        isAuthorReply: renderer.authorIsChannelOwner === true,
        publishedAt: published?.replace(EDITED, '') ?? null,
      },
      videoId,
    ),
    extras: {
      id,
      hearted: isObject(renderer.actionButtons) && JSON.stringify(renderer.actionButtons).includes('creatorHeartRenderer'),
      edited: published !== null && EDITED.test(published),
      approximate: likes.approximate ? ['likeCount'] : [],
    },
  };
}
