import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import { catalogue } from '../../support/registered-catalogue.js';
import type { ListResult, SingleResult } from '../../../src/catalogue/results.js';
import { GatewayError } from '../../../src/errors.js';
import { adsAdEndpoint } from '../../../src/families/ads/endpoints/ad.js';
import { adsAdvertiserAdsEndpoint } from '../../../src/families/ads/endpoints/advertiser-ads.js';
import { adsAdvertisersSearchEndpoint } from '../../../src/families/ads/endpoints/advertisers-search.js';
import { adsFamily, type Ad } from '../../../src/families/ads/index.js';
import { encodeCursor } from '../../../src/families/ads/input/cursor.js';
import { regionOfGeoId } from '../../../src/families/ads/input/regions.js';
import type { Creator } from '../../../src/model/content.js';
import { MemoryBudgetStore } from '../../../src/state/memory/budgets.js';
import { BudgetGuard } from '../../../src/upstream/budget/guard.js';
import { UpstreamClient } from '../../../src/upstream/client.js';
import type { Upstream } from '../../../src/catalogue/upstream.js';
import { FakeUpstream } from '../../support/fake-upstream-server.js';
import { fReqOf } from './bodies.js';

/**
 * The ads family against every sample of shared/upstream-samples/ads (read from disk, served
 * by a loopback fake through the real upstream client): the request the family builds is the
 * manifest's, byte for byte, and the manifest's values come out.
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;

interface ManifestEntry {
  file: string;
  request: { method: string; url: string; body: string };
  response: { status: number; contentType: string; headers?: Record<string, string> };
}

const sample = (file: string): string => readFileSync(`${samplesDir}/ads/${file}`, 'utf8');
const manifest = (): ManifestEntry[] => JSON.parse(sample('manifest.json')) as ManifestEntry[];
const second = (iso: string | null): string | null => (iso === null ? null : `${iso.slice(0, 19)}Z`);
const countBy = <T>(items: readonly T[], key: (item: T) => string | null): Record<string, number> =>
  items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [String(key(item))]: (counts[String(key(item))] ?? 0) + 1 }), {});

/** The endpoint and caller parameters that make the manifest's request, read back from its body. */
function callOf(entry: ManifestEntry): { endpoint: EndpointDefinition; input: Record<string, unknown> } {
  const question = fReqOf(entry.request.body);
  const method = new URL(entry.request.url).pathname.split('/').slice(-2).join('/');
  if (method === 'LookupService/GetCreativeById') {
    return { endpoint: adsAdEndpoint, input: { advertiser_id: question['1'], creative_id: question['2'] } };
  }
  if (method === 'SearchService/SearchSuggestions') return { endpoint: adsAdvertisersSearchEndpoint, input: { query: question['1'] } };
  const filters = question['3'];
  const region = Array.isArray(filters['8']) ? regionOfGeoId(filters['8'][0]) : 'anywhere';
  const query = { domain: filters['12']?.['1'], advertiserId: filters['13']?.['1']?.[0], region: region ?? 'anywhere', format: 'all' };
  const input: Record<string, unknown> = {
    domain: query.domain,
    advertiser_id: query.advertiserId,
    region: query.region,
    limit: question['2'],
  };
  if (question['4']) input.cursor = encodeCursor(query, question['4']);
  return { endpoint: adsAdvertiserAdsEndpoint, input };
}

