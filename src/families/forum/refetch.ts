import type { RefetchDeclaration } from '../../catalogue/family.js';
import { refetchByField } from '../../catalogue/standard-refetch.js';
import { FORUM_PLATFORM } from './constants.js';
import { creatorKey, splitCreatorKey } from './graph.js';

/**
 * Forum resources fetched again by key: a post by its base36 id, a user by name and a
 * community by name. Users and communities are both Creators, so their keys carry the kind:
 * a user and a community with the same native id never share a global ID.
 */
export const forumRefetch: readonly RefetchDeclaration[] = [
  refetchByField('Post', FORUM_PLATFORM, 'id', { endpoint: '/v1/forum/post', param: 'url' }),
  {
    type: 'Creator',
    platform: FORUM_PLATFORM,
    key: creatorKey,
    fetch: (key) => {
      const { kind, name } = splitCreatorKey(key);
      if (name === '') return null;
      if (kind === 'user') return { endpoint: '/v1/forum/user', params: { username: name } };
      if (kind === 'community') return { endpoint: '/v1/forum/subreddit/details', params: { subreddit: name } };
      return null;
    },
  },
];
