import type { DemoWorld } from '../../../catalogue/demo-world.js';
import { forumGraphQLExamples } from '../graphql-examples.js';
import { DEMO_SUBREDDIT, FORUM_DEMO_EXAMPLES } from './examples.js';
import { forumRoutes } from './routes.js';

/** Two invented communities on Reddit's surfaces; the weekly thread's score grows so watches see changes. */
export const forumDemo: DemoWorld = {
  async start({ changeEveryMs }) {
    return {
      routes: forumRoutes({ scoreTickMs: changeEveryMs }),
      examples: FORUM_DEMO_EXAMPLES,
      graphqlExamples: forumGraphQLExamples({
        watchIntervalSeconds: Math.max(1, Math.round(changeEveryMs / 1000)),
        subreddit: DEMO_SUBREDDIT,
      }),
    };
  },
};
