import type { UrlForm } from '../../catalogue/url-forms.js';
import { collectionHandleOfPath, productHandleOfPath } from './input/paths.js';

/**
 * Any host may be a Shopify store, so the family's pages are read on any host no other family
 * names (a fallback, never listed among the supported hosts). The endpoints' own parsers read
 * the whole URL and refuse a host the store rules do not take (an IP literal, a port, localhost).
 */

const byUrl = (url: URL) => ({ url: url.href });

export const shopUrlForms: readonly UrlForm[] = [
  {
    names: 'a store product page',
    hosts: 'any',
    path: { test: (pathname) => productHandleOfPath(pathname) !== null },
    example: 'https://shop.example.com/products/ratio-eight',
    endpoint: '/v1/shop/product',
    params: byUrl,
  },
  {
    names: 'a store collection page',
    hosts: 'any',
    path: { test: (pathname) => collectionHandleOfPath(pathname) !== null },
    example: 'https://shop.example.com/collections/sale',
    endpoint: '/v1/shop/collection/products',
    params: byUrl,
  },
];
