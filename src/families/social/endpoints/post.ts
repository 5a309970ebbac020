import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { FetchContext, SingleResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { isDid } from '../input/refs.js';
import { isOptedOut, withoutOptedOut } from '../normalise/opt-out.js';
import { postExtras, postViewToPost } from '../normalise/post.js';
import { threadNodeOf } from '../normalise/thread.js';
import { postsAnswerSchema, postViewSchema, threadAnswerSchema, type PostView } from '../schemas/views.js';
import { getXrpc, type XrpcAnswer } from '../upstream/xrpc.js';
import { emptySingle, optedOutSingle, parseShape } from './pages.js';
import { canonicalRecord, postUrl, recordForms } from './params.js';

const params = z.object({ url: postUrl });

type Found = { view: PostView } | { missing: string };

/**
 * One post by its at:// URI: getPosts when the URI names a DID (an unknown post is simply absent),
 * else getPostThread without parents or replies, which resolves the handle itself.
 */
async function findPost(uri: string, ctx: FetchContext): Promise<{ answer: XrpcAnswer; found: Found }> {
  if (isDid(uri.slice('at://'.length))) {
    const answer = await getXrpc(ctx, 'app.bsky.feed.getPosts', { uris: uri });
    if (answer.kind === 'empty') return { answer, found: { missing: answer.reason } };
    const posts = parseShape(postsAnswerSchema, answer.body, 'getPosts').posts;
    const view = posts.length === 0 ? null : parseShape(postViewSchema, posts[0], 'getPosts');
    return { answer, found: view === null ? { missing: 'not_found' } : { view } };
  }
  const answer = await getXrpc(ctx, 'app.bsky.feed.getPostThread', { uri, depth: 0, parentHeight: 0 });
  if (answer.kind === 'empty') return { answer, found: { missing: answer.reason } };
  const node = threadNodeOf(parseShape(threadAnswerSchema, answer.body, 'getPostThread').thread);
  return { answer, found: 'post' in node ? { view: node.post } : node };
}

/** GET /v1/social/post */
export const socialPostEndpoint = defineEndpoint({
  path: '/v1/social/post',
  summary: 'One Bluesky post',
  description: [
    "Returns one Post: id is its at:// URI, text the record text, publishedAt when the author wrote it, hashtags and mentions from its facets (never guessed from the text), media from its embed (images, a video, a link card's picture).",
    'raw.quote is the at:// URI of a quoted post, raw.language the first declared language.',
    'A missing post is an empty result (meta.reason not_found; blocked when the platform says so), never charged; a post whose author asked not to be shown to logged-out viewers is an empty result with meta.reason author_opted_out.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: recordForms('post') }),
  returns: { kind: 'single', type: 'Post' },
  raw: z.object({
    quote: z.string().nullable().describe('the at:// URI of a quoted post, or null'),
    language: z.string().nullable().describe('the first declared language, or null'),
  }),
  normaliseParams: canonicalRecord('post'),
  async fetch(input, ctx): Promise<SingleResult<Post>> {
    const { answer, found } = await findPost(input.url, ctx);
    if (answer.kind === 'empty') return emptySingle(answer);
    if ('missing' in found) return { data: null, raw: { via: 'xrpc', url: answer.url }, emptyReason: found.missing };
    if (isOptedOut(found.view.author)) return optedOutSingle(answer.url);
    return {
      data: postViewToPost(found.view, ctx.fetchedAt),
      raw: { via: 'xrpc', url: answer.url, ...postExtras(found.view), payload: withoutOptedOut(answer.body) },
    };
  },
});
