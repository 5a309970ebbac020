import type { DemoWorld } from '../../../catalogue/demo-world.js';
import { CODE_DEMO_EXAMPLES } from './examples.js';
import { codeRoutes } from './routes.js';

/** Invented accounts, repositories, issues, activity and trending boards on GitHub's API and web surfaces. */
export const codeDemo: DemoWorld = {
  async start() {
    return { routes: codeRoutes(), examples: CODE_DEMO_EXAMPLES };
  },
};
