import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import {
  creatorPosts,
  keyField,
  list,
  postAuthor,
  postComments,
  throughList,
  throughPage,
  throughSingle,
} from '../../catalogue/standard-edges.js';
import { SOCIAL_PLATFORM } from './constants.js';

/** An account's page, keyed by its DID (which holds no `|`). */
const byAccount = (handle: string, limit: number) => ({ handle, limit });

/**
 * The social graph beyond REST: a post's author and replies, an account's posts and followers;
 * each one upstream call billed like REST, batched per request by the loaders.
 */
export function socialEdges(kit: EdgeKit): EdgeDefinition[] {
  const platform = SOCIAL_PLATFORM;
  return [
    postAuthor({
      platform,
      description: "The post's author, with the profile counts (1 credit per distinct author, through /v1/social/profile).",
      key: keyField('authorId'),
      ...throughSingle(kit, kit.endpoint('/v1/social/profile'), 'handle'),
    }),
    postComments({
      platform,
      description: "The post's replies, flattened depth-first (1 credit, through /v1/social/post/replies with its defaults).",
      key: keyField('id'),
      ...throughList(kit, kit.endpoint('/v1/social/post/replies'), 'url'),
    }),
    creatorPosts({
      platform,
      description: "The account's posts and reposts, newest first (1 credit, through /v1/social/profile/posts with the default filter).",
      ...throughPage(kit, kit.endpoint('/v1/social/profile/posts'), { keyOf: keyField('id'), params: byAccount }),
    }),
    list('Creator', 'followers', 'Creator', {
      platform,
      description: "The account's followers, most recent first (1 credit, through /v1/social/profile/followers).",
      ...throughPage(kit, kit.endpoint('/v1/social/profile/followers'), { keyOf: keyField('id'), params: byAccount }),
    }),
  ];
}
