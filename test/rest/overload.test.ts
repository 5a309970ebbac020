import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventLoopDelaySource } from '../../src/admission/index.js';
import { postMcp, toolsCall } from '../mcp/support.js';
import { startBookshelfHarness } from '../support/bookshelf-harness.js';
import { RICH_KEY, type Harness } from '../support/gateway.js';

const SHELF = '/v1/bookshelf/shelf?shelf=poetry';
const BUSY = /gateway is busy/;

/** The delay the guard reads, set by the test: no timing, no real saturation. */
const delay = { ms: 0 };
const fixedDelay = (): EventLoopDelaySource => ({ read: () => delay.ms, close: () => {} });

/** A process whose event loop is saturated sheds new data requests before admission takes anything. */
describe('overload shedding at the doors', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startBookshelfHarness(
      { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '1000', RATE_LIMIT_PER_MINUTE: '50' },
      { eventLoopDelay: fixedDelay },
    );
  });
  afterAll(() => harness?.close());
  beforeEach(() => {
    saturated(false);
    harness.upstream.requests.length = 0;
  });

  /** Sets the delay the guard reads and has it decide now over two windows, as its timer would in a second. */
  const saturated = (busy: boolean) => {
    delay.ms = busy ? 1500 : 0;
    harness.gateway.overload!.sample();
    harness.gateway.overload!.sample();
  };
  const shedCount = async () => {
    const text = await (await fetch(`${harness.baseUrl}/metrics`)).text();
    return Number(/^gateway_requests_shed_total (\d+)$/m.exec(text)?.[1]);
  };
  const account = async () => {
    const response = await harness.get('/v1/account');
    expect(response.status).toBe(200);
    return { balance: response.body.data.balance as number, burst: Number(/"burst";r=(\d+)/.exec(response.headers.get('ratelimit')!)![1]) };
  };

  it('answers a REST data request 503 with Retry-After and a busy message, charges nothing, takes no token, and counts it', async () => {
    const before = await account();
    const shedBefore = await shedCount();

    saturated(true);
    const shed = await harness.get(SHELF);
    // Answered before the key is looked up, so without billing headers (as a 401 is).
    expect(shed.status).toBe(503);
    expect(shed.body).toEqual({
      success: false,
      error: { code: 'service_unavailable', message: expect.stringMatching(BUSY), retryable: true },
      meta: { creditsCharged: 0 },
    });
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.headers.get('x-credits-charged')).toBeNull();
    expect(harness.upstream.requests).toHaveLength(0);
    expect(await shedCount()).toBe(shedBefore + 1);

    saturated(false);
    const after = await account();
    expect(after.balance).toBe(before.balance);
    // Only the two account reads took a token: the shed request took none.
    expect(after.burst).toBe(before.burst - 1);
    const served = await harness.get(SHELF);
    expect(served.status).toBe(200);
    expect(served.body.meta.creditsCharged).toBe(1);
  });

  it('sheds GraphQL and MCP requests in the same admission step, with their own error shapes', async () => {
    const shedBefore = await shedCount();
    saturated(true);

    const graphql = await fetch(`${harness.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': RICH_KEY },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(graphql.status).toBe(503);
    expect(graphql.headers.get('retry-after')).toBe('1');
    const errors = ((await graphql.json()) as { errors: { message: string; extensions: { code: string } }[] }).errors;
    expect(errors[0]).toMatchObject({ message: expect.stringMatching(BUSY), extensions: { code: 'service_unavailable' } });

    const mcp = await postMcp(harness.baseUrl, toolsCall('bookshelf_shelf', { shelf: 'poetry' }), { 'x-api-key': RICH_KEY });
    expect(mcp.status).toBe(503);
    expect(mcp.headers.get('retry-after')).toBe('1');
    expect(JSON.parse(mcp.text)).toMatchObject({
      success: false,
      error: { code: 'service_unavailable', message: expect.stringMatching(BUSY) },
    });

    expect(harness.upstream.requests).toHaveLength(0);
    expect(await shedCount()).toBe(shedBefore + 2);
  });

  it('never sheds the probes or /metrics', async () => {
    saturated(true);
    expect((await fetch(`${harness.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${harness.baseUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${harness.baseUrl}/metrics`)).status).toBe(200);
  });
});
