import { AGENT, CITY_SEARCH_PATH, RENTAL_BUILDING, RENTALS_SEARCH_PATH, SALE_HOME } from './world/realty-data.js';
import { THREAD_POST_ID, VIDEO_POST_ID } from './world/forum-data.js';

/**
 * One example request per data endpoint, all answered by the demo's dataset. `npm run demo`
 * prints them; test/demo requests every one and checks the catalogue has no endpoint without
 * an example, so the list cannot fall behind the gateway.
 */

export interface DemoExample {
  /** The catalogue path the example exercises. */
  endpoint: `/v1/${string}`;
  /** What the example shows, in a few words. */
  what: string;
  /** Path and query string. */
  path: string;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const redditPost = (id: string, slug: string) => `https://www.reddit.com/r/balconygardens/comments/${id}/${slug}/`;

/** The community every forum example reads; GraphiQL's example operations use it too. */
export const DEMO_SUBREDDIT = 'balconygardens';

/** The public image URL of the detect-age-gender example (neither the gateway nor the demo's provider fetches it). */
export const DEMO_PORTRAIT_URL = 'https://images.example.org/portraits/harper-lindqvist.jpg';

/** How the demo resolves image hosts for the outbound check, without DNS: example.org's public address. */
export const DEMO_IMAGE_HOSTS: Record<string, string[]> = { 'images.example.org': ['93.184.215.14'] };

export const DEMO_EXAMPLES: readonly DemoExample[] = [
  { endpoint: '/v1/forum/subreddit', what: "a community's hot posts, page 1 of 2", path: `/v1/forum/subreddit?${query({ subreddit: DEMO_SUBREDDIT })}` },
  { endpoint: '/v1/forum/subreddit/details', what: "a community's profile", path: `/v1/forum/subreddit/details?${query({ subreddit: `r/${DEMO_SUBREDDIT}` })}` },
  { endpoint: '/v1/forum/post', what: 'one post', path: `/v1/forum/post?${query({ url: redditPost(THREAD_POST_ID, 'weekly_showandtell_whats_growing_on_your_balcony') })}` },
  { endpoint: '/v1/forum/post/comments', what: 'a comment tree with load-more and continue-this-thread stubs', path: `/v1/forum/post/comments?${query({ url: THREAD_POST_ID, include_raw: 'true' })}` },
  { endpoint: '/v1/forum/post/comment/replies', what: 'the thread below one comment', path: `/v1/forum/post/comment/replies?${query({ url: `${THREAD_POST_ID}:c1a002` })}` },
  { endpoint: '/v1/forum/post/transcript', what: "a hosted video's captions", path: `/v1/forum/post/transcript?${query({ url: redditPost(VIDEO_POST_ID, 'timelapse_30_days_of_pea_shoots') })}` },
  { endpoint: '/v1/forum/search', what: 'search in one community', path: `/v1/forum/search?${query({ query: 'balcony', subreddit: DEMO_SUBREDDIT, limit: '5' })}` },
  { endpoint: '/v1/forum/user', what: 'a user profile with karma', path: `/v1/forum/user?${query({ username: 'fern_and_fig' })}` },
  { endpoint: '/v1/forum/user/posts', what: "a user's posts", path: `/v1/forum/user/posts?${query({ username: 'u/levain_lucy' })}` },
  { endpoint: '/v1/realty/for-sale', what: 'a house for sale with price history and schools', path: `/v1/realty/for-sale?${query({ url: SALE_HOME.url })}` },
  { endpoint: '/v1/realty/for-rent', what: 'a multi-unit rental building (starting rent, floor plans)', path: `/v1/realty/for-rent?${query({ url: RENTAL_BUILDING.url, include_raw: 'true' })}` },
  { endpoint: '/v1/realty/agent', what: 'an agent and the listings on the profile', path: `/v1/realty/agent?${query({ url: AGENT.url })}` },
  { endpoint: '/v1/realty/search', what: 'a city search, page 1 of 2', path: `/v1/realty/search?${query({ url: `https://www.redfin.com${CITY_SEARCH_PATH}` })}` },
  { endpoint: '/v1/detect-age-gender', what: "experimental: a model's age and gender estimate (the demo's fake provider)", path: `/v1/detect-age-gender?${query({ url: DEMO_PORTRAIT_URL })}` },
  { endpoint: '/v1/realty/search', what: 'a rentals search', path: `/v1/realty/search?${query({ url: `https://www.redfin.com${RENTALS_SEARCH_PATH}` })}` },
];
