import { describe, expect, it } from 'vitest';
import { fetchForSale } from '../../../src/families/realty/fetch/for-sale.js';
import { fetchSearch } from '../../../src/families/realty/fetch/search.js';
import { HTML, redfinPage } from './fixtures/page-builder.js';
import { fixtures, salePage } from './fixtures/pages.js';
import type { StubAnswer } from '../../support/stub-upstream.js';
import { gatewayError, stubContext } from './harness.js';

const SALE = 'https://www.redfin.com/TX/Austin/1204-Juniper-Hollow-Ln-78745/home/90000001';

describe('realty blocking and unreadable pages', () => {
  it('treats a redirect to /login as upstream_blocked', async () => {
    const ctx = stubContext(() => ({
      body: '<html><title>Sign In | Redfin</title><form></form></html>',
      headers: HTML,
      url: 'https://www.redfin.com/login?redirect=%2FTX%2FAustin',
    }));
    const error = await gatewayError(() => fetchForSale({ url: SALE, tld: 'com' }, ctx));
    expect(error).toMatchObject({ code: 'upstream_blocked', status: 502 });
  });

  it('treats a stingray answer redirected to /login as upstream_blocked too', async () => {
    const page = salePage(fixtures.saleCom(), { omit: ['belowTheFold'] });
    const ctx = stubContext((_request, url) =>
      url.pathname.startsWith('/stingray/') ? { body: '{}', url: 'https://www.redfin.com/login' } : { body: page, headers: HTML },
    );
    expect((await gatewayError(() => fetchForSale({ url: SALE, tld: 'com' }, ctx))).code).toBe('upstream_blocked');
  });

  it('treats a page that loads but lacks every surface as upstream_schema_drift', async () => {
    const ctx = stubContext(() => ({
      body: redfinPage({ title: 'Redfin', cache: null, bodyHtml: '<p>Something else entirely</p>' }),
      headers: HTML,
    }));
    const error = await gatewayError(() => fetchForSale({ url: SALE, tld: 'com' }, ctx));
    expect(error).toMatchObject({ code: 'upstream_schema_drift' });
    expect(ctx.urls()).toEqual([SALE]);
    const search = stubContext(() => ({ body: '<html><body>nothing</body></html>', headers: HTML }));
    expect((await gatewayError(() => fetchSearch({ url: 'https://www.redfin.com/city/30818/TX/Austin', tld: 'com' }, search))).code).toBe(
      'upstream_schema_drift',
    );
  });

  it('never succeeds on the blocks the upstream layer classifies (403, 429 with Retry-After, AWS WAF, robot page)', async () => {
    const answers: (StubAnswer & { status: number })[] = [
      { status: 403, body: 'Forbidden', headers: HTML },
      { status: 429, body: '', headers: { 'retry-after': '120' } },
      { status: 202, body: '', headers: { 'x-amzn-waf-action': 'challenge' } },
      { status: 200, body: '<html><head><script src="https://x.token.awswaf.com/challenge.js"></script></head></html>', headers: HTML },
      { status: 200, body: '<html><head><title>Are You a Robot?</title></head></html>', headers: HTML },
    ];
    const codes = [];
    for (const answer of answers) {
      const ctx = stubContext(() => answer);
      const error = await gatewayError(() => fetchForSale({ url: SALE, tld: 'com' }, ctx));
      codes.push(error.code);
      if (answer.status === 429) expect(error.retryAfter).toBe(120);
    }
    expect(codes).toEqual(['upstream_blocked', 'upstream_rate_limited', 'upstream_blocked', 'upstream_blocked', 'upstream_blocked']);
  });

  it('refuses ids read from a page that are not digits before building a stingray URL', async () => {
    const page = redfinPage({
      cache: [{ key: '/stingray/api/home/details/initialInfo', body: { responseCode: 200, listingId: '1/../../x' } }],
    });
    const ctx = stubContext((_request, url) =>
      url.pathname.startsWith('/stingray/') ? { status: 404, body: '' } : { body: page, headers: HTML },
    );
    const error = await gatewayError(() => fetchForSale({ url: SALE, tld: 'com' }, ctx));
    expect(error.code).toBe('upstream_schema_drift');
    expect(ctx.urls()).toEqual([
      SALE,
      'https://www.redfin.com/stingray/api/home/details/aboveTheFold?propertyId=90000001&accessLevel=1&pageType=1',
    ]);
  });
});
