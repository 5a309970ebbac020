import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import { commentAuthor, creatorPosts, postAuthor, postComments, postTranscript, single } from '../../catalogue/standard-edges.js';
import { FORUM_PLATFORM } from './constants.js';

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
 * The forum graph beyond REST: authors, communities, comments, captions and a creator's posts,
 * each one upstream resource billed like a live REST call.
 */
export function forumEdges(kit: EdgeKit): EdgeDefinition[] {
  const user = kit.endpoint('/v1/forum/user');
  const community = kit.endpoint('/v1/forum/subreddit/details');
  const comments = kit.endpoint('/v1/forum/post/comments');
  const transcript = kit.endpoint('/v1/forum/post/transcript');
  const userPosts = kit.endpoint('/v1/forum/user/posts');
  const communityPosts = kit.endpoint('/v1/forum/subreddit');

  const loadUser = kit.loadSingles(user, (username) => ({ username }));
  const loadUserPosts = kit.loadLists(userPosts, (username) => ({ username }));
  const loadCommunityPosts = kit.loadLists(communityPosts, (subreddit) => ({ subreddit }));
  const oneFetch = { fetches: 1 };
  const platform = FORUM_PLATFORM;

  return [
    postAuthor({
      platform,
      upstreamCost: oneFetch,
      description: "The post's author (1 credit per distinct author, through /v1/forum/user); null for deleted accounts.",
      key: (post) => accountHandle(post.authorHandle),
      load: loadUser,
    }),
    single('Post', 'community', 'Creator', {
      platform,
      upstreamCost: oneFetch,
      description: 'The community the post is in (1 credit, through /v1/forum/subreddit/details).',
      key: communityOf,
      load: kit.loadSingles(community, (subreddit) => ({ subreddit })),
    }),
    postComments({
      platform,
      upstreamCost: kit.cost(comments),
      description: 'The first page of comments, flattened in reading order (1 credit, through /v1/forum/post/comments with its defaults).',
      key: (post) => String(post.id),
      load: kit.loadLists(comments, (url) => ({ url })),
    }),
    postTranscript({
      platform,
      upstreamCost: oneFetch,
      description: "The hosted video's captions (1 credit when found, through /v1/forum/post/transcript); null when there are none.",
      key: (post) => String(post.id),
      load: kit.loadSingles(transcript, (url) => ({ url })),
    }),
    commentAuthor({
      platform,
      upstreamCost: oneFetch,
      description: "The comment's author (1 credit per distinct author); null for deleted accounts.",
      key: (comment) => accountHandle(comment.authorHandle),
      load: loadUser,
    }),
    creatorPosts({
      platform,
      // A user's or a community's first page: the larger of the two defaults sizes it.
      upstreamCost: [kit.cost(userPosts), kit.cost(communityPosts)].reduce((a, b) =>
        (a.page?.default ?? 0) >= (b.page?.default ?? 0) ? a : b,
      ),
      description: "A user's newest posts, or a community's hot posts (1 credit, first page with the endpoint's defaults).",
      key: (creator) => {
        const kind = creatorKind(creator);
        return kind && typeof creator.handle === 'string' ? `${kind}:${creator.handle}` : null;
      },
      load: (keys, context) =>
        Promise.all(
          keys.map(async (key) => {
            const [kind, handle] = key.split(':', 2) as ['user' | 'community', string];
            const [result] = await (kind === 'user' ? loadUserPosts : loadCommunityPosts)([handle], context);
            return result!;
          }),
        ),
    }),
  ];
}
