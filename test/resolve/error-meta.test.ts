import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookshelfHarness } from '../support/bookshelf-harness.js';
import { POOR_KEY, type Harness } from '../support/gateway.js';

/** An error answer of /v1/resolve names the endpoint the URL was read into, as a success does (on the test family). */
describe('/v1/resolve errors', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startBookshelfHarness();
  });
  afterAll(() => harness?.close());

  it('carries meta.resolved when the resolved endpoint refuses the call', async () => {
    const url = 'https://books.example.test/books/101';
    const answer = await harness.get(`/v1/resolve?url=${encodeURIComponent(url)}`, POOR_KEY);
    expect(answer.status).toBe(402);
    expect(answer.body.error.code).toBe('insufficient_credits');
    expect(answer.body.meta).toEqual({
      creditsCharged: 0,
      resolved: { endpoint: '/v1/bookshelf/book', params: expect.objectContaining({ id: '101' }) },
    });
  });

  it('has no meta.resolved when the URL could not be read', async () => {
    const answer = await harness.get(`/v1/resolve?url=${encodeURIComponent('https://unknown.example/page')}`, POOR_KEY);
    expect(answer.status).toBe(400);
    expect(answer.body.meta).toEqual({ creditsCharged: 0 });
  });
});
