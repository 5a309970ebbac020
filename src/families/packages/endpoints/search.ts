import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import { invalidParam } from '../../../errors.js';
import { cratesNextUrl, cratesSearchPage, cratesSearchUrl } from '../crates/search.js';
import type { Package } from '../model.js';
import { npmSearchPage, npmSearchUrl } from '../npm/search.js';
import { SHAPES, emptyPage, jsonRecord } from '../upstream/answers.js';
import { nextPageCursor, nextPageOf, offsetCursor, offsetOf } from '../upstream/cursor.js';
import { getJson } from '../upstream/fetch.js';
import { cursor, refusePypi, registry, searchLimit } from './params.js';

const params = z.object({
  registry: registry.default('npm').describe('npm (the default) or crates; PyPI has no search API'),
  query: z.string().min(1).max(256).describe('words to search for, e.g. "http client"'),
  limit: searchLimit,
  cursor,
});

/** npm serves at most this many results of one search. */
const NPM_SEARCH_WINDOW = 5000;

/** GET /v1/packages/search */
export const packagesSearchEndpoint = defineEndpoint({
  path: '/v1/packages/search',
  summary: 'Package search on npm or crates.io, in the registry’s own order',
  description: [
    "Returns data.items: Package[] in the registry's order; raw.total is its match count. Items carry what the registry's search shows (no version count or creation time).",
    'PyPI has no search API: registry=pypi is 400 naming registry, with no request and no charge.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: 'registry npm or crates' }),
  returns: { kind: 'list', type: 'Package' },
  raw: z.object({ total: z.number().nullable().describe("the registry's match count") }),
  normaliseParams: (input) => {
    refusePypi(input.registry, 'a search API');
    if (input.registry === 'npm') offsetOf(input.cursor);
    else nextPageOf(input.cursor);
    const query = input.query.trim().replace(/\s+/g, ' ');
    if (query === '') throw invalidParam('query', 'query must not be blank.');
    return { ...input, query };
  },
  async fetch(input, ctx): Promise<ListResult<Package>> {
    refusePypi(input.registry, 'a search API');
    if (input.registry === 'npm') {
      const from = offsetOf(input.cursor);
      const url = npmSearchUrl(input.query, input.limit, from);
      const answer = await getJson(ctx, url);
      if (answer.kind === 'empty') return emptyPage(url, answer.payload);
      const body = jsonRecord(answer.response, 'npm search', SHAPES.npmSearch);
      const page = npmSearchPage(body, ctx.fetchedAt);
      const hasMore = page.total !== null && from + input.limit < Math.min(page.total, NPM_SEARCH_WINDOW);
      return {
        items: page.items.slice(0, input.limit),
        pagination: { cursor: hasMore ? offsetCursor(from + input.limit) : null, hasMore },
        raw: { registry: 'npm', url, total: page.total, payload: body },
      };
    }
    const next = nextPageOf(input.cursor);
    const url = next === null ? cratesSearchUrl(input.query, input.limit) : cratesNextUrl(next);
    const answer = await getJson(ctx, url);
    if (answer.kind === 'empty') return emptyPage(url, answer.payload);
    const body = jsonRecord(answer.response, 'crates search', SHAPES.crateSearch);
    const page = cratesSearchPage(body, ctx.fetchedAt);
    return {
      items: page.items.slice(0, input.limit),
      pagination: { cursor: page.nextPage === null ? null : nextPageCursor(page.nextPage), hasMore: page.nextPage !== null },
      raw: { registry: 'crates', url, total: page.total, payload: body },
    };
  },
});
