import { startForwardProxy } from '../../../demo-kit/forward-proxy.js';
import type { DemoWorld } from '../../../catalogue/demo-world.js';
import { REALTY_DEMO_EXAMPLES } from './examples.js';
import { realtyRoutes } from './routes.js';

/**
 * A house, a rental building, an agent and two searches on Redfin's pages, reached through a
 * local forward proxy standing in for the residential proxy the family needs.
 */
export const realtyDemo: DemoWorld = {
  async start() {
    const proxy = await startForwardProxy();
    return { routes: realtyRoutes(), env: { REALTY_PROXY_URL: proxy.url }, examples: REALTY_DEMO_EXAMPLES, close: () => proxy.close() };
  },
};
