import { GatewayError, schemaDrift } from '../../../errors.js';

/**
 * The answers every shop endpoint shares: a host that is no Shopify store (400 naming the
 * parameter, never charged), a locked store (an empty result, never charged),
 * and JSON of another shape (upstream_schema_drift).
 */

export const notShopify = (param: string, host: string): GatewayError =>
  new GatewayError('invalid_request', `Invalid parameter \`${param}\`: ${host} does not answer as a Shopify storefront.`, {
    details: { param, reason: 'not_shopify', host },
  });

export const otherShape = (what: string, url: string): GatewayError =>
  schemaDrift(`The store's ${what} answer did not have Shopify's shape.`, { url });

export const PASSWORD_PROTECTED = 'password_protected';
