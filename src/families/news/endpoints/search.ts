import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { invalidParam } from '../../../errors.js';
import { checkedPage, cursor, pageLimit } from './params.js';
import { searchPage } from './search-page.js';

/** HN Search's tag for each kind; `all` sends none. */
const KIND_TAGS = { story: 'story', comment: 'comment', poll: 'poll', ask: 'ask_hn', show: 'show_hn', all: undefined } as const;

const params = z.object({
  query: z.string().min(1).max(512).describe('words to search for in titles, texts, links and authors'),
  sort: z.enum(['relevance', 'date']).default('relevance').describe('relevance, or date (newest first)'),
  kind: z.enum(['story', 'comment', 'poll', 'ask', 'show', 'all']).default('story').describe('story, comment, poll, ask, show or all'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/news/search */
export const newsSearchEndpoint = defineEndpoint({
  path: '/v1/news/search',
  summary: 'Search Hacker News stories, comments and polls (HN Search)',
  description: [
    'Returns data.items: Post[] by relevance or newest first; a comment hit has title null and raw.posts[i] names its story (storyId, storyTitle, storyUrl) and parent.',
    'HN Search indexes live items only, a few minutes behind the site, and serves at most 1000 hits a query. No hits is an empty result (meta.reason no_results), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: 'pass a cursor with the same limit it was made with' }),
  returns: { kind: 'list', type: 'Post' },
  raw: z.object({
    posts: z.array(z.looseObject({})).describe('per hit: a comment names its story (storyId, storyTitle, storyUrl) and parent'),
  }),
  normaliseParams(input) {
    const query = input.query.trim().replace(/\s+/g, ' ');
    if (query === '') throw invalidParam('query', 'query must not be blank.');
    return checkedPage({ ...input, query });
  },
  fetch(input, ctx): Promise<ListResult<Post>> {
    return searchPage(
      ctx,
      { index: input.sort === 'date' ? 'search_by_date' : 'search', query: input.query, tags: KIND_TAGS[input.kind] },
      input,
    );
  },
});
