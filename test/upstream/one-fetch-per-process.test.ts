import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

/**
 * One upstream client per process: a REST call, a GraphQL query and a job asking for the same
 * resource at the same moment share one upstream request. The upstream holds its answer until
 * the process reports (in /metrics) that the two later callers joined the first one's fetch, so
 * the test does not depend on timing.
 */

async function coalescedJoins(harness: Harness): Promise<number> {
  const text = await (await fetch(`${harness.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((each) => each.startsWith('gateway_upstream_coalesced_joins_total{family="bookshelf"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('one fetch per identical GET across doors', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ UPSTREAM_TIMEOUT_MS: '20000' }, { catalogue: bookshelfCatalogue });
  });
  afterAll(() => harness?.close());

  it('serves REST, GraphQL and a job from one upstream request, each caller paying its own credit', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    harness.upstream.on((_request, url) =>
      url.pathname === '/books/201.json'
        ? {
            respond: (response) =>
              void gate.then(() => {
                response.writeHead(200, { 'content-type': 'application/json' });
                response.end(JSON.stringify(BOOKS['201']));
              }),
          }
        : undefined,
    );
    const before = await coalescedJoins(harness);
    const rest = harness.get('/v1/bookshelf/book?id=201');
    const graphql = harness.graphql('{ bookshelfBook(id: "201") { title } }');
    const job = await fetch(`${harness.baseUrl}/v1/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': RICH_KEY },
      body: JSON.stringify({ endpoint: '/v1/bookshelf/book', params: { id: '201' } }),
    });
    const jobId = ((await job.json()) as { data: { id: string } }).data.id;
    for (let attempt = 0; (await coalescedJoins(harness)) < before + 2; attempt += 1) {
      if (attempt > 400) throw new Error('the three callers never shared one fetch');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    release();
    const [restAnswer, graphqlAnswer] = await Promise.all([rest, graphql]);
    expect(restAnswer.body.data.title).toBe('A Field Guide to Lichens');
    expect(graphqlAnswer.body.data.bookshelfBook.title).toBe('A Field Guide to Lichens');
    let jobView: Record<string, any> = {};
    for (let attempt = 0; jobView.status !== 'succeeded' && attempt < 400; attempt += 1) {
      jobView = (await harness.get(`/v1/jobs/${jobId}`)).body.data;
      if (jobView.status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(jobView).toMatchObject({ status: 'succeeded', creditsCharged: 1 });
    expect(harness.upstream.requests.filter((request) => request.url.startsWith('/books/201.json'))).toHaveLength(1);
    expect([restAnswer.body.meta.creditsCharged, graphqlAnswer.body.extensions.billing.creditsCharged]).toEqual([1, 1]);
  });
});
