import type { RefetchDeclaration } from '../../catalogue/family.js';
import { SOCIAL_PLATFORM } from './constants.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Social resources fetched again by key: an account by its DID, a post by its at:// URI. */
export const socialRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'Creator',
    platform: SOCIAL_PLATFORM,
    key: (account) => text(account.id),
    fetch: (did) => ({ endpoint: '/v1/social/profile', params: { handle: did } }),
  },
  {
    type: 'Post',
    platform: SOCIAL_PLATFORM,
    key: (post) => text(post.id),
    fetch: (uri) => ({ endpoint: '/v1/social/post', params: { url: uri } }),
  },
];
