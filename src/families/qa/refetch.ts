import type { RefetchDeclaration } from '../../catalogue/family.js';
import { QA_PLATFORM } from './constants.js';
import { siteParamsOf } from './graph.js';

/** qa resources fetched again by their per-site id: a question by `{site}:{id}`, a user likewise. */
export const qaRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'Post',
    platform: QA_PLATFORM,
    key: (post) => (siteParamsOf(post.id) === null ? null : (post.id as string)),
    fetch: (key) => {
      const params = siteParamsOf(key);
      return params === null ? null : { endpoint: '/v1/qa/question', params };
    },
  },
  {
    type: 'Creator',
    platform: QA_PLATFORM,
    key: (user) => (siteParamsOf(user.id) === null ? null : (user.id as string)),
    fetch: (key) => {
      const params = siteParamsOf(key);
      return params === null ? null : { endpoint: '/v1/qa/user', params };
    },
  },
];
