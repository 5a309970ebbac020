import { z } from 'zod';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import { queryInt } from '../../../catalogue/query-params.js';
import type { ListResult } from '../../../catalogue/results.js';
import { commentSchema, type Comment } from '../../../model/content.js';
import { parseCommentRef } from '../input/post-ref.js';
import { findComment, flattenCommentTree, normaliseComment, replyChildren } from '../normalise/comment-tree.js';
import { authorHandle } from '../normalise/values.js';
import { fetchPostThread } from '../services/post-thread.js';
import { commentThreadUrl } from '../upstream/reddit-urls.js';
import { commentSort } from './params.js';
import { canonicalComment } from './canonical.js';
import { moreStubs } from './raw-fields.js';

const params = z.object({
  url: z
    .string()
    .min(1)
    .max(2048)
    .describe('comment permalink (https://www.reddit.com/r/{name}/comments/{postId}/{slug}/{commentId}/) or postId:commentId'),
  depth: queryInt(1, 10).default(6).describe('reply levels below the comment to load, its direct replies counting as 1 (1-10)'),
  sort: commentSort,
});

/** GET /v1/forum/post/comment/replies */
export const forumCommentRepliesEndpoint = defineEndpoint({
  path: '/v1/forum/post/comment/replies',
  graphqlField: 'forumCommentReplies',
  summary: 'The thread below one comment (the continuation behind a load-more stub), flattened',
  description: [
    'Returns data.items: the replies below the named comment, flattened in reading order like /v1/forum/post/comments.',
    "The comment itself is not an item (the caller already has it from the stub's parent); it is returned normalised under raw.anchor, and its direct replies carry it as parentId.",
    'Nested load-more and continue-this-thread stubs are kept in raw.moreStubs; pagination.hasMore is true when any exists; pagination.cursor is always null.',
    'A comment that is not found under the post is an empty result (meta.reason not_found); a comment without replies is empty too (no_replies). Neither is charged.',
  ].join(' '),
  params,
  raw: z.object({ anchor: commentSchema.nullable().describe('the comment itself, normalised'), moreStubs }),
  flags: endpointFlags({
    subscribable: false,
    parameterConstraints: 'pass url as a comment permalink or as postId:commentId (base36 ids, optional t3_/t1_ prefixes)',
  }),
  // No limit is sent: Reddit serves its default page of a thread, at most 200 comments logged out.
  returns: { kind: 'list', type: 'Comment', maxItems: 200 },
  normaliseParams: canonicalComment,
  async fetch(input, ctx): Promise<ListResult<Comment>> {
    const { postId, commentId } = parseCommentRef(input.url, 'url');
    // Reddit counts the anchor comment as level 1 of its permalink view.
    const url = commentThreadUrl(postId, commentId, { sort: input.sort, depth: input.depth + 1 });
    const thread = await fetchPostThread(ctx.upstream, url, 'comment thread');
    if (thread.kind === 'empty') return emptyListResult(thread.reason, { via: 'json', url, payload: thread.payload });
    const context = { postId: thread.post.id, postAuthor: authorHandle(thread.post.author) };
    const anchor = findComment(thread.comments, commentId);
    if (anchor === null) return emptyListResult('not_found', { via: 'json', url, payload: thread.payload, anchor: null, moreStubs: [] });
    const replies = replyChildren(anchor);
    const flat = flattenCommentTree(replies, context);
    const raw = {
      via: 'json',
      url,
      payload: thread.payload,
      anchor: normaliseComment(anchor, replies, context),
      moreStubs: flat.moreStubs,
    };
    if (flat.comments.length === 0)
      return { ...emptyListResult('no_replies', raw), pagination: { cursor: null, hasMore: flat.moreStubs.length > 0 } };
    return { items: flat.comments, pagination: { cursor: null, hasMore: flat.moreStubs.length > 0 }, raw };
  },
});
