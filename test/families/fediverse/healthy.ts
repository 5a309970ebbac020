import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import { HOME } from '../../../src/families/fediverse/demo/entities.js';
import { INSTANCE_HOSTS, instanceApiRoute } from '../../../src/families/fediverse/demo/instance-api.js';

/** An account of its own per variant: the fake instance answers any such name healthy. */
const account = (variant: number) => `user${variant}@${HOME}`;
/** A status of its own per variant: the fake serves any long id as one of alice's. */
const status = (variant: number) => `https://${HOME}/@alice/${200_000_000 + variant}`;

/**
 * Instances of their own per variant, for the instance document: answered as the fake's home
 * instance. Variants beyond them come round again, long after their cache entry was asked.
 */
const VARIANT_INSTANCES = 5000;
const variantInstance = (variant: number) => `i${variant % VARIANT_INSTANCES}.example.net`;
const home = instanceApiRoute();

/** The fediverse family's healthy instance for the hardening suites, and one request per endpoint. */
export const healthy: HealthyFamily = {
  route: (request, url) => home(/^i\d+\.example\.net$/.test(request.host ?? '') ? { ...request, host: HOME } : request, url),
  // A non-JSON answer makes the family read the instance document, which the fault answers too:
  // the host is not a Mastodon API (400 naming the parameter), not a drifted one.
  faultExpectations: {
    'HTML where JSON was expected': { status: 400, code: 'invalid_request' },
    'truncated JSON': { status: 400, code: 'invalid_request' },
    '429 without Retry-After': { status: 429, code: 'upstream_rate_limited', retryAfter: '300' },
  },
  callerHosts: [...INSTANCE_HOSTS, ...Array.from({ length: VARIANT_INSTANCES }, (_, index) => variantInstance(index))],
  scenarios: {
    '/v1/fediverse/account': (variant) => ({ account: account(variant) }),
    '/v1/fediverse/account/posts': (variant) => ({ account: `https://${HOME}/@user${variant}` }),
    '/v1/fediverse/post': (variant) => ({ url: status(variant) }),
    '/v1/fediverse/post/replies': (variant) => ({ url: status(variant) }),
    '/v1/fediverse/hashtag': (variant) => ({ instance: HOME, tag: `tag${variant}` }),
    '/v1/fediverse/instance': (variant) => ({ instance: variantInstance(variant) }),
    '/v1/fediverse/search/accounts': (variant) => ({ instance: HOME, query: `user ${variant}` }),
  },
  // Read on the instances an allowlist names only: /v1/resolve's test names this page's instance there.
  pages: [`https://${HOME}/@resolved?utm_source=x`],
};
