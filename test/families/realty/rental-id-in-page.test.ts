import { describe, expect, it } from 'vitest';
import { fetchForRent, showsRental } from '../../../src/families/realty/fetch/for-rent.js';
import { readPage } from '../../../src/families/realty/parse/page.js';
import { HTML, redfinPage } from './fixtures/page-builder.js';
import { fixtures } from './fixtures/pages.js';
import { stubContext } from './harness.js';

/**
 * A rental page names its rental id inside JSON strings (a cached rentals body is itself a
 * JSON string, so its quotes arrive as \" and its slashes may arrive as \/ or \u002F). Synthetic
 * pages in that shape, with an invented id.
 */
const RENTAL_ID = '3f0c9a6e-8b1d-4e2f-9a7c-5d6e7f801234';
/** A script holding a JSON string, as a page's cached answers do. */
const scriptWithString = (inner: string) => `<script>window.cached = ${JSON.stringify(inner)};</script>`;

const forms: [string, string][] = [
  ['an escaped "rentalId" key', scriptWithString(JSON.stringify({ rentalId: RENTAL_ID, description: 'x' }, null, 2))],
  ['a rentals URL with \\/ slashes', `<script>x = {"url":"\\/stingray\\/api\\/v1\\/rentals\\/${RENTAL_ID}\\/about"};</script>`],
  [
    'a rentals URL with \\u002F slashes',
    `<script>x = {"url":"\\u002Fstingray\\u002Fapi\\u002Fv1\\u002Frentals\\u002F${RENTAL_ID}\\u002Famenities"};</script>`,
  ],
  ['a plain "rentalId" key', `<script>x = ${JSON.stringify({ rentalId: RENTAL_ID })};</script>`],
];

describe('a rental id written inside the page text', () => {
  it.each(forms)('is found in %s', (_form, bodyHtml) => {
    expect(showsRental(readPage(redfinPage({ cache: null, bodyHtml })))).toBe(true);
  });

  it('is not made up where the page names none', () => {
    const bodyHtml = scriptWithString(JSON.stringify({ propertyId: 90000031, url: '/stingray/api/v1/rentals/homecards' }));
    expect(showsRental(readPage(redfinPage({ cache: null, bodyHtml })))).toBe(false);
  });

  it('is the id the rentals API is asked for when the card does not give it', async () => {
    const data = fixtures.rentalBuilding();
    const card = structuredClone(data.homecards) as { homes: { rentalExtension: Record<string, unknown> }[] };
    delete card.homes[0]!.rentalExtension.rentalId;
    const url = data.url as string;
    const page = redfinPage({
      cache: [{ key: '/stingray/api/v1/rentals/homecards?propertyIds=90000010', body: card, bare: true }],
      bodyHtml: forms[0]![1],
    });
    const ctx = stubContext((_request, target) =>
      target.pathname.startsWith('/stingray/') ? { status: 404, body: '' } : { body: page, headers: HTML },
    );
    await fetchForRent({ url, tld: 'com' }, ctx);
    expect(ctx.urls()).toEqual(
      expect.arrayContaining([
        `https://www.redfin.com/stingray/api/v1/rentals/${RENTAL_ID}/about`,
        `https://www.redfin.com/stingray/api/v1/rentals/${RENTAL_ID}/amenities`,
      ]),
    );
  });
});
