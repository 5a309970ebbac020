import type { RefetchDeclaration } from '../../catalogue/family.js';
import { NEWS_PLATFORM } from './constants.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** News resources fetched again by key: an item by its id, a user by name (case-sensitive). */
export const newsRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'Post',
    platform: NEWS_PLATFORM,
    key: (post) => text(post.id),
    fetch: (id) => (/^[1-9][0-9]{0,11}$/.test(id) ? { endpoint: '/v1/news/item', params: { id } } : null),
  },
  {
    type: 'Creator',
    platform: NEWS_PLATFORM,
    key: (user) => text(user.handle),
    fetch: (name) => ({ endpoint: '/v1/news/user', params: { username: name } }),
  },
];
