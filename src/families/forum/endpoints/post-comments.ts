import { z } from 'zod';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import { countParam, queryInt } from '../../../catalogue/query-params.js';
import type { Comment } from '../../../model/content.js';
import type { ListResult } from '../../../catalogue/results.js';
import { parsePostRef } from '../input/post-ref.js';
import { flattenCommentTree } from '../normalise/comment-tree.js';
import { authorHandle } from '../normalise/values.js';
import type { Thing } from '../schemas/listing.js';
import { fetchPostThread } from '../services/post-thread.js';
import { postCommentsUrl } from '../upstream/reddit-urls.js';
import { commentSort } from './params.js';
import { canonicalPost } from './canonical.js';
import { moreStubs } from './raw-fields.js';

const params = z.object({
  url: z.string().min(1).max(2048).describe('post URL or post id (a comment permalink also works: its post is used)'),
  sort: commentSort,
  depth: queryInt(1, 10).default(4).describe('reply levels to load, top-level comments counting as 1 (1-10)'),
  limit: countParam('top-level comments to return', { default: 100, max: 500 }),
});

/**
 * Keeps at most `limit` top-level comments. Reddit counts its own `limit` loosely, so the
 * cut is made here too; stubs stay. Returns whether anything was cut.
 */
function firstTopLevel(children: readonly Thing[], limit: number): { kept: Thing[]; cut: boolean } {
  let topLevel = 0;
  const kept = children.filter((child) => child.kind !== 't1' || (topLevel += 1) <= limit);
  return { kept, cut: topLevel > limit };
}

/** GET /v1/forum/post/comments */
export const forumPostCommentsEndpoint = defineEndpoint({
  path: '/v1/forum/post/comments',
  summary: "A post's first page of comments, flattened in reading order with parentId",
  description: [
    "Returns data.items: Comment[] in reading order (depth-first: each comment followed by its replies), with parentId null for top-level comments and ids without Reddit's t1_/t3_ prefixes.",
    "Only the comments Reddit serves on the first page are returned: raw.totalComments holds the post's full count, raw.moreStubs the load-more and continue-this-thread stubs (parentId, count, childIds); pagination.hasMore is true when any stub exists or fewer comments than the total came back; pagination.cursor is always null.",
    "Read a collapsed thread with /v1/forum/post/comment/replies (url postId:commentId of the stub's parent).",
    'replyCount counts loaded direct replies plus the comments hidden behind stubs directly under the comment, and is null when a continue-this-thread stub hides an unknown number.',
    'Deleted comments keep Reddit\'s "[deleted]" text. Missing, private, quarantined or banned posts are empty results, never charged.',
  ].join(' '),
  params,
  raw: z.object({ totalComments: z.number().nullable().describe("the post's full comment count"), moreStubs }),
  flags: endpointFlags({ subscribable: true }),
  returns: { kind: 'list', type: 'Comment' },
  normaliseParams: canonicalPost,
  async fetch(input, ctx): Promise<ListResult<Comment>> {
    const postId = parsePostRef(input.url, 'url');
    const url = postCommentsUrl(postId, { sort: input.sort, depth: input.depth, limit: input.limit });
    const thread = await fetchPostThread(ctx.upstream, url, 'comments');
    if (thread.kind === 'empty') return emptyListResult(thread.reason, { via: 'json', url, payload: thread.payload });
    const { kept, cut } = firstTopLevel(thread.comments, input.limit);
    const flat = flattenCommentTree(kept, { postId: thread.post.id, postAuthor: authorHandle(thread.post.author) });
    const totalComments = thread.post.num_comments ?? null;
    const hasMore = cut || flat.moreStubs.length > 0 || (totalComments !== null && flat.comments.length < totalComments);
    return {
      items: flat.comments,
      pagination: { cursor: null, hasMore },
      raw: { via: 'json', url, payload: thread.payload, totalComments, moreStubs: flat.moreStubs },
      ...(flat.comments.length === 0 ? { emptyReason: 'no_comments' } : {}),
    };
  },
});
