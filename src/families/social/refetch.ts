import type { RefetchDeclaration } from '../../catalogue/family.js';
import { refetchByField } from '../../catalogue/standard-refetch.js';
import { SOCIAL_PLATFORM } from './constants.js';

/** Social resources fetched again by key: an account by its DID, a post by its at:// URI. */
export const socialRefetch: readonly RefetchDeclaration[] = [
  refetchByField('Creator', SOCIAL_PLATFORM, 'id', { endpoint: '/v1/social/profile', param: 'handle' }),
  refetchByField('Post', SOCIAL_PLATFORM, 'id', { endpoint: '/v1/social/post', param: 'url' }),
];
