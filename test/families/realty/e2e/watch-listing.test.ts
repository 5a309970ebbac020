import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_KEY, startHarness, type Harness } from '../../../support/gateway.js';
import { follow, sseClient } from '../../../graphql/sse-client.js';

/** watchRealtyListing over SSE: its `listing` choice is an enum, and without a proxy the stream ends with not_configured. */
describe('watchRealtyListing without REALTY_PROXY_URL', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' });
  });
  afterAll(() => harness.close());

  it('refuses a listing kind outside the enum, and ends the stream with not_configured', async () => {
    const client = sseClient(harness.baseUrl, RICH_KEY, 'single');
    const badListing = await follow(
      client,
      `subscription { watchRealtyListing(url: "https://www.redfin.com/CA/X/1-A-St-90000/home/1", listing: SOLD, intervalSeconds: 60) { url } }`,
    ).rest();
    // `listing` is an enum: a value outside it fails document validation, as invalid_request.
    expect(badListing[0]!.errors![0]!.extensions).toMatchObject({ code: 'invalid_request', graphqlCode: 'GRAPHQL_VALIDATION_FAILED' });
    // No realty proxy on this deployment: the first result fails, and the stream ends with its code.
    const noProxy = await follow(
      client,
      `subscription { watchRealtyListing(url: "https://www.redfin.com/CA/X/1-A-St-90000/home/1", listing: FOR_RENT, intervalSeconds: 60) { url } }`,
    ).rest();
    client.dispose();
    expect(noProxy.at(-1)!.errors![0]!.extensions).toMatchObject({ code: 'not_configured' });
    expect(harness.upstream.requests).toHaveLength(0);
  });
});
