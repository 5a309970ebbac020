import type { RefetchDeclaration } from '../../catalogue/family.js';
import { refetchByField } from '../../catalogue/standard-refetch.js';
import { FEDIVERSE_PLATFORM } from './constants.js';

/**
 * Fediverse resources fetched again by key: an account by its full acct (read on its home
 * server), a post by its web page, an instance by its domain.
 */
export const fediverseRefetch: readonly RefetchDeclaration[] = [
  refetchByField('Creator', FEDIVERSE_PLATFORM, 'id', { endpoint: '/v1/fediverse/account', param: 'account' }),
  refetchByField('Post', FEDIVERSE_PLATFORM, 'url', { endpoint: '/v1/fediverse/post', param: 'url' }),
  refetchByField('Instance', FEDIVERSE_PLATFORM, 'id', { endpoint: '/v1/fediverse/instance', param: 'instance' }),
];