describe.skipIf(!samplesDir)('ads conformance with the samples', () => {
  const fake = new FakeUpstream();
  let client: UpstreamClient;
  let upstream: Upstream;
  beforeAll(async () => {
    const origin = new URL(await fake.start());
    client = new UpstreamClient({
      origins: new Map(adsFamily.hosts.map((host) => [host, origin])),
      timeoutMs: 5000,
      budgets: new BudgetGuard({ store: new MemoryBudgetStore() }),
    });
    upstream = client.forFamily({ family: 'ads', hosts: adsFamily.hosts, readBudget: adsFamily.readBudget });
  });
  afterAll(async () => {
    await client.close();
    await fake.stop();
  });

  /** Serves one sample with its status, type and headers, runs the call its request stands for, and returns the outcome. */
  async function replay(
    file: string,
  ): Promise<{ result: ListResult<any> | SingleResult<any> | null; error: GatewayError | null; sent: string[] }> {
    const entry = manifest().find((each) => each.file === file)!;
    fake.reset();
    fake.on(() => ({
      status: entry.response.status,
      body: sample(file),
      headers: { 'content-type': entry.response.contentType, ...entry.response.headers },
    }));
    const { endpoint, input } = callOf(entry);
    const params = endpoint.normaliseParams!(
      endpoint.params.parse(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))),
    );
    try {
      const result = (await endpoint.fetch(params, { upstream, fetchedAt: '2026-11-21T00:00:00.000Z' })) as
        ListResult<any> | SingleResult<any>;
      const resources = 'items' in result ? result.items : result.data === null ? [] : [result.data];
      for (const resource of resources) catalogue.resource(endpoint.returns.type).parse(resource);
      return { result, error: null, sent: fake.requests.map((request) => request.body) };
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return { result: null, error, sent: fake.requests.map((request) => request.body) };
    }
  }

  it('covers every sample of the manifest, and sends each request byte for byte (but the one the gateway never makes)', async () => {
    const files = manifest().map((entry) => entry.file);
    expect(files.sort()).toEqual([...Object.keys(EXPECTED)].sort());
    for (const entry of manifest().filter((each) => each.file !== 'synthetic_error_400.json' && each.file !== 'synthetic_sorry_302.html')) {
      const { sent } = await replay(entry.file);
      expect(sent, entry.file).toEqual([entry.request.body]);
    }
  });

  const EXPECTED: Record<string, () => Promise<void>> = {
    'synthetic_search_creatives_domain_p1.json': async () => {
      const { result } = await replay('synthetic_search_creatives_domain_p1.json');
      const page = result as ListResult<Ad>;
      expect(page.items).toHaveLength(40);
      expect(countBy(page.items, (ad) => ad.advertiserName)).toEqual({
        'Kettle & Pine Outfitters LLC': 30,
        'Northwind Resale GmbH': 8,
        '케틀앤파인 유한회사': 2,
      });
      expect(countBy(page.items, (ad) => ad.format)).toEqual({ text: 31, image: 6, video: 3 });
      expect(page.items.filter((ad) => ad.imageUrl !== null)).toHaveLength(22);
      expect(page.items.filter((ad) => ad.previewUrl !== null)).toHaveLength(18);
      expect(page.items.every((ad) => ad.domain === 'kettlepine.example')).toBe(true);
      const [first] = page.items;
      expect([first!.id, first!.advertiserId, second(first!.firstShownAt), second(first!.lastShownAt), first!.daysShown]).toEqual([
        'CR76695744423655014174',
        'AR04729381560274918401',
        '2025-11-07T04:34:11Z',
        '2026-11-20T08:47:10Z',
        369,
      ]);
      expect(page.pagination.hasMore).toBe(true);
      expect((page.raw as any).total).toEqual({ min: 47, max: 47 });
    },
    'synthetic_search_creatives_domain_p2.json': async () => {
      const page = (await replay('synthetic_search_creatives_domain_p2.json')).result as ListResult<Ad>;
      expect(page.items).toHaveLength(7);
      expect(countBy(page.items, (ad) => ad.advertiserName)).toEqual({ 'Kettle & Pine Outfitters LLC': 6, 'Northwind Resale GmbH': 1 });
      expect(countBy(page.items, (ad) => ad.format)).toEqual({ text: 5, image: 1, video: 1 });
      expect([page.items.filter((ad) => ad.imageUrl).length, page.items.filter((ad) => ad.previewUrl).length]).toEqual([4, 3]);
      const [first] = page.items;
      expect([first!.id, second(first!.firstShownAt), second(first!.lastShownAt), first!.daysShown]).toEqual([
        'CR30089749773228273087',
        '2025-02-03T06:57:53Z',
        '2026-11-20T07:33:29Z',
        642,
      ]);
      expect(page.pagination).toEqual({ cursor: null, hasMore: false });
    },
    'synthetic_search_creatives_domain_us.json': async () => {
      const page = (await replay('synthetic_search_creatives_domain_us.json')).result as ListResult<Ad>;
      expect(page.items).toHaveLength(5);
      expect(countBy(page.items, (ad) => ad.advertiserName)).toEqual({ 'Kettle & Pine Outfitters LLC': 5 });
      expect(countBy(page.items, (ad) => ad.format)).toEqual({ text: 3, image: 2 });
      expect([page.items.filter((ad) => ad.imageUrl).length, page.items.filter((ad) => ad.previewUrl).length]).toEqual([2, 3]);
      expect([page.items[0]!.id, page.items[0]!.daysShown]).toEqual(['CR76695744423655014174', 369]);
      expect(page.pagination.hasMore).toBe(false);
      expect((page.raw as any).total).toEqual({ min: 5, max: 5 });
    },
    'synthetic_search_creatives_advertiser.json': async () => {
      const page = (await replay('synthetic_search_creatives_advertiser.json')).result as ListResult<Ad>;
      expect(page.items).toHaveLength(12);
      expect(countBy(page.items, (ad) => ad.advertiserName)).toEqual({ 'Northwind Resale GmbH': 12 });
      expect(countBy(page.items, (ad) => ad.format)).toEqual({ text: 8, image: 4 });
      expect([page.items.filter((ad) => ad.imageUrl).length, page.items.filter((ad) => ad.previewUrl).length]).toEqual([3, 9]);
      expect(page.items.every((ad) => ad.domain === null)).toBe(true);
      const [first] = page.items;
      expect([first!.id, first!.advertiserId, second(first!.firstShownAt), second(first!.lastShownAt), first!.daysShown]).toEqual([
        'CR75519480128216773384',
        'AR11902837465019283777',
        '2025-07-21T19:55:10Z',
        '2026-11-20T07:42:36Z',
        475,
      ]);
      expect(page.pagination.hasMore).toBe(false);
      expect((page.raw as any).total).toEqual({ min: 12, max: 12 });
    },
    'synthetic_get_creative_video.json': async () => {
      const ad = ((await replay('synthetic_get_creative_video.json')).result as SingleResult<Ad>).data!;
      expect(ad).toMatchObject({
        id: 'CR14163496001701319742',
        advertiserId: 'AR04729381560274918401',
        advertiserName: 'Kettle & Pine Outfitters LLC',
        format: 'video',
        firstShownAt: null,
        domain: null,
        daysShown: null,
        regions: ['US', 'CA', 'IM'],
        regionIds: [2840, 2124, 20340],
        variantCount: 2,
        imageUrl: null,
      });
      expect(second(ad.lastShownAt)).toBe('2026-11-19T23:48:26Z');
      expect(ad.variants.every((variant) => variant.previewUrl?.includes('content.js'))).toBe(true);
    },
    'synthetic_get_creative_text.json': async () => {
      const ad = ((await replay('synthetic_get_creative_text.json')).result as SingleResult<Ad>).data!;
      expect(ad).toMatchObject({ format: 'text', advertiserName: 'Northwind Resale GmbH', regions: ['DE', 'AT', 'CH'], variantCount: 4 });
      expect([
        ad.variants.filter((variant) => variant.imageUrl).length,
        ad.variants.filter((variant) => variant.previewUrl).length,
      ]).toEqual([3, 1]);
      expect(ad.imageUrl).toBe('https://tpc.googlesyndication.com/archive/simgad/8562794286158847640');
      expect(second(ad.lastShownAt)).toBe('2026-11-20T06:07:37Z');
    },
    'synthetic_search_suggestions.json': async () => {
      const { result } = await replay('synthetic_search_suggestions.json');
      const page = result as ListResult<Creator>;
      expect(page.items).toHaveLength(6);
      expect(page.items[0]).toMatchObject({
        id: 'AR11902837465019283777',
        displayName: 'Northwind Resale GmbH',
        location: 'DE',
        postCount: 12,
      });
      expect(page.items.find((creator) => creator.displayName === 'Northwind Traders Inc.')?.postCount).toBeNull();
      expect((page.raw as any).domains).toEqual([
        'northwind.example',
        'northwindresale.example',
        'northwinds.example',
        'thenorthwind.example',
      ]);
      expect((page.raw as any).items[1].adCount).toEqual({ min: 1000, max: 2000 });
    },
    'synthetic_empty.json': async () => {
      const page = (await replay('synthetic_empty.json')).result as ListResult<Ad>;
      expect(page).toMatchObject({ items: [], emptyReason: 'no_results' });
    },
    'synthetic_error_400.json': async () => {
      const { error } = await replay('synthetic_error_400.json');
      expect(error?.code).toBe('upstream_schema_drift');
    },
    'synthetic_sorry_302.html': async () => {
      const { error, sent } = await replay('synthetic_sorry_302.html');
      expect([error?.code, error?.retryAfter]).toEqual(['upstream_rate_limited', 60]);
      expect(sent).toHaveLength(1);
      // The host is held back: the next call is refused without a request.
      const again = await replay('synthetic_empty.json');
      expect([again.error?.code, again.sent]).toEqual(['upstream_rate_limited', []]);
    },
  };

  for (const [file, check] of Object.entries(EXPECTED)) it(`replays ${file}`, check);
});
