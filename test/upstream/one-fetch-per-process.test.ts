import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAbout } from '../families/forum/forum-data.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

/**
 * One upstream client per process: a REST call, a GraphQL query and a job asking for the same
 * resource at the same moment share one upstream request. The upstream holds its answer until
 * the process reports (in /metrics) that the two later callers joined the first one's fetch, so
 * the test does not depend on timing.
 */

async function coalescedJoins(harness: Harness): Promise<number> {
  const text = await (await fetch(`${harness.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((each) => each.startsWith('gateway_upstream_coalesced_joins_total{family="forum"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('one fetch per identical GET across doors', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ UPSTREAM_TIMEOUT_MS: '20000' });
  });
  afterAll(() => harness?.close());

  it('serves REST, GraphQL and a job from one upstream request, each caller paying its own credit', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    harness.upstream.on((_request, url) =>
      url.pathname === '/user/shared_reader/about.json'
        ? {
            respond: (response) =>
              void gate.then(() => {
                response.writeHead(200, { 'content-type': 'application/json' });
                response.end(JSON.stringify(userAbout('shared_reader')));
              }),
          }
        : undefined,
    );
    const before = await coalescedJoins(harness);
    const rest = harness.get('/v1/forum/user?username=shared_reader');
    const graphql = harness.graphql('{ forumUser(username: "shared_reader") { handle } }');
    const job = await fetch(`${harness.baseUrl}/v1/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': RICH_KEY },
      body: JSON.stringify({ endpoint: '/v1/forum/user', params: { username: 'shared_reader' } }),
    });
    const jobId = ((await job.json()) as { data: { id: string } }).data.id;
    for (let attempt = 0; (await coalescedJoins(harness)) < before + 2; attempt += 1) {
      if (attempt > 400) throw new Error('the three callers never shared one fetch');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    release();
    const [restAnswer, graphqlAnswer] = await Promise.all([rest, graphql]);
    expect(restAnswer.body.data.handle).toBe('shared_reader');
    expect(graphqlAnswer.body.data.forumUser.handle).toBe('shared_reader');
    let jobView: Record<string, any> = {};
    for (let attempt = 0; jobView.status !== 'succeeded' && attempt < 400; attempt += 1) {
      jobView = (await harness.get(`/v1/jobs/${jobId}`)).body.data;
      if (jobView.status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(jobView).toMatchObject({ status: 'succeeded', creditsCharged: 1 });
    expect(harness.upstream.requests.filter((request) => request.url.startsWith('/user/shared_reader/about.json'))).toHaveLength(1);
    expect([restAnswer.body.meta.creditsCharged, graphqlAnswer.body.extensions.billing.creditsCharged]).toEqual([1, 1]);
  });
});
