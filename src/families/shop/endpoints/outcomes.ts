import { GatewayError, schemaDrift } from '../../../errors.js';

/**
 * The answers every shop endpoint shares: a host that is no Shopify store (400 naming the
 * parameter, never charged), a locked store and an empty list (empty results, never charged),
 * and JSON of another shape (upstream_schema_drift).
 */

export const notShopify = (param: string, host: string): GatewayError =>
  new GatewayError('invalid_request', `Invalid parameter \`${param}\`: ${host} does not answer as a Shopify storefront.`, {
    details: { param, reason: 'not_shopify', host },
  });

export const otherShape = (what: string, url: string): GatewayError =>
  schemaDrift(`The store's ${what} answer did not have Shopify's shape.`, { url });

export const PASSWORD_PROTECTED = 'password_protected';

/** The empty page of a list (a locked store, no products, a collection that is not there). */
export function emptyList(reason: string, raw: unknown) {
  return { items: [], pagination: { cursor: null, hasMore: false }, raw, emptyReason: reason };
}
