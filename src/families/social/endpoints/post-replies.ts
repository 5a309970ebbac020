import { z } from 'zod';
import { queryInt } from '../../../catalogue/query-params.js';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Comment } from '../../../model/content.js';
import { withheldNotice, withheldRaw } from '../../../catalogue/withheld.js';
import { OPTED_OUT_REASON } from '../constants.js';
import { isOptedOut, withoutOptedOut } from '../normalise/opt-out.js';
import { flattenReplies, threadNodeOf } from '../normalise/thread.js';
import { threadAnswerSchema } from '../schemas/views.js';
import { getXrpc } from '../upstream/xrpc.js';
import { emptyList, optedOutList, parseShape } from './pages.js';
import { canonicalRecord, pageLimit, postUrl, recordForms } from './params.js';

const params = z.object({
  url: postUrl,
  depth: queryInt(1, 10).default(6).describe('levels of replies (1-10): 1 is direct replies only'),
  limit: pageLimit(500, 100).describe('top-level replies (1-500)'),
});

/** GET /v1/social/post/replies */
export const socialPostRepliesEndpoint = defineEndpoint({
  path: '/v1/social/post/replies',
  summary: "A Bluesky post's replies, flattened depth-first",
  description: [
    "Returns data.items: Comment[] depth-first in the order served (each reply, then its replies): parentId is null for a direct reply, else the parent reply's at:// URI; raw.comments[i].depth is 1 for direct replies.",
    'hasMore is true when limit cut the top-level replies or a reply at the depth limit has replies not fetched; there is no cursor.',
    'Replies the platform cannot show (deleted, blocked) are skipped with those below them, and replies by accounts that asked not to be shown to logged-out viewers are withheld with those below them: meta.warnings counts both.',
    'A missing post is an empty result (meta.reason not_found), never charged; a post whose author opted out is an empty result with meta.reason author_opted_out.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: recordForms('post') }),
  returns: { kind: 'list', type: 'Comment' },
  raw: z.object({ comments: z.array(z.looseObject({})).describe('per reply: its depth (1 for direct replies) and uri') }),
  normaliseParams: canonicalRecord('post'),
  async fetch(input, ctx): Promise<ListResult<Comment>> {
    const answer = await getXrpc(ctx, 'app.bsky.feed.getPostThread', { uri: input.url, depth: input.depth, parentHeight: 0 });
    if (answer.kind === 'empty') return emptyList(answer);
    const root = threadNodeOf(parseShape(threadAnswerSchema, answer.body, 'getPostThread').thread);
    if ('missing' in root) {
      return emptyListResult(root.missing, { via: 'xrpc', url: answer.url });
    }
    if (isOptedOut(root.post.author)) return optedOutList(answer.url);
    const thread = flattenReplies(root.replies, { post: root.post, depth: input.depth, limit: input.limit });
    const { [OPTED_OUT_REASON]: withheld = 0, ...skipped } = thread.skipped;
    return {
      items: thread.comments.map((each) => each.comment),
      pagination: { cursor: null, hasMore: thread.hasMore },
      raw: {
        via: 'xrpc',
        url: answer.url,
        comments: thread.comments.map(({ comment, depth }) => ({ uri: comment.id, depth, parentId: comment.parentId })),
        ...withheldRaw(withheld, OPTED_OUT_REASON),
        payload: withoutOptedOut(answer.body),
      },
      notices: [
        ...Object.entries(skipped).map(([reason, count]) => `${count} ${count === 1 ? 'reply' : 'replies'} skipped: ${reason}`),
        ...withheldNotice(withheld, 'reply', OPTED_OUT_REASON),
      ],
    };
  },
});
