import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../support/registered-catalogue.js';
import { subredditWithAuthorsQuery } from '../../src/families/forum/graphql-examples.js';
import { DEMO_SUBREDDIT } from '../../src/families/forum/demo/examples.js';
import { startDemo, type Demo } from '../../src/demo/start-demo.js';

/**
 * `npm run demo` cannot rot: every example it prints answers 200 with non-empty data from the
 * demo dataset, and every endpoint of the catalogue has an example.
 */

describe('the offline demo', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await startDemo({ catalogue, port: 0, logLevel: 'silent' });
  }, 60_000);
  afterAll(() => demo?.close());

  const get = async (path: string) => {
    const response = await fetch(demo.baseUrl + path, { headers: { 'x-api-key': demo.apiKey } });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it('has an example for every endpoint of the catalogue', () => {
    const covered = new Set(demo.examples.map((example) => example.endpoint));
    expect(catalogue.endpoints.map((endpoint) => endpoint.path).filter((path) => !covered.has(path))).toEqual([]);
  });

  it('answers every example with real-looking, paid data', async () => {
    for (const example of demo.examples) {
      const { status, body } = await get(example.path);
      expect(status, example.path).toBe(200);
      expect(body.success, example.path).toBe(true);
      expect(body.meta.empty, example.path).toBeUndefined();
      // Each endpoint's own price: most cost 1, some (the ads family) more.
      const price = catalogue.endpoints.find((endpoint) => endpoint.path === example.endpoint)!.flags.creditCost;
      expect(body.meta.creditsCharged, example.path).toBe(price);
      const data = body.data as Record<string, any>;
      if ('items' in data) expect(data.items.length, example.path).toBeGreaterThan(0);
      else expect(Object.keys(data).length, example.path).toBeGreaterThan(3);
    }
  }, 60_000);

  it('runs every example as a job too, with the same offline resolver (a batch of all of them)', async () => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(demo.baseUrl + path, {
        method: 'POST',
        headers: { 'x-api-key': demo.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Record<string, any>;
    };
    const inference = demo.examples.find((example) => example.endpoint === '/v1/detect-age-gender')!;
    const url = new URL(inference.path, demo.baseUrl).searchParams.get('url');
    const created = await post('/v1/jobs', { endpoint: '/v1/detect-age-gender', params: { url } });
    let job: Record<string, any> = created.data;
    // Polled until it ends: the test's timeout bounds the wait, however busy the machine.
    while (!['succeeded', 'failed'].includes(job.status)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await get(`/v1/jobs/${created.data.id}`)).body.data;
    }
    expect(job.status).toBe('succeeded');
    expect(job.result.data.isEstimate).toBe(true);
  }, 60_000);

  it('pages a community through its after cursor to the end', async () => {
    const first = await get(`/v1/forum/subreddit?subreddit=${DEMO_SUBREDDIT}`);
    expect(first.body.data.items).toHaveLength(25);
    expect(first.body.pagination.hasMore).toBe(true);
    const second = await get(`/v1/forum/subreddit?subreddit=${DEMO_SUBREDDIT}&cursor=${first.body.pagination.cursor}`);
    expect(second.body.data.items).toHaveLength(5);
    expect(second.body.pagination).toEqual({ cursor: null, hasMore: false });
    const ids = [...first.body.data.items, ...second.body.data.items].map((post: { id: string }) => post.id);
    expect(new Set(ids).size).toBe(30);
  });

  it('serves a comment tree with load-more and continue-this-thread stubs', async () => {
    const { body } = await get('/v1/forum/post/comments?url=bg0001&include_raw=true');
    const stubs = body.raw.moreStubs as { parentId: string | null; count: number; continueThread: boolean }[];
    expect(stubs.some((stub) => stub.continueThread)).toBe(true);
    expect(stubs.some((stub) => !stub.continueThread && stub.parentId === null && stub.count > 0)).toBe(true);
    expect(body.pagination.hasMore).toBe(true);
  });

  it('reads the captioned video and the multi-unit rental', async () => {
    const transcript = demo.examples.find((example) => example.endpoint === '/v1/forum/post/transcript')!;
    expect((await get(transcript.path)).body.data).toMatchObject({
      language: 'en-US',
      source: 'captions',
      cues: expect.arrayContaining([expect.objectContaining({ start: 0 })]),
    });
    const rental = demo.examples.find((example) => example.endpoint === '/v1/realty/for-rent')!;
    const { body } = await get(rental.path);
    expect(body.data).toMatchObject({ listingType: 'rent', priceQualifier: 'starting at, per month' });
    expect(body.raw).toMatchObject({ multiUnit: true, unitRange: { rent: { min: 1595, max: 3480 } } });
  });

  it('answers the GraphQL example: posts with their authors', async () => {
    const response = await fetch(`${demo.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': demo.apiKey },
      body: JSON.stringify({ query: subredditWithAuthorsQuery(DEMO_SUBREDDIT) }),
    });
    const body = (await response.json()) as Record<string, any>;
    expect(body.errors).toBeUndefined();
    const items = body.data.forumSubreddit.items as { author: { handle: string; followerCount: number } | null }[];
    expect(items).toHaveLength(5);
    expect(items.every((item) => item.author !== null && item.author.followerCount > 0)).toBe(true);
  });
});
