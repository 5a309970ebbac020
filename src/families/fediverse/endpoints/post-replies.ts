import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Comment } from '../../../model/content.js';
import { allWithheld, withheldNotice, withheldRaw } from '../../../catalogue/withheld.js';
import { CONTEXT_DESCENDANTS_CAP, OPTED_OUT_REASON } from '../constants.js';
import { descendantsToComments } from '../normalise/comments.js';
import { shownStatus } from '../normalise/post.js';
import { contextSchema, originalStatusSchema } from '../schemas/mastodon.js';
import { getApi } from '../upstream/api.js';
import { canonicalStatus, STATUS_FORMS, statusUrl } from './params.js';
import { emptyList, parseShape, reasonedList } from './results.js';
import { lookupStatus } from './status.js';

const params = z.object({ url: statusUrl });

/** GET /v1/fediverse/post/replies */
export const fediversePostRepliesEndpoint = defineEndpoint({
  path: '/v1/fediverse/post/replies',
  summary: "A fediverse post's replies, depth-first as the instance serves them",
  description: [
    "Returns data.items: Comment[] in the order served (depth-first, the author's own replies first): id is each reply's ActivityPub uri, parentId null for a direct reply, else the parent reply's uri; raw.comments[i] gives depth (1 for direct replies) and contentWarning.",
    `A logged-out context holds at most ${CONTEXT_DESCENDANTS_CAP} replies: hasMore is true when that many came; there is no cursor.`,
    'Replies by accounts that opted out of indexing (noindex) are withheld with the replies under them (meta.warnings counts them); a post whose author opted out is an empty result with meta.reason author_opted_out.',
    'A missing post is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: STATUS_FORMS }),
  returns: { kind: 'list', type: 'Comment' },
  raw: z.object({
    comments: z.array(z.looseObject({})).describe('per reply: its uri, depth (1 for direct replies), parentId and contentWarning'),
  }),
  normaliseParams: canonicalStatus,
  async fetch(input, ctx): Promise<ListResult<Comment>> {
    const found = await lookupStatus(ctx, input.url);
    if (found.kind === 'empty') return emptyList(found.answer);
    if (found.kind === 'refused') return reasonedList(found.url, found.reason);
    const root = shownStatus(found.status);
    const answer = await getApi(ctx, { host: found.host, param: 'url' }, `/api/v1/statuses/${encodeURIComponent(root.id)}/context`);
    if (answer.kind === 'empty') return emptyList(answer);
    const context = parseShape(contextSchema, answer.body, 'context');
    const descendants = context.descendants.map((each) => parseShape(originalStatusSchema, each, 'context status'));
    const replies = descendantsToComments(root, descendants, found.host);
    return {
      items: replies.comments,
      pagination: { cursor: null, hasMore: descendants.length >= CONTEXT_DESCENDANTS_CAP },
      raw: {
        via: 'api',
        url: answer.url,
        comments: replies.extras,
        ...withheldRaw(replies.withheld, OPTED_OUT_REASON),
      },
      notices: withheldNotice(replies.withheld, 'reply', OPTED_OUT_REASON),
      ...allWithheld(replies.comments.length, replies.withheld, OPTED_OUT_REASON),
    };
  },
});
