import { z } from 'zod';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { FetchContext, ListResult } from '../../../catalogue/results.js';
import { GatewayError } from '../../../errors.js';
import type { Comment } from '../../../model/content.js';
import { algoliaThread, flattenAlgoliaTree } from '../normalise/algolia-tree.js';
import { placedToComment, placement, type PlacedNode, type ThreadContext } from '../normalise/comments.js';
import { kindOf } from '../normalise/post.js';
import { algoliaNodeSchema } from '../schemas/algolia.js';
import { getTree, treeUrl } from '../upstream/algolia.js';
import { getItem, itemUrl as firebaseItemUrl } from '../upstream/firebase.js';
import { walkFirebase } from '../upstream/firebase-walk.js';
import { removedReason } from './item.js';
import { canonicalItem, commentDepth, commentLimit, ITEM_CONSTRAINT, itemId, itemUrl } from './params.js';
import { parseShape } from '../../../upstream/json-body.js';

const params = z.object({ id: itemId, url: itemUrl, depth: commentDepth, limit: commentLimit });

interface Thread {
  via: 'algolia' | 'firebase';
  url: string;
  context: ThreadContext;
  placed: PlacedNode[];
  hasMore: boolean;
  extra: Record<string, unknown>;
}

/** The empty page of an item without comments, or one that is gone. */
const emptyThread = (raw: Record<string, unknown>, reason: string): ListResult<Comment> => emptyListResult(reason, raw);

/** A failure that means HN Search could not answer in time (the walk takes over), not a refusal. */
const isTimeout = (error: unknown): boolean => error instanceof GatewayError && error.code === 'upstream_timeout';

async function fromAlgolia(
  ctx: FetchContext,
  id: string,
  depth: number,
  limit: number,
): Promise<Thread | { unavailable: number | 'timeout' }> {
  let tree;
  try {
    tree = await getTree(ctx, id);
  } catch (error) {
    if (isTimeout(error)) return { unavailable: 'timeout' };
    throw error;
  }
  if (tree.kind === 'unavailable') return { unavailable: tree.status };
  const root = parseShape(algoliaNodeSchema, tree.payload, 'item tree');
  const thread = algoliaThread(root);
  const { placed, hasMore } = flattenAlgoliaTree(root, thread.rootIsPost, depth, limit);
  return {
    via: 'algolia',
    url: treeUrl(id),
    context: thread,
    placed,
    hasMore,
    extra: { kind: kindOf(root.type, root.title), payload: tree.payload },
  };
}

/** GET /v1/news/item/comments */
export const newsItemCommentsEndpoint = defineEndpoint({
  path: '/v1/news/item/comments',
  summary: 'The comment tree of a Hacker News story, poll or comment, in reading order',
  description: [
    'Returns data.items: Comment[] depth-first (each reply right after its parent), siblings in the order HN Search ranks them (by points); parentId is null for a direct reply to the story.',
    'raw.comments[i] gives each comment\'s depth (1 = a direct reply) and whether it was removed: a deleted or dead comment stays as a placeholder (text "", no author) so its replies keep their parent.',
    'One HN Search request reads the whole tree; when HN Search does not have the item, the official API is walked instead (raw.via firebase). Deeper than depth or past limit is left out, and hasMore says so.',
    'An item without comments is an empty result (meta.reason no_comments); a missing, deleted or dead item has meta.reason not_found, deleted or dead. None is charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: ITEM_CONSTRAINT }),
  returns: { kind: 'list', type: 'Comment' },
  raw: z.object({
    comments: z.array(z.looseObject({})).describe('per comment: its depth and whether it was removed'),
    via: z.string().describe('algolia, or firebase when the official API was walked'),
  }),
  normaliseParams: canonicalItem,
  async fetch(input, ctx): Promise<ListResult<Comment>> {
    const id = input.id!;
    const answered = await fromAlgolia(ctx, id, input.depth, input.limit);
    let thread: Thread;
    if ('unavailable' in answered) {
      const fallbackFrom = answered.unavailable;
      const url = firebaseItemUrl(id);
      const { item, payload } = await getItem(ctx, id);
      if (item === null) return emptyThread({ via: 'firebase', url, fallbackFrom, payload }, 'not_found');
      const reason = removedReason(item);
      if (reason !== null) return emptyThread({ via: 'firebase', url, fallbackFrom, payload }, reason);
      const kind = kindOf(item.type, item.title);
      const rootIsPost = kind !== 'comment' && kind !== 'pollopt';
      const walk = await walkFirebase(ctx, item, rootIsPost, input.depth, input.limit);
      thread = {
        via: 'firebase',
        url,
        context: { postId: rootIsPost ? id : null, storyAuthor: rootIsPost ? item.by : null },
        placed: walk.placed,
        hasMore: walk.hasMore,
        extra: { kind, fallbackFrom, itemRequests: walk.gets + 1 },
      };
    } else thread = answered;
    const context = thread.context;
    const raw = { via: thread.via, url: thread.url, ...thread.extra, comments: thread.placed.map(placement) };
    if (thread.placed.length === 0) return emptyThread(raw, 'no_comments');
    return {
      items: thread.placed.map((node) => placedToComment(node, context)),
      pagination: { cursor: null, hasMore: thread.hasMore },
      raw,
    };
  },
});
