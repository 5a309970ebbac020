import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { forumFamily } from '../../../src/families/forum/index.js';

const EXPECTED = [
  ['/v1/forum/post', 'forumPost', 'single', 'Post', true],
  ['/v1/forum/post/comments', 'forumPostComments', 'list', 'Comment', true],
  ['/v1/forum/post/comment/replies', 'forumCommentReplies', 'list', 'Comment', false],
  ['/v1/forum/post/transcript', 'forumPostTranscript', 'single', 'Transcript', false],
  ['/v1/forum/search', 'forumSearch', 'list', 'Post', true],
  ['/v1/forum/subreddit', 'forumSubreddit', 'list', 'Post', true],
  ['/v1/forum/subreddit/details', 'forumSubredditDetails', 'single', 'Creator', false],
  ['/v1/forum/user', 'forumUser', 'single', 'Creator', true],
  ['/v1/forum/user/posts', 'forumUserPosts', 'list', 'Post', true],
] as const;

const PARAMS: Record<string, string[]> = {
  '/v1/forum/post': ['url'],
  '/v1/forum/post/comments': ['url', 'sort', 'depth', 'limit'],
  '/v1/forum/post/comment/replies': ['url', 'depth', 'sort'],
  '/v1/forum/post/transcript': ['url', 'language'],
  '/v1/forum/search': ['query', 'subreddit', 'sort', 'timeframe', 'limit', 'cursor', 'after'],
  '/v1/forum/subreddit': ['subreddit', 'sort', 'timeframe', 'limit', 'cursor', 'after'],
  '/v1/forum/subreddit/details': ['subreddit', 'url'],
  '/v1/forum/user': ['username'],
  '/v1/forum/user/posts': ['username', 'sort', 'timeframe', 'limit', 'cursor'],
};

describe('forumFamily', () => {
  it('declares the family', () => {
    expect(forumFamily).toMatchObject({
      name: 'forum',
      hosts: ['www.reddit.com', 'v.redd.it'],
      proxyEnv: 'FORUM_PROXY_URL',
      requiresResidentialProxy: false,
    });
  });

  it('declares the nine endpoints with contract section 5 flags', () => {
    expect(
      forumFamily.endpoints.map((endpoint) => [
        endpoint.path,
        endpoint.graphqlField,
        endpoint.returns.kind,
        endpoint.returns.type,
        endpoint.flags.subscribable,
      ]),
    ).toEqual(EXPECTED);
    for (const endpoint of forumFamily.endpoints) {
      expect(endpoint.family).toBe('forum');
      expect(endpoint.flags).toMatchObject({
        creditCost: 1,
        cacheable: true,
        batchable: true,
        requiresResidentialProxy: false,
        experimental: false,
      });
      expect(endpoint.summary.length).toBeGreaterThan(20);
      expect(endpoint.description.length).toBeGreaterThan(100);
    }
    expect(
      forumFamily.endpoints.find((endpoint) => endpoint.path === '/v1/forum/post/comment/replies')?.flags.parameterConstraints,
    ).toMatch(/postId:commentId/);
  });

  it('uses the spec parameter names, without the common options', () => {
    for (const endpoint of forumFamily.endpoints) {
      expect(Object.keys(endpoint.params.shape)).toEqual(PARAMS[endpoint.path]);
    }
  });

  it('publishes parameters as JSON Schema with descriptions and defaults', () => {
    for (const endpoint of forumFamily.endpoints) {
      const schema = z.toJSONSchema(endpoint.params, { io: 'input', unrepresentable: 'any' }) as {
        properties: Record<string, { description?: string }>;
      };
      for (const [name, property] of Object.entries(schema.properties))
        expect(property.description, `${endpoint.path} ${name}`).toBeTruthy();
    }
    const comments = z.toJSONSchema(forumFamily.endpoints[1]!.params, { io: 'input' }) as {
      properties: Record<string, { default?: unknown; minimum?: number; maximum?: number; enum?: string[] }>;
    };
    expect(comments.properties.depth).toMatchObject({ default: 4, minimum: 1, maximum: 10 });
    expect(comments.properties.limit).toMatchObject({ default: 100, minimum: 1, maximum: 500 });
    expect(comments.properties.sort?.enum).toEqual(['confidence', 'top', 'new', 'controversial', 'old', 'qa']);
  });

  it('applies the spec defaults', () => {
    const defaults = Object.fromEntries(
      forumFamily.endpoints.map((endpoint) => [
        endpoint.path,
        endpoint.params.parse({ url: 'x', query: 'q', subreddit: 'examplesub', username: 'someone' }),
      ]),
    );
    expect(defaults['/v1/forum/post/comment/replies']).toMatchObject({ depth: 6, sort: 'confidence' });
    expect(defaults['/v1/forum/search']).toMatchObject({ sort: 'relevance', timeframe: 'all', limit: 25 });
    expect(defaults['/v1/forum/subreddit']).toMatchObject({ sort: 'hot', timeframe: 'day', limit: 25 });
    expect(defaults['/v1/forum/user/posts']).toMatchObject({ sort: 'new', timeframe: 'all', limit: 25 });
    expect(defaults['/v1/forum/post/transcript']).toMatchObject({ language: 'en' });
  });

  it('keeps params extendable by the pipeline (no object-level refinements)', () => {
    for (const endpoint of forumFamily.endpoints) {
      const full = endpoint.params.extend({ include_raw: z.boolean().optional() }).strict();
      expect(full.safeParse({ unknown_param: 1 }).success).toBe(false);
    }
  });
});
