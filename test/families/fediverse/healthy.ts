import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import { HOME } from '../../../src/families/fediverse/demo/entities.js';
import { INSTANCE_HOSTS, instanceApiRoute } from '../../../src/families/fediverse/demo/instance-api.js';

/** An account of its own per variant: the fake instance answers any such name healthy. */
const account = (variant: number) => `user${variant}@${HOME}`;
/** A status of its own per variant: the fake serves any long id as one of alice's. */
const status = (variant: number) => `https://${HOME}/@alice/${200_000_000 + variant}`;

/** The fediverse family's healthy instance for the hardening suites, and one request per endpoint. */
export const healthy: HealthyFamily = {
  route: instanceApiRoute(),
  originHosts: INSTANCE_HOSTS,
  scenarios: {
    '/v1/fediverse/account': (variant) => ({ account: account(variant) }),
    '/v1/fediverse/account/posts': (variant) => ({ account: `https://${HOME}/@user${variant}` }),
    '/v1/fediverse/post': (variant) => ({ url: status(variant) }),
    '/v1/fediverse/post/replies': (variant) => ({ url: status(variant) }),
    '/v1/fediverse/hashtag': (variant) => ({ instance: HOME, tag: `tag${variant}` }),
    '/v1/fediverse/instance': () => ({ instance: HOME }),
    '/v1/fediverse/search/accounts': (variant) => ({ instance: HOME, query: `user ${variant}` }),
  },
};
