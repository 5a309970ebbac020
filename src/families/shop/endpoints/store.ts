import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { storeHost } from '../input/store.js';
import { storeCreator } from '../normalise/store.js';
import { fetchMeta } from '../upstream/meta.js';
import { PASSWORD_PROTECTED, notShopify, otherShape } from './outcomes.js';
import { domain } from './params.js';

const params = z.object({ domain });

/** GET /v1/shop/store */
export const shopStoreEndpoint = defineEndpoint({
  path: '/v1/shop/store',
  summary: 'A Shopify store as a Creator: its name, description, country and product count',
  description: [
    "Returns the store as a Creator from its meta.json (postCount: the published products). With include_raw, raw.currency is the store's default currency, raw.myshopifyDomain its .myshopify.com host and raw.collectionCount its published collections.",
    'A locked store is an empty result (meta.reason password_protected); a host that is not a Shopify store is 400 naming domain (details.reason not_shopify).',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false }),
  returns: { kind: 'single', type: 'Creator' },
  raw: z.object({
    currency: z.string().nullable().describe("the store's default currency (ISO 4217)"),
    myshopifyDomain: z.string().nullable().describe("the store's .myshopify.com host"),
    collectionCount: z.number().nullable().describe('how many collections the store publishes'),
  }),
  normaliseParams: (input) => ({ ...input, domain: storeHost(input.domain) }),
  async fetch(input, ctx): Promise<SingleResult<Creator>> {
    const host = storeHost(input.domain);
    const { answer, meta } = await fetchMeta(ctx, host);
    if (answer.kind === 'password') return { data: null, raw: { storeDomain: host, url: answer.url }, emptyReason: PASSWORD_PROTECTED };
    if (answer.kind !== 'json') throw notShopify('domain', host);
    if (meta === null) throw otherShape('meta.json', answer.url);
    return {
      data: storeCreator(meta, answer.storeDomain, ctx.fetchedAt),
      raw: {
        currency: meta.currency,
        myshopifyDomain: meta.myshopifyDomain,
        collectionCount: meta.collectionCount,
        url: answer.url,
        payload: answer.body,
      },
    };
  },
});
