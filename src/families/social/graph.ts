import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import { SOCIAL_PLATFORM } from './constants.js';

/** Pages an edge may ask for: the endpoints' own bounds. */
const POSTS_PAGE = { default: 30, max: 100 };
const FOLLOWERS_PAGE = { default: 50, max: 100 };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** `key|limit`, read back by the loader (a DID holds no `|`). */
const paged = (key: string | null, limit: number | undefined, fallback: number): string | null =>
  key === null ? null : `${key}|${limit ?? fallback}`;
const pageParams = (key: string) => {
  const at = key.lastIndexOf('|');
  return { handle: key.slice(0, at), limit: Number(key.slice(at + 1)) };
};

/**
 * The social graph beyond REST: a post's author and replies, an account's posts and followers;
 * each one upstream call billed like REST, batched per request by the loaders.
 */
export function socialEdges(kit: EdgeKit): EdgeDefinition[] {
  const profile = kit.endpoint('/v1/social/profile');
  const profilePosts = kit.endpoint('/v1/social/profile/posts');
  const followers = kit.endpoint('/v1/social/profile/followers');
  const replies = kit.endpoint('/v1/social/post/replies');
  const platform = SOCIAL_PLATFORM;

  return [
    {
      on: 'Post',
      field: 'author',
      platform,
      returns: { kind: 'single', type: 'Creator' },
      upstreamCost: kit.cost(profile),
      description: "The post's author, with the profile counts (1 credit per distinct author, through /v1/social/profile).",
      key: (post: Resource) => text(post.authorId),
      load: kit.loadSingles(profile, (did) => ({ handle: did })),
    },
    {
      on: 'Post',
      field: 'comments',
      platform,
      returns: { kind: 'list', type: 'Comment' },
      upstreamCost: kit.cost(replies),
      description: "The post's replies, flattened depth-first (1 credit, through /v1/social/post/replies with its defaults).",
      key: (post: Resource) => text(post.id),
      load: kit.loadLists(replies, (url) => ({ url })),
    },
    {
      on: 'Creator',
      field: 'posts',
      platform,
      returns: { kind: 'list', type: 'Post' },
      limit: POSTS_PAGE,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...POSTS_PAGE } },
      description: "The account's posts and reposts, newest first (1 credit, through /v1/social/profile/posts with the default filter).",
      key: (account: Resource, { limit }) => paged(text(account.id), limit, POSTS_PAGE.default),
      load: kit.loadLists(profilePosts, pageParams),
    },
    {
      on: 'Creator',
      field: 'followers',
      platform,
      returns: { kind: 'list', type: 'Creator' },
      limit: FOLLOWERS_PAGE,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...FOLLOWERS_PAGE } },
      description: "The account's followers, most recent first (1 credit, through /v1/social/profile/followers).",
      key: (account: Resource, { limit }) => paged(text(account.id), limit, FOLLOWERS_PAGE.default),
      load: kit.loadLists(followers, pageParams),
    },
  ];
}
