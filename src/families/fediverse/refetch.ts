import type { RefetchDeclaration } from '../../catalogue/family.js';
import { FEDIVERSE_PLATFORM } from './constants.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Fediverse resources fetched again by key: an account by its full acct (read on its home
 * server), a post by its web page, an instance by its domain.
 */
export const fediverseRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'Creator',
    platform: FEDIVERSE_PLATFORM,
    key: (account) => text(account.id),
    fetch: (acct) => ({ endpoint: '/v1/fediverse/account', params: { account: acct } }),
  },
  {
    type: 'Post',
    platform: FEDIVERSE_PLATFORM,
    key: (post) => text(post.url),
    fetch: (url) => ({ endpoint: '/v1/fediverse/post', params: { url } }),
  },
  {
    type: 'Instance',
    platform: FEDIVERSE_PLATFORM,
    key: (instance) => text(instance.id),
    fetch: (domain) => ({ endpoint: '/v1/fediverse/instance', params: { instance: domain } }),
  },
];
