import { demoExample, type DemoExample } from '../../../catalogue/demo-world.js';
import { THREAD_POST_ID, VIDEO_POST_ID } from './data.js';

const redditPost = (id: string, slug: string) => `https://www.reddit.com/r/balconygardens/comments/${id}/${slug}/`;

/** The community every forum example reads; GraphiQL's demo operations use it too. */
export const DEMO_SUBREDDIT = 'balconygardens';

/** One request per forum endpoint, answered by the demo's forum world. */
export const FORUM_DEMO_EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/forum/subreddit', "a community's hot posts, page 1 of 2", { subreddit: DEMO_SUBREDDIT }),
  demoExample('/v1/forum/subreddit/details', "a community's profile", { subreddit: `r/${DEMO_SUBREDDIT}` }),
  demoExample('/v1/forum/post', 'one post', { url: redditPost(THREAD_POST_ID, 'weekly_showandtell_whats_growing_on_your_balcony') }),
  demoExample('/v1/forum/post/comments', 'a comment tree with load-more and continue-this-thread stubs', {
    url: THREAD_POST_ID,
    include_raw: 'true',
  }),
  demoExample('/v1/forum/post/comment/replies', 'the thread below one comment', { url: `${THREAD_POST_ID}:c1a002` }),
  demoExample('/v1/forum/post/transcript', "a hosted video's captions", {
    url: redditPost(VIDEO_POST_ID, 'timelapse_30_days_of_pea_shoots'),
  }),
  demoExample('/v1/forum/search', 'search in one community', { query: 'balcony', subreddit: DEMO_SUBREDDIT, limit: '5' }),
  demoExample('/v1/forum/user', 'a user profile with karma', { username: 'fern_and_fig' }),
  demoExample('/v1/forum/user/posts', "a user's posts", { username: 'u/levain_lucy' }),
];
