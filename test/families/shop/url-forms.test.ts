import { describe, expect, it } from 'vitest';
import { catalogue } from '../../support/registered-catalogue.js';
import { readUrl, refusalOf } from '../../support/resolve-url.js';

/** A store's pages, on any host no family names, as /v1/resolve reads them: through the product and collection endpoints' own parsers. */
describe('shop URL forms', () => {
  it("tries the any-host forms only on hosts no family names, through their endpoint's parser", () => {
    expect(readUrl(catalogue, 'https://Shop.Example.net./de/collections/tea/products/sencha.js?variant=1')).toEqual({
      endpoint: '/v1/shop/product',
      params: { domain: 'shop.example.net', handle: 'sencha' },
    });
    expect(readUrl(catalogue, 'https://shop.example.net/collections/sale/')).toMatchObject({
      params: { domain: 'shop.example.net', collection: 'sale' },
    });
    // A named host keeps its own forms; a host the store rules refuse is the unknown-host refusal, listing named hosts only.
    expect(refusalOf(catalogue, 'https://pypi.org/products/x').message).toMatch(/none that the gateway reads/);
    for (const url of [
      'https://localhost/products/x',
      'https://127.0.0.1/products/x',
      'https://shop.example.net:8443/products/x',
      'https://shop.example.net/pages/about',
    ]) {
      const refused = refusalOf(catalogue, url);
      expect(refused.message, url).toMatch(/no family reads pages/);
      expect(refused.details?.supportedHosts).toEqual(catalogue.urlFormHosts);
    }
    expect(catalogue.urlFormHosts).not.toContain('shop.example.net');
  });
});
