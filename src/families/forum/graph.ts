import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import {
  commentAuthor,
  creatorPosts,
  keyField,
  postAuthor,
  postComments,
  postTranscript,
  single,
  textOf,
  throughList,
  throughSingle,
} from '../../catalogue/standard-edges.js';
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

/**
 * `user:{name}` or `community:{name}`: users have /user/ or /u/ profile URLs, communities /r/.
 * Both are Creators, so the key says which endpoint reads the creator and its posts.
 */
export function creatorKey(creator: Resource): string | null {
  const url = textOf(creator.url);
  const handle = textOf(creator.handle);
  if (!url || !handle) return null;
  if (/\/(user|u)\//.test(url)) return `user:${handle}`;
  if (/\/r\//.test(url)) return `community:${handle}`;
  return null;
}

/** The kind and the name a creator's key carries. */
export function splitCreatorKey(key: string): { kind: string; name: string } {
  const colon = key.indexOf(':');
  return { kind: key.slice(0, colon), name: key.slice(colon + 1) };
}

/**
 * The forum graph beyond REST: authors, communities, comments, captions and a creator's posts,
 * each one upstream resource billed like a live REST call.
 */
export function forumEdges(kit: EdgeKit): EdgeDefinition[] {
  const userPosts = kit.endpoint('/v1/forum/user/posts');
  const communityPosts = kit.endpoint('/v1/forum/subreddit');
  // One loader for post and comment authors alike, so a query reads each user once.
  const throughUser = throughSingle(kit, kit.endpoint('/v1/forum/user'), 'username');
  const loadUserPosts = kit.loadLists(userPosts, (username) => ({ username }));
  const loadCommunityPosts = kit.loadLists(communityPosts, (subreddit) => ({ subreddit }));
  const platform = FORUM_PLATFORM;

  return [
    postAuthor({
      platform,
      description: "The post's author (1 credit per distinct author, through /v1/forum/user); null for deleted accounts.",
      key: (post) => accountHandle(post.authorHandle),
      ...throughUser,
    }),
    single('Post', 'community', 'Creator', {
      platform,
      description: 'The community the post is in (1 credit, through /v1/forum/subreddit/details).',
      key: communityOf,
      ...throughSingle(kit, kit.endpoint('/v1/forum/subreddit/details'), 'subreddit'),
    }),
    postComments({
      platform,
      description: 'The first page of comments, flattened in reading order (1 credit, through /v1/forum/post/comments with its defaults).',
      key: keyField('id'),
      ...throughList(kit, kit.endpoint('/v1/forum/post/comments'), 'url'),
    }),
    postTranscript({
      platform,
      description: "The hosted video's captions (1 credit when found, through /v1/forum/post/transcript); null when there are none.",
      key: keyField('id'),
      ...throughSingle(kit, kit.endpoint('/v1/forum/post/transcript'), 'url'),
    }),
    commentAuthor({
      platform,
      description: "The comment's author (1 credit per distinct author); null for deleted accounts.",
      key: (comment) => accountHandle(comment.authorHandle),
      ...throughUser,
    }),
    creatorPosts({
      platform,
      // A user's or a community's first page: the larger of the two defaults sizes it.
      upstreamCost: [kit.cost(userPosts), kit.cost(communityPosts)].reduce((a, b) =>
        (a.page?.default ?? 0) >= (b.page?.default ?? 0) ? a : b,
      ),
      description: "A user's newest posts, or a community's hot posts (1 credit, first page with the endpoint's defaults).",
      key: creatorKey,
      load: (keys, context) =>
        Promise.all(
          keys.map(async (key) => {
            const { kind, name } = splitCreatorKey(key);
            const [result] = await (kind === 'user' ? loadUserPosts : loadCommunityPosts)([name], context);
            return result!;
          }),
        ),
    }),
  ];
}
