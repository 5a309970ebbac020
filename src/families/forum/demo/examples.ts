import type { DemoExample } from '../../../catalogue/demo-world.js';
import { THREAD_POST_ID, VIDEO_POST_ID } from './data.js';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const redditPost = (id: string, slug: string) => `https://www.reddit.com/r/balconygardens/comments/${id}/${slug}/`;

/** The community every forum example reads; GraphiQL's demo operations use it too. */
export const DEMO_SUBREDDIT = 'balconygardens';

/** One request per forum endpoint, answered by the demo's forum world. */
export const FORUM_DEMO_EXAMPLES: readonly DemoExample[] = [
  {
    endpoint: '/v1/forum/subreddit',
    what: "a community's hot posts, page 1 of 2",
    path: `/v1/forum/subreddit?${query({ subreddit: DEMO_SUBREDDIT })}`,
  },
  {
    endpoint: '/v1/forum/subreddit/details',
    what: "a community's profile",
    path: `/v1/forum/subreddit/details?${query({ subreddit: `r/${DEMO_SUBREDDIT}` })}`,
  },
  {
    endpoint: '/v1/forum/post',
    what: 'one post',
    path: `/v1/forum/post?${query({ url: redditPost(THREAD_POST_ID, 'weekly_showandtell_whats_growing_on_your_balcony') })}`,
  },
  {
    endpoint: '/v1/forum/post/comments',
    what: 'a comment tree with load-more and continue-this-thread stubs',
    path: `/v1/forum/post/comments?${query({ url: THREAD_POST_ID, include_raw: 'true' })}`,
  },
  {
    endpoint: '/v1/forum/post/comment/replies',
    what: 'the thread below one comment',
    path: `/v1/forum/post/comment/replies?${query({ url: `${THREAD_POST_ID}:c1a002` })}`,
  },
  {
    endpoint: '/v1/forum/post/transcript',
    what: "a hosted video's captions",
    path: `/v1/forum/post/transcript?${query({ url: redditPost(VIDEO_POST_ID, 'timelapse_30_days_of_pea_shoots') })}`,
  },
  {
    endpoint: '/v1/forum/search',
    what: 'search in one community',
    path: `/v1/forum/search?${query({ query: 'balcony', subreddit: DEMO_SUBREDDIT, limit: '5' })}`,
  },
  { endpoint: '/v1/forum/user', what: 'a user profile with karma', path: `/v1/forum/user?${query({ username: 'fern_and_fig' })}` },
  { endpoint: '/v1/forum/user/posts', what: "a user's posts", path: `/v1/forum/user/posts?${query({ username: 'u/levain_lucy' })}` },
];
