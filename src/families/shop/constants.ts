/** Fixed facts about Shopify storefronts, shared by every module of the family. */

/** The `platform` of every resource the family serves. */
export const PLATFORM = 'shopify';

/** Page sizes: products.json serves at most 250 items a page; predictive search at most 10. */
export const LIST_LIMIT = { default: 30, max: 250 } as const;
export const SEARCH_LIMIT = { default: 10, max: 10 } as const;

/** products.json stops serving pages near this many products (page × limit). */
export const MAX_LIST_POSITION = 25_000;

/** The largest storefront answer read; a larger one is upstream_schema_drift. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** How long a store's meta.json (its name and currency) is reused for the other endpoints. */
export const META_REUSE_MS = 10 * 60 * 1000;

/** Redirect hops followed (a `.myshopify.com` host answers 301 to the store's primary domain). */
export const MAX_REDIRECTS = 3;

/** The path every locked (password-protected) store redirects to. */
export const PASSWORD_PATH = '/password';

/** Requests name the gateway; they carry no cookie or authorization (an anonymous visitor). */
export const SHOP_USER_AGENT = 'public-data-gateway/0.1 (storefront catalogue reader; +https://github.com/public-data-gateway)';
