import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import { createStackApi } from '../../../src/families/qa/demo/stack-api.js';

/**
 * A healthy Stack Exchange API for the hardening suites: the demo's synthetic API, which answers
 * any question, answer or user id from 1000 up by the shape of its path (gzip-compressed, as the
 * live API answers), so each fault-matrix pair names a resource of its own.
 */
export const healthy: HealthyFamily = {
  route: createStackApi().route,
  scenarios: {
    '/v1/qa/question': (variant) => ({ id: String(910_000_000 + variant) }),
    '/v1/qa/question/answers': (variant) => ({ id: String(910_000_000 + variant) }),
    '/v1/qa/questions': (variant) => ({ tag: `healthy-${variant}` }),
    '/v1/qa/search': (variant) => ({ query: `healthy query ${variant}` }),
    '/v1/qa/user': (variant) => ({ id: String(920_000_000 + variant) }),
    '/v1/qa/user/questions': (variant) => ({ id: String(920_000_000 + variant) }),
    '/v1/qa/user/answers': (variant) => ({ id: String(920_000_000 + variant) }),
  },
};
