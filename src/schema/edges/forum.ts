import type { Catalogue } from '../../catalogue/catalogue.js';
import { builder } from '../builder.js';
import { endpointCost } from '../limits/upstream-cost.js';
import { listTypeOf, resourceTypes, type Resource } from '../types/resources.js';
import { endpointAt, loadLists, loadSingles } from './load-through-pipeline.js';

/** Reddit handles that name no account. */
const NO_ACCOUNT = new Set(['[deleted]', '[removed]', 'AutoModerator']);
const USERNAME = /^[A-Za-z0-9_-]{3,20}$/;

function accountHandle(handle: unknown): string | null {
  return typeof handle === 'string' && USERNAME.test(handle) && !NO_ACCOUNT.has(handle) ? handle : null;
}

/** The community of a post, read from its permalink (/r/{name}/comments/...). */
function communityOf(post: Resource): string | null {
  const match = typeof post.url === 'string' ? /\/r\/([A-Za-z0-9_]{2,21})\//.exec(post.url) : null;
  return match?.[1] ?? null;
}

/** Users have /user/ or /u/ profile URLs; communities have /r/. */
function creatorKind(creator: Resource): 'user' | 'community' | null {
  if (typeof creator.url !== 'string') return null;
  if (/\/(user|u)\//.test(creator.url)) return 'user';
  if (/\/r\//.test(creator.url)) return 'community';
  return null;
}

/**
 * The forum graph beyond REST: every edge is one upstream resource, loaded through a
 * per-request DataLoader (so a query never fetches the same resource twice) and billed
 * like a live REST call.
 */
export function addForumEdges(catalogue: Catalogue): void {
  const { Post, Comment, Creator, Transcript } = resourceTypes;
  const user = endpointAt(catalogue, '/v1/forum/user');
  const community = endpointAt(catalogue, '/v1/forum/subreddit/details');
  const comments = endpointAt(catalogue, '/v1/forum/post/comments');
  const transcript = endpointAt(catalogue, '/v1/forum/post/transcript');
  const userPosts = endpointAt(catalogue, '/v1/forum/user/posts');
  const communityPosts = endpointAt(catalogue, '/v1/forum/subreddit');

  const loadUser = loadSingles(user, (username) => ({ username }));
  // Each edge states what it fetches (read by the cost limit, src/schema/limits).
  const oneFetch = { upstreamCost: { fetches: 1 } };

  builder.objectFields(Post, (t) => ({
    author: t.loadable({
      type: Creator,
      nullable: true,
      extensions: oneFetch,
      description: "The post's author (1 credit per distinct author, through /v1/forum/user); null for deleted accounts.",
      load: loadUser,
      resolve: (post: Resource) => accountHandle(post.authorHandle),
    }),
    community: t.loadable({
      type: Creator,
      nullable: true,
      extensions: oneFetch,
      description: 'The community the post is in (1 credit, through /v1/forum/subreddit/details).',
      load: loadSingles(community, (subreddit) => ({ subreddit })),
      resolve: (post: Resource) => communityOf(post),
    }),
    comments: t.loadable({
      type: listTypeOf('Comment'),
      nullable: true,
      extensions: { upstreamCost: endpointCost(comments) },
      description: 'The first page of comments, flattened in reading order (1 credit, through /v1/forum/post/comments with its defaults).',
      load: loadLists(comments, (url) => ({ url })),
      resolve: (post: Resource) => String(post.id),
    }),
    transcript: t.loadable({
      type: Transcript,
      nullable: true,
      extensions: oneFetch,
      description: "The hosted video's captions (1 credit when found, through /v1/forum/post/transcript); null when there are none.",
      load: loadSingles(transcript, (url) => ({ url })),
      resolve: (post: Resource) => String(post.id),
    }),
  }));

  builder.objectField(Comment, 'author', (t) =>
    t.loadable({
      type: Creator,
      nullable: true,
      extensions: oneFetch,
      description: "The comment's author (1 credit per distinct author); null for deleted accounts.",
      load: loadUser,
      resolve: (comment: Resource) => accountHandle(comment.authorHandle),
    }),
  );

  const loadUserPosts = loadLists(userPosts, (username) => ({ username }));
  const loadCommunityPosts = loadLists(communityPosts, (subreddit) => ({ subreddit }));
  builder.objectField(Creator, 'posts', (t) =>
    t.loadable({
      type: listTypeOf('Post'),
      nullable: true,
      // A user's or a community's first page: the larger of the two defaults sizes it.
      extensions: { upstreamCost: [endpointCost(userPosts), endpointCost(communityPosts)].reduce((a, b) => ((a.page?.default ?? 0) >= (b.page?.default ?? 0) ? a : b)) },
      description: "A user's newest posts, or a community's hot posts (1 credit, first page with the endpoint's defaults).",
      load: (keys: readonly string[], context) =>
        Promise.all(keys.map(async (key) => {
          const [kind, handle] = key.split(':', 2) as ['user' | 'community', string];
          const [result] = await (kind === 'user' ? loadUserPosts : loadCommunityPosts)([handle], context);
          return result!;
        })),
      resolve: (creator: Resource) => {
        const kind = creatorKind(creator);
        return kind && typeof creator.handle === 'string' ? `${kind}:${creator.handle}` : null;
      },
    }),
  );
}
