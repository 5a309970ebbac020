import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { MemoryBudgetStore } from '../../src/state/memory/budgets.js';
import { BudgetGuard } from '../../src/upstream/budget/guard.js';
import type { BudgetReader } from '../../src/upstream/budget/read-budget.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';

/**
 * A platform that throttles without a budget header: a bare 429, or a 302 to a CAPTCHA page on
 * another host. The family's reader sees the status and the Location; the gateway never follows
 * such a redirect and holds the host back until the reset.
 */
const HOSTS = ['rpc.example.test', 'other.example.test'];
const RPC = 'https://rpc.example.test/rpc/Search';

const throttleReader: BudgetReader = (headers, nowMs, status) =>
  status === 429 || (headers.location ?? '').startsWith('https://captcha.example.test/')
    ? { remaining: 0, resetAtMs: nowMs + 60_000 }
    : null;

async function failureOf(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe('throttles shown by status or redirect', () => {
  const fake = new FakeUpstream();
  let origin: URL;
  const clock = { now: 1_800_000_000_000 };
  const clients: UpstreamClient[] = [];

  beforeAll(async () => {
    origin = new URL(await fake.start());
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  function familyUpstream() {
    const budgets = new BudgetGuard({ store: new MemoryBudgetStore(), now: () => clock.now });
    const client = new UpstreamClient({
      origins: new Map(HOSTS.map((host) => [host, origin])),
      timeoutMs: 5000,
      budgets,
    });
    clients.push(client);
    return client.forFamily({ family: 'rpc', hosts: HOSTS, readBudget: throttleReader });
  }

  it('never follows a redirect the reader says is a throttle: a rate limit, then no request until the reset', async () => {
    const upstream = familyUpstream();
    fake.on((request) =>
      request.host === 'rpc.example.test'
        ? { status: 302, headers: { location: 'https://captcha.example.test/sorry?continue=x' }, body: '<HTML>302 Moved</HTML>' }
        : undefined,
    );
    const throttled = await failureOf(upstream.fetch({ url: RPC, method: 'POST', body: 'q=1' }));
    expect(throttled.code).toBe('upstream_rate_limited');
    expect(throttled.retryAfter).toBe(60);
    expect(throttled.details).toEqual({ upstreamStatus: 302, host: 'rpc.example.test' });
    const refused = await failureOf(upstream.fetch({ url: RPC, method: 'POST', body: 'q=2' }));
    expect(refused.code).toBe('upstream_rate_limited');
    expect(fake.requests).toHaveLength(1);
    clock.now += 60_001;
    await failureOf(upstream.fetch({ url: RPC, method: 'POST', body: 'q=3' }));
    expect(fake.requests).toHaveLength(2);
  });

  it('holds the host back after a 429 without Retry-After when the reader says so', async () => {
    const upstream = familyUpstream();
    fake.on(() => ({ status: 429, body: { error: 'slow down' } }));
    const first = await failureOf(upstream.fetch({ url: RPC, method: 'POST', body: 'q=1' }));
    expect([first.code, first.retryAfter]).toEqual(['upstream_rate_limited', 60]);
    await failureOf(upstream.fetch({ url: RPC, method: 'POST', body: 'q=1' }));
    expect(fake.requests).toHaveLength(1);
  });

  it('still follows an ordinary redirect within the declared hosts', async () => {
    const upstream = familyUpstream();
    fake.on((request) =>
      request.host === 'rpc.example.test'
        ? { status: 302, headers: { location: 'https://other.example.test/moved' }, body: '' }
        : undefined,
    );
    fake.on(() => ({ body: { moved: true } }));
    const answer = await upstream.fetch({ url: RPC });
    expect(JSON.parse(answer.body)).toEqual({ moved: true });
    expect(fake.requests).toHaveLength(2);
  });
});
