import type { RefetchDeclaration } from '../../catalogue/family.js';
import { QA_PLATFORM } from './constants.js';
import { siteKey, siteParamsOf } from './graph.js';

/** A resource fetched again by its per-site id `{site}:{id}` through one single-resource endpoint. */
function bySiteId(type: string, endpoint: `/v1/${string}`): RefetchDeclaration {
  return {
    type,
    platform: QA_PLATFORM,
    key: siteKey('id'),
    fetch: (key) => {
      const params = siteParamsOf(key);
      return params === null ? null : { endpoint, params };
    },
  };
}

/** qa resources fetched again by their per-site id: a question by `{site}:{id}`, a user likewise. */
export const qaRefetch: readonly RefetchDeclaration[] = [bySiteId('Post', '/v1/qa/question'), bySiteId('Creator', '/v1/qa/user')];
