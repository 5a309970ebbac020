import type { DemoWorld } from '../../../catalogue/demo-world.js';
import { appViewRoute } from './appview.js';
import { SOCIAL_DEMO_EXAMPLES } from './examples.js';

/** Invented accounts, posts, threads, feeds and lists on a synthetic anonymous AppView. */
export const socialDemo: DemoWorld = {
  async start() {
    return { routes: [appViewRoute()], examples: SOCIAL_DEMO_EXAMPLES };
  },
};
