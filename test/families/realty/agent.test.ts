import { describe, expect, it } from 'vitest';
import { realEstateAgentSchema } from '../../../src/families/realty/model.js';
import { fetchAgent } from '../../../src/families/realty/fetch/agent.js';
import { HTML, redfinPage, stingrayText } from './fixtures/page-builder.js';
import { fixtures } from './fixtures/pages.js';
import { stubContext } from './harness.js';

const data = fixtures.agent();
const profile = data.profile as Record<string, unknown>;

describe('GET /v1/realty/agent', () => {
  it('reads an agent with listings from the page cache', async () => {
    const page = redfinPage({
      cache: [{ key: '/stingray/api/agents/profile', queryParams: { agentSlug: 'marisol-vega' }, body: profile }],
      jsonLd: data.jsonLd as unknown[],
    });
    const ctx = stubContext(() => ({ body: page, headers: HTML }));
    const result = await fetchAgent({ url: data.url, tld: 'com' }, ctx);

    expect(ctx.urls()).toEqual(['https://www.redfin.com/real-estate-agents/marisol-vega']);
    const agent = realEstateAgentSchema.parse(result.data);
    expect(agent).toMatchObject({
      platform: 'redfin',
      id: '4400123',
      name: 'Marisol Vega',
      url: 'https://www.redfin.com/real-estate-agents/marisol-vega',
      photoUrl: 'https://ssl.cdn-redfin.com/agent-photos/4400123.jpg',
      brokerageName: 'Redfin',
      licenseNumber: 'TX 0612345',
      phone: '(512) 555-0199',
      bio: 'Austin native helping buyers in South Austin & Dripping Springs.',
      languages: ['English', 'Spanish'],
      serviceAreas: ['South Austin', 'Dripping Springs'],
      rating: 4.9,
      reviewCount: 87,
      salesStats: [
        { label: 'Deals closed', value: '142', period: 'last 5 years' },
        { label: 'Average list-to-sale', value: '101%', period: null },
      ],
    });
    expect(agent.listings).toHaveLength(2);
    expect(agent.listings[0]).toMatchObject({
      id: '90000001',
      status: 'active',
      price: 615000,
      currency: 'USD',
      beds: 3,
      area: 1840,
      latitude: 30.2101,
      address: { line1: '1204 Juniper Hollow Ln' },
    });
    expect(agent.listings[1]).toMatchObject({ id: '90000005', status: 'active', price: null });
    expect(result.raw).toMatchObject({ via: 'page-cache', isPartner: false });
  });

  it('asks the agent-profile endpoint when the page names an agent id but embeds no profile', async () => {
    const page = redfinPage({
      cache: [{ key: '/stingray/corvair/v2/preresolveBouncerFlags', body: {} }],
      bodyHtml: '<div data-x=\'{"agentId":4400123}\'></div>',
    });
    const ctx = stubContext((_request, url) =>
      url.pathname.startsWith('/stingray/') ? { body: stingrayText(profile) } : { body: page, headers: HTML },
    );
    const result = await fetchAgent({ url: 'https://www.redfin.com/real-estate-partner-agents/marisol-vega', tld: 'com' }, ctx);
    expect(result.data).toMatchObject({ name: 'Marisol Vega', id: '4400123' });
    expect(result.raw).toMatchObject({ via: 'stingray', isPartner: true });
    expect(ctx.urls()).toEqual([
      'https://www.redfin.com/real-estate-partner-agents/marisol-vega',
      'https://www.redfin.com/stingray/api/agents/profile?agentId=4400123',
    ]);
  });

  it('treats a failing agent-profile request (an unconfirmed endpoint) as a missing profile: JSON-LD with a warning', async () => {
    const page = redfinPage({ jsonLd: data.jsonLd as unknown[], bodyHtml: '<div data-x=\'{"agentId":4400123}\'></div>' });
    for (const [answer, warned] of [
      [{ status: 500, body: '' }, true],
      [{ body: '<<not json' }, true],
      [{ status: 404, body: '' }, false],
    ] as const) {
      const ctx = stubContext((_request, url) => (url.pathname.startsWith('/stingray/') ? answer : { body: page, headers: HTML }));
      const result = await fetchAgent({ url: data.url, tld: 'com' }, ctx);
      expect(result.data).toMatchObject({ name: 'Marisol Vega', brokerageName: 'Redfin' });
      expect(result.raw).toMatchObject({ via: 'json-ld' });
      expect(result.warnings).toEqual(warned ? ['agent profile unavailable: fields the page JSON-LD lacks are unknown'] : undefined);
    }
  });

  it('falls back to the RealEstateAgent JSON-LD', async () => {
    const page = redfinPage({ jsonLd: data.jsonLd as unknown[] });
    const ctx = stubContext(() => ({ body: page, headers: HTML }));
    const result = await fetchAgent({ url: data.url, tld: 'com' }, ctx);
    expect(result.data).toMatchObject({
      id: 'marisol-vega',
      name: 'Marisol Vega',
      brokerageName: 'Redfin',
      licenseNumber: 'TX 0612345',
      languages: ['English', 'Spanish'],
      serviceAreas: ['South Austin', 'Dripping Springs'],
      rating: 4.9,
      reviewCount: 87,
      salesStats: [],
      listings: [],
    });
    expect(result.raw).toMatchObject({ via: 'json-ld' });
    expect(ctx.urls()).toHaveLength(1);
  });

  it('leaves what a minimal JSON-LD agent does not show null or empty', async () => {
    const page = redfinPage({ jsonLd: [{ '@context': 'https://schema.org', '@type': 'RealEstateAgent', name: 'Jo Tan' }] });
    const ctx = stubContext(() => ({ body: page, headers: HTML }));
    const result = await fetchAgent({ url: 'https://www.redfin.ca/real-estate-agents/jo-tan', tld: 'ca' }, ctx);
    expect(realEstateAgentSchema.parse(result.data)).toEqual({
      platform: 'redfin',
      id: 'jo-tan',
      name: 'Jo Tan',
      url: 'https://www.redfin.ca/real-estate-agents/jo-tan',
      photoUrl: null,
      brokerageName: null,
      licenseNumber: null,
      phone: null,
      bio: null,
      languages: [],
      serviceAreas: [],
      rating: null,
      reviewCount: null,
      salesStats: [],
      listings: [],
      fetchedAt: result.data!.fetchedAt,
    });
  });

  it('answers not_found for a profile page Redfin answers 404', async () => {
    const ctx = stubContext(() => ({ status: 404, body: '<html></html>', headers: HTML }));
    expect(await fetchAgent({ url: data.url, tld: 'com' }, ctx)).toMatchObject({ data: null, emptyReason: 'not_found' });
  });
});
