import { defineFamily } from '../../catalogue/family.js';
import { NEWS_HOSTS } from './constants.js';
import { newsItemCommentsEndpoint } from './endpoints/item-comments.js';
import { newsItemEndpoint } from './endpoints/item.js';
import { newsSearchEndpoint } from './endpoints/search.js';
import { newsStoriesEndpoint } from './endpoints/stories.js';
import { newsUserSubmissionsEndpoint } from './endpoints/user-submissions.js';
import { newsUserEndpoint } from './endpoints/user.js';
import { newsEdges } from './graph.js';
import { newsRefetch } from './refetch.js';
import { readNewsBudget } from './upstream/rate-budget.js';
import { newsUrlForms } from './url-forms.js';

/**
 * The news family: Hacker News through its two public APIs, without any key or account. The
 * official API (Firebase) answers items, front-page lists and users; HN Search (Algolia) answers
 * searches, a user's submissions and whole comment trees in one request.
 */
export const newsFamily = defineFamily({
  name: 'news',
  hosts: NEWS_HOSTS,
  readBudget: readNewsBudget,
  endpoints: [
    newsStoriesEndpoint,
    newsItemEndpoint,
    newsItemCommentsEndpoint,
    newsUserEndpoint,
    newsUserSubmissionsEndpoint,
    newsSearchEndpoint,
  ],
  urlForms: newsUrlForms,
  edges: newsEdges,
  refetch: newsRefetch,
  demo: async () => (await import('./demo/world.js')).newsDemo,
});
