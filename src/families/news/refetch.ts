import type { RefetchDeclaration } from '../../catalogue/family.js';
import { textOf } from '../../catalogue/standard-edges.js';
import { refetchByField } from '../../catalogue/standard-refetch.js';
import { NEWS_PLATFORM } from './constants.js';

/** News resources fetched again by key: an item by its id, a user by name (case-sensitive). */
export const newsRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'Post',
    platform: NEWS_PLATFORM,
    key: (post) => textOf(post.id),
    fetch: (id) => (/^[1-9][0-9]{0,11}$/.test(id) ? { endpoint: '/v1/news/item', params: { id } } : null),
  },
  refetchByField('Creator', NEWS_PLATFORM, 'handle', { endpoint: '/v1/news/user', param: 'username' }),
];
