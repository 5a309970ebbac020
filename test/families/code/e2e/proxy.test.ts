import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForwardProxy } from '../../../support/forward-proxy.js';
import type { Harness } from '../../../support/gateway.js';
import { api, at, expectPaid, fixture, startCodeHarness } from './support.js';

/** CODE_PROXY_URL sends the family's requests through an outbound proxy; the family still works without one. */

describe('code family through CODE_PROXY_URL', () => {
  let harness: Harness;
  let proxy: Awaited<ReturnType<typeof startForwardProxy>>;
  beforeAll(async () => {
    proxy = await startForwardProxy();
    harness = await startCodeHarness({ CODE_PROXY_URL: proxy.url });
  });
  afterAll(async () => {
    await harness.close();
    await proxy.close();
  });

  it('fetches GitHub through the proxy', async () => {
    harness.upstream.on(at('/repos/lumen-works/ferrite', api(fixture('repo.json'))));
    expectPaid(await harness.get('/v1/code/repo?repo=lumen-works/ferrite'), 'single');
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(harness.upstream.requests.map((request) => request.url)).toEqual(['/repos/lumen-works/ferrite']);
  });
});
