import type { DemoWorld } from '../../../catalogue/demo-world.js';
import { FEDIVERSE_DEMO_EXAMPLES } from './examples.js';
import { INSTANCE_HOSTS, instanceApiRoute } from './instance-api.js';

/** Two invented Mastodon-compatible instances (one serving only the v1 document), an opted-out account on each. */
export const fediverseDemo: DemoWorld = {
  async start({ changeEveryMs }) {
    return {
      routes: [instanceApiRoute({ tick: () => Math.floor(Date.now() / changeEveryMs) % 1000 })],
      hosts: INSTANCE_HOSTS,
      env: { FEDIVERSE_INSTANCES: INSTANCE_HOSTS.join(',') },
      examples: FEDIVERSE_DEMO_EXAMPLES,
    };
  },
};
