import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/gateway.js';

/** /metrics counts answered requests by route and status, and times them by route. */
describe('request metrics', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  const sample = (text: string, prefix: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(prefix))
        ?.split(' ')
        .pop() ?? 0,
    );

  it('counts each answer once under its route and status', async () => {
    const metrics = async () => (await fetch(`${harness.baseUrl}/metrics`)).text();
    const before = await metrics();
    for (let index = 0; index < 3; index++) expect((await harness.get('/v1/account')).status).toBe(200);
    expect((await harness.get('/v1/account', null)).status).toBe(401);
    const after = await metrics();
    const ok = 'gateway_http_requests_total{route="/v1/account",status="200"}';
    const refused = 'gateway_http_requests_total{route="/v1/account",status="401"}';
    const timed = 'gateway_http_request_duration_seconds_count{route="/v1/account"}';
    expect(sample(after, ok) - sample(before, ok)).toBe(3);
    expect(sample(after, refused) - sample(before, refused)).toBe(1);
    expect(sample(after, timed) - sample(before, timed)).toBe(4);
  });
});
