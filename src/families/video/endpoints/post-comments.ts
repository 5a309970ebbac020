import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { FetchContext, ListResult } from '../../../catalogue/results.js';
import type { Comment } from '../../../model/content.js';
import { VIDEO_FORMS } from '../input/refs.js';
import { readComments, type CommentPage } from '../normalise/comments.js';
import { commentsTokenOf } from '../normalise/post.js';
import { missingRoot, postInnertube, type InnertubeAnswer } from '../upstream/innertube.js';
import { canonicalVideo, cursor, videoUrl } from './params.js';
import { emptyList, pageOf, payloadOf, refusedCursor } from './results.js';

const params = z.object({
  url: videoUrl,
  sort: z.enum(['top', 'newest']).default('top').describe("top (the platform's order, pinned first) or newest"),
  cursor,
});

const hasResponseRoot = (json: Record<string, unknown>) =>
  ['onResponseReceivedEndpoints', 'onResponseReceivedActions', 'onResponseReceivedCommands'].some((key) => key in json);

/** One page of comments for a continuation token; a refused token is the caller's cursor or drift. */
async function commentsPage(ctx: FetchContext, token: string, videoId: string, fromCaller: boolean) {
  const answer = await postInnertube(ctx, 'next', { continuation: token });
  if (answer.kind !== 'ok') {
    if (fromCaller && answer.status === 400) throw refusedCursor();
    throw missingRoot('next', 'a comments answer');
  }
  if (!hasResponseRoot(answer.json)) throw missingRoot('next', 'onResponseReceived*');
  return { answer, page: readComments(answer.json, videoId) };
}

function commentsResult(answer: InnertubeAnswer, page: CommentPage, total: number | null): ListResult<Comment> {
  return {
    items: page.comments,
    pagination: pageOf(page.continuation),
    raw: { via: 'innertube', totalComments: total, comments: page.extras, payload: payloadOf(answer) },
  };
}

/** GET /v1/video/post/comments */
export const videoPostCommentsEndpoint = defineEndpoint({
  path: '/v1/video/post/comments',
  summary: "A YouTube video's top-level comments",
  description: [
    'Returns data.items: Comment[] top-level, in the order of sort (top: the pinned comment first). authorHandle is the commenter\'s handle without @; likeCount and replyCount as the platform shows them (rounded text such as "1.2K" parsed; raw.comments[i].approximate names it).',
    'raw.comments[i] also says whether the creator hearted it (hearted) and whether it was edited (edited); raw.totalComments is the header count on a first page.',
    'A video without comments is an empty result (meta.reason comments_disabled), an unknown one not_found; never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: VIDEO_FORMS }),
  returns: { kind: 'list', type: 'Comment', maxItems: 50 },
  raw: z.object({
    totalComments: z.number().nullable().describe('the header count on a first page, else null'),
    comments: z.array(z.looseObject({})).describe('per item: its id, hearted, edited and approximate'),
  }),
  normaliseParams: canonicalVideo,
  async fetch(input, ctx): Promise<ListResult<Comment>> {
    if (input.cursor !== undefined) {
      const { answer, page } = await commentsPage(ctx, input.cursor, input.url, true);
      return commentsResult(answer, page, null);
    }
    const watch = await postInnertube(ctx, 'next', { videoId: input.url });
    if (watch.kind !== 'ok') return emptyList('not_found');
    // A watch answer for a video it does not show (private, gone) is InnerTube's bare response context.
    if (watch.json.contents === undefined) {
      if (watch.json.responseContext === undefined) throw missingRoot('next', 'contents');
      return emptyList('not_found');
    }
    const token = commentsTokenOf(watch.json);
    if (token === null) return emptyList('comments_disabled');
    let { answer, page } = await commentsPage(ctx, token, input.url, false);
    const total = page.total;
    if (input.sort === 'newest') {
      const newest = page.sortTokens[1];
      if (newest === undefined) throw missingRoot('next', "the comments header's sort tokens");
      ({ answer, page } = await commentsPage(ctx, newest, input.url, false));
    }
    return commentsResult(answer, page, page.total ?? total);
  },
});
