import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { POOR_KEY, RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { serveShelves, shelfTargets } from './support.js';

/** Jobs over GraphQL, on the test family's shelf endpoint. */

describe('jobs over GraphQL', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ BOOKSHELF_CONCURRENCY: '2' }, { catalogue: bookshelfCatalogue });
    serveShelves(harness.upstream, 10);
  });
  afterAll(() => harness.close());

  const createBatch = `mutation ($targets: [JSON!]!, $key: String) { createBatch(endpoint: "/v1/bookshelf/shelf", targets: $targets, idempotencyKey: $key) { id status kind } }`;

  it('creates a batch, streams its progress over SSE to the end, and reads its results', async () => {
    const created = await harness.graphql(createBatch, { targets: shelfTargets(6, 'gql') });
    expect(created.body.errors).toBeUndefined();
    const { id } = created.body.data.createBatch;
    expect(created.body.data.createBatch).toMatchObject({ status: 'QUEUED', kind: 'BATCH' });

    const response = await fetch(`${harness.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': RICH_KEY },
      body: JSON.stringify({
        query: `subscription ($id: ID!) { jobProgress(id: $id) { status progress { total done failed } creditsCharged } }`,
        variables: { id },
      }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const text = await response.text();
    const events = [...text.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1]!)).filter((event) => event.data);
    const last = events.at(-1)!.data.jobProgress;
    expect(last).toMatchObject({ status: 'SUCCEEDED', progress: { total: 6, done: 6, failed: 0 }, creditsCharged: 6 });
    const dones = events.map((event) => event.data.jobProgress.progress.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));

    const read = await harness.graphql(`query ($id: ID!) { job(id: $id, limit: 2) { status results pagination } }`, { id });
    expect(read.body.data.job.results).toHaveLength(2);
    expect(read.body.data.job.pagination).toEqual({ cursor: '2', hasMore: true });
    const other = await harness.graphql(`query ($id: ID!) { job(id: $id) { id } }`, { id }, POOR_KEY);
    expect(other.body.data.job).toBeNull();
  });

  it('reports invalid targets and idempotency conflicts with their codes', async () => {
    const invalid = await harness.graphql(createBatch, { targets: [{ shelf: 'bad name!' }] });
    expect(invalid.body.errors[0].extensions).toMatchObject({
      code: 'invalid_request',
      details: { targets: [{ index: 0, param: 'shelf' }] },
    });
    await harness.graphql(createBatch, { targets: shelfTargets(1, 'gqlidem'), key: 'gql-key' });
    const conflict = await harness.graphql(createBatch, { targets: shelfTargets(2, 'gqlidem'), key: 'gql-key' });
    expect(conflict.body.errors[0].extensions.code).toBe('idempotency_conflict');
  });
});
