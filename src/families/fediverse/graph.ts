import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import { DEFAULT_PAGE, FEDIVERSE_PLATFORM, MAX_PAGE } from './constants.js';
import { authorOfPost } from './normalise/author.js';

const POSTS_PAGE = { default: DEFAULT_PAGE, max: MAX_PAGE };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** `acct|limit`, read back by the loader (an acct holds no `|`). */
const paged = (key: string | null, limit: number | undefined): string | null =>
  key === null ? null : `${key}|${limit ?? POSTS_PAGE.default}`;

/**
 * The fediverse graph beyond REST: a post's author (from the post itself, no request), its
 * replies, and an account's posts, each of the latter one call billed like REST.
 */
export function fediverseEdges(kit: EdgeKit): EdgeDefinition[] {
  const accountPosts = kit.endpoint('/v1/fediverse/account/posts');
  const replies = kit.endpoint('/v1/fediverse/post/replies');
  const platform = FEDIVERSE_PLATFORM;
  return [
    {
      on: 'Post',
      field: 'author',
      platform,
      returns: { kind: 'single', type: 'Creator' },
      upstreamCost: { fetches: 0 },
      description:
        "The post's author as the post names it: full acct, display name and profile page (no request, no credit; counts through fediverseAccount).",
      key: (post: Resource) => {
        const acct = text(post.authorId);
        return acct === null ? null : JSON.stringify([acct, text(post.authorName), text(post.fetchedAt)]);
      },
      load: async (keys) =>
        keys.map((key) => {
          const [acct, name, fetchedAt] = JSON.parse(key) as [string, string | null, string | null];
          return authorOfPost(acct, name, fetchedAt ?? new Date().toISOString()) as Resource;
        }),
    },
    {
      on: 'Post',
      field: 'comments',
      platform,
      returns: { kind: 'list', type: 'Comment' },
      upstreamCost: kit.cost(replies),
      description: "The post's replies, depth-first as served (1 credit, through /v1/fediverse/post/replies).",
      key: (post: Resource) => text(post.url),
      load: kit.loadLists(replies, (url) => ({ url })),
    },
    {
      on: 'Creator',
      field: 'posts',
      platform,
      returns: { kind: 'list', type: 'Post' },
      limit: POSTS_PAGE,
      upstreamCost: { fetches: 2, page: { argument: 'limit', ...POSTS_PAGE } },
      description: "The account's posts and reblogs, newest first (1 credit, through /v1/fediverse/account/posts with the default filter).",
      key: (account: Resource, { limit }) => paged(text(account.id), limit),
      load: kit.loadLists(accountPosts, (key) => {
        const at = key.lastIndexOf('|');
        return { account: key.slice(0, at), limit: Number(key.slice(at + 1)) };
      }),
    },
  ];
}
