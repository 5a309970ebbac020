import type { DemoWorld } from '../../../catalogue/demo-world.js';
import { NEWS_DEMO_EXAMPLES } from './examples.js';
import { newsWorld } from './hacker-news.js';

/** Invented stories, comment threads, users and search hits on a synthetic Firebase API and HN Search. */
export const newsDemo: DemoWorld = {
  async start() {
    return { routes: [newsWorld()], examples: NEWS_DEMO_EXAMPLES };
  },
};
