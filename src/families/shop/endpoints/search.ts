import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import { invalidParam } from '../../../errors.js';
import type { Product } from '../../../model/commerce.js';
import { storeHost } from '../input/store.js';
import { productFromSuggestion } from '../normalise/product.js';
import { array, record } from '../normalise/values.js';
import { storeMetaFor } from '../upstream/meta.js';
import { bodyWith, getStorefront } from '../upstream/storefront.js';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import { PASSWORD_PROTECTED, notShopify, otherShape } from './outcomes.js';
import { domain, searchLimit } from './params.js';

const params = z.object({
  domain,
  query: z.string().min(1).max(200).describe('words to search the store for, e.g. "rash guard"'),
  limit: searchLimit,
});

const suggestPath = (query: string, limit: number): string =>
  `/search/suggest.json?${new URLSearchParams({ q: query, 'resources[type]': 'product', 'resources[limit]': String(limit) }).toString()}`;

/** GET /v1/shop/search */
export const shopSearchEndpoint = defineEndpoint({
  path: '/v1/shop/search',
  summary: "Products of a Shopify store matching words, in the store's predictive-search order",
  description: [
    "Returns data.items: Product[] from the store's predictive search (at most 10): prices as exact decimal strings, availability per variant; search items carry no times, SKUs or variant options.",
    'No match is an empty result (meta.reason no_results).',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false }),
  returns: { kind: 'list', type: 'Product' },
  raw: z.object({ storeDomain: z.string().describe('the store host that answered') }),
  normaliseParams: (input) => {
    const query = input.query.trim().replace(/\s+/g, ' ');
    if (query === '') throw invalidParam('query', 'query must not be blank.');
    return { ...input, domain: storeHost(input.domain), query };
  },
  async fetch(input, ctx): Promise<ListResult<Product>> {
    const host = storeHost(input.domain);
    const meta = storeMetaFor(ctx, host).catch(() => null);
    const answer = await getStorefront(ctx, host, suggestPath(input.query, input.limit), 'domain');
    if (answer.kind === 'password') return emptyListResult(PASSWORD_PROTECTED, { storeDomain: host, url: answer.url });
    if (answer.kind !== 'json') throw notShopify('domain', host);
    const body = bodyWith(answer.body, 'resources');
    const found = record(record(body?.resources)?.results)?.products;
    if (body === null || (found !== undefined && !Array.isArray(found))) throw otherShape('search', answer.url);
    const storeMeta = await meta;
    const context = {
      storeDomain: answer.storeDomain,
      storeName: storeMeta?.name ?? null,
      currency: storeMeta?.currency ?? null,
      fetchedAt: ctx.fetchedAt,
    };
    const items = array(found)
      .slice(0, input.limit)
      .flatMap((item) => productFromSuggestion(item, context) ?? []);
    const raw = { storeDomain: answer.storeDomain, url: answer.url, payload: body };
    if (items.length === 0) return emptyListResult('no_results', raw);
    return { items, pagination: { cursor: null, hasMore: false }, raw };
  },
});
