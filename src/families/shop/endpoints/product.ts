import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Product } from '../../../model/commerce.js';
import { productFromAjax } from '../normalise/product.js';
import { storeMetaFor } from '../upstream/meta.js';
import { bodyWith, getStorefront } from '../upstream/storefront.js';
import { PASSWORD_PROTECTED, notShopify, otherShape } from './outcomes.js';
import { productChangeReport } from '../watch/index.js';
import { PRODUCT_CONSTRAINT, canonicalProduct, productIdentity } from './params.js';

const params = z.object(productIdentity);

/** GET /v1/shop/product */
export const shopProductEndpoint = defineEndpoint({
  path: '/v1/shop/product',
  summary: 'One product of a Shopify store: variants with exact prices, compare-at prices and stock',
  description: [
    "Returns one Product from the store's Ajax product answer: prices as exact decimal strings in the store's default currency (currency null when the store does not say), availability per variant.",
    'Name it by its page URL (any locale prefix or collection path) or by domain and handle. A product the store does not have is an empty result (meta.reason not_found); a locked store too (password_protected).',
    'Subscribable: a change event lists what changed per variant (price, compare-at price, availability, title; variants added or removed) and the product title.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: PRODUCT_CONSTRAINT }),
  returns: { kind: 'single', type: 'Product' },
  raw: z.object({ storeDomain: z.string().describe('the store host that answered') }),
  normaliseParams: canonicalProduct,
  changes: productChangeReport,
  async fetch(input, ctx): Promise<SingleResult<Product>> {
    const { domain, handle } = canonicalProduct(input);
    const meta = storeMetaFor(ctx, domain).catch(() => null);
    const answer = await getStorefront(ctx, domain, `/products/${encodeURIComponent(handle)}.js`, 'domain');
    if (answer.kind === 'password') return { data: null, raw: { storeDomain: domain, url: answer.url }, emptyReason: PASSWORD_PROTECTED };
    if (answer.kind === 'not_json') throw notShopify('domain', domain);
    if (answer.kind === 'not_found') {
      if ((await meta) === null) throw notShopify('domain', domain);
      return { data: null, raw: { storeDomain: domain, url: answer.url }, emptyReason: 'not_found' };
    }
    const body = bodyWith(answer.body, 'variants');
    if (body === null || !Array.isArray(body.variants)) throw otherShape('product', answer.url);
    const storeMeta = await meta;
    const context = {
      storeDomain: answer.storeDomain,
      storeName: storeMeta?.name ?? null,
      currency: storeMeta?.currency ?? null,
      fetchedAt: ctx.fetchedAt,
    };
    const data = productFromAjax(body, context);
    if (data === null) throw otherShape('product', answer.url);
    return { data, raw: { storeDomain: answer.storeDomain, url: answer.url, payload: body } };
  },
});
