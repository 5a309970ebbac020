import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { FetchContext, SingleResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import type { Post } from '../../../model/content.js';
import { entryPostId, entryToPost } from '../atom/entry-to-post.js';
import { parsePostRef } from '../input/post-ref.js';
import { normalisePost } from '../normalise/post.js';
import { fetchFeed } from '../services/post-listing.js';
import { fetchPostThread } from '../services/post-thread.js';
import { withFallback } from '../upstream/fallback.js';
import { postOnlyUrls } from '../upstream/reddit-urls.js';
import { canonicalPost } from './canonical.js';
import { feedOrJsonVia } from './raw-fields.js';

const params = z.object({
  url: z.string().min(1).max(2048).describe('post URL (www/old/new/np.reddit.com or redd.it short link), post id, or t3_ fullname'),
});

async function fetchPostFromJson(url: string, ctx: FetchContext): Promise<SingleResult<Post>> {
  const thread = await fetchPostThread(ctx.upstream, url, 'post');
  if (thread.kind === 'empty') return { data: null, raw: { via: 'json', url, payload: thread.payload }, emptyReason: thread.reason };
  return { data: normalisePost(thread.post, ctx.fetchedAt), raw: { via: 'json', url, payload: thread.payload } };
}

/** The post's comment feed starts with the post itself as a t3 entry. */
async function fetchPostFromFeed(postId: string, url: string, ctx: FetchContext): Promise<SingleResult<Post>> {
  const feed = await fetchFeed(ctx.upstream, url);
  const entry = feed.entries.find((candidate) => entryPostId(candidate) === postId);
  const post = entry === undefined ? null : entryToPost(entry, ctx.fetchedAt);
  if (post === null) throw schemaDrift('The post feed did not contain the post.', { url });
  return { data: post, raw: { via: 'atom', url, payload: feed.body } };
}

/** GET /v1/forum/post */
export const forumPostEndpoint = defineEndpoint({
  path: '/v1/forum/post',
  summary: 'One forum post (title, body, media, score, comment count) by URL or id',
  description: [
    'Returns one Post: type (text, image, video, carousel, live or unknown for article links), title, self text, author, media URLs in gallery order, score as likeCount, comment count, hashtags and mentions read from the text.',
    'Accepts post URLs on www., old., new., np. or bare reddit.com with or without slug, query string or trailing slash, redd.it short links, bare ids and t3_ fullnames.',
    'A post with no comments is still a full (charged) result; comments come from /v1/forum/post/comments.',
    'Missing, private, quarantined or banned content is an empty result (data null, meta.reason), never charged.',
    'When the JSON surface is blocked the post is read from its Atom feed (raw.via "atom"): score and comment count are then null.',
  ].join(' '),
  params,
  raw: z.object({ via: feedOrJsonVia }),
  flags: endpointFlags({ subscribable: true }),
  returns: { kind: 'single', type: 'Post' },
  normaliseParams: canonicalPost,
  async fetch(input, ctx) {
    const postId = parsePostRef(input.url, 'url');
    const urls = postOnlyUrls(postId);
    return withFallback(
      () => fetchPostFromJson(urls.json, ctx),
      () => fetchPostFromFeed(postId, urls.feed, ctx),
    );
  },
});
