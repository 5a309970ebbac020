import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import {
  creatorPosts,
  fromParent,
  keyField,
  postAuthor,
  postComments,
  textOf,
  throughList,
  throughPage,
} from '../../catalogue/standard-edges.js';
import { FEDIVERSE_PLATFORM } from './constants.js';
import { authorOfPost } from './normalise/author.js';

/**
 * The fediverse graph beyond REST: a post's author (from the post itself, no request), its
 * replies, and an account's posts, each of the latter one call billed like REST.
 */
export function fediverseEdges(kit: EdgeKit): EdgeDefinition[] {
  const platform = FEDIVERSE_PLATFORM;
  return [
    postAuthor({
      platform,
      description:
        "The post's author as the post names it: full acct, display name and profile page (no request, no credit; counts through fediverseAccount).",
      ...fromParent(
        (post) => {
          const acct = textOf(post.authorId);
          return acct === null ? null : [acct, textOf(post.authorName), textOf(post.fetchedAt)];
        },
        (acct: string, name: string | null, fetchedAt: string | null) => authorOfPost(acct, name, fetchedAt ?? new Date().toISOString()),
      ),
    }),
    postComments({
      platform,
      description: "The post's replies, depth-first as served (1 credit, through /v1/fediverse/post/replies).",
      key: keyField('url'),
      ...throughList(kit, kit.endpoint('/v1/fediverse/post/replies'), 'url'),
    }),
    creatorPosts({
      platform,
      description: "The account's posts and reblogs, newest first (1 credit, through /v1/fediverse/account/posts with the default filter).",
      ...throughPage(kit, kit.endpoint('/v1/fediverse/account/posts'), {
        keyOf: keyField('id'),
        params: (account, limit) => ({ account, limit }),
        fetches: 2,
      }),
    }),
  ];
}
