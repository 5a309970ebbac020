import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import { Coalescer, type SharedSend } from '../../src/upstream/coalesce.js';
import type { Upstream, UpstreamResponse } from '../../src/catalogue/upstream.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { BOOKS_HOST } from '../families/bookshelf/family.js';

const URL_A = 'https://books.example.test/shelves/a.json?limit=20';

/** A send whose answers the test settles by hand, recording the signal each fetch was given. */
function manualSend() {
  const calls: { url: string; signal: AbortSignal; resolve(response: UpstreamResponse): void; reject(error: unknown): void }[] = [];
  const send: SharedSend = (request, signal) =>
    new Promise<UpstreamResponse>((resolve, reject) => {
      calls.push({ url: request.url, signal, resolve, reject });
      signal.addEventListener('abort', () => reject(new GatewayError('upstream_blocked', 'aborted')), { once: true });
    });
  return { calls, send };
}

const ok = (body: string): UpstreamResponse => ({ status: 200, headers: { 'content-type': 'application/json' }, body, url: URL_A });

describe('Coalescer', () => {
  it('shares one in-flight GET between identical callers and forgets it once settled', async () => {
    const coalescer = new Coalescer();
    const { calls, send } = manualSend();
    const callers = Array.from({ length: 5 }, () => coalescer.fetch({ url: URL_A }, send));
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(ok('{"n":1}'));
    const answers = await Promise.all(callers);
    expect(answers.map((answer) => answer.body)).toEqual(Array(5).fill('{"n":1}'));
    expect(coalescer.size).toBe(0);
    void coalescer.fetch({ url: URL_A }, send);
    expect(calls).toHaveLength(2);
  });

  it('shares failures too', async () => {
    const coalescer = new Coalescer();
    const { calls, send } = manualSend();
    const callers = Array.from({ length: 3 }, () => coalescer.fetch({ url: URL_A }, send).catch((error: unknown) => error));
    calls[0]!.reject(new GatewayError('upstream_rate_limited', 'slow down', { retryAfter: 5 }));
    const failures = await Promise.all(callers);
    expect(failures.every((failure) => failure instanceof GatewayError && failure.code === 'upstream_rate_limited')).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('keys on method, URL, headers, pass-statuses and body', () => {
    const coalescer = new Coalescer();
    const { calls, send } = manualSend();
    void coalescer.fetch({ url: URL_A, headers: { Accept: 'a', 'X-B': 'b' } }, send);
    void coalescer.fetch({ url: URL_A, headers: { 'x-b': 'b', accept: 'a' } }, send);
    void coalescer.fetch({ url: URL_A, headers: { accept: 'other' } }, send);
    void coalescer.fetch({ url: URL_A, passStatuses: [404] }, send);
    void coalescer.fetch({ url: URL_A, method: 'POST', body: 'x' }, send);
    void coalescer.fetch({ url: URL_A, method: 'POST', body: 'x' }, send);
    expect(calls.map((call) => call.url)).toHaveLength(4);
  });

  it("runs the shared fetch without any caller's signal: one caller aborting leaves the others served", async () => {
    const coalescer = new Coalescer();
    const { calls, send } = manualSend();
    const leaving = new AbortController();
    const first = coalescer.fetch({ url: URL_A, signal: leaving.signal }, send).catch((error: unknown) => error);
    const second = coalescer.fetch({ url: URL_A, signal: new AbortController().signal }, send);
    const third = coalescer.fetch({ url: URL_A }, send);
    leaving.abort();
    expect(await first).toBeInstanceOf(GatewayError);
    expect(calls[0]!.signal.aborted).toBe(false);
    calls[0]!.resolve(ok('{"kept":true}'));
    expect((await second).body).toBe('{"kept":true}');
    expect((await third).body).toBe('{"kept":true}');
  });

  it('aborts the shared fetch only when every caller has gone, and a newcomer then fetches afresh', async () => {
    const coalescer = new Coalescer();
    const { calls, send } = manualSend();
    const controllers = [new AbortController(), new AbortController()];
    const callers = controllers.map((controller) =>
      coalescer.fetch({ url: URL_A, signal: controller.signal }, send).catch((error: unknown) => error),
    );
    controllers[0]!.abort();
    expect(calls[0]!.signal.aborted).toBe(false);
    controllers[1]!.abort();
    expect(calls[0]!.signal.aborted).toBe(true);
    await Promise.all(callers);
    const newcomer = coalescer.fetch({ url: URL_A }, send);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(ok('{}'));
    expect((await newcomer).status).toBe(200);
  });

  it('rejects at once for a caller whose signal is already aborted, without fetching', async () => {
    const coalescer = new Coalescer();
    const { calls, send } = manualSend();
    await expect(coalescer.fetch({ url: URL_A, signal: AbortSignal.abort() }, send)).rejects.toBeInstanceOf(GatewayError);
    expect(calls).toHaveLength(0);
  });
});

describe('UpstreamClient coalescing over loopback', () => {
  const fake = new FakeUpstream();
  let client: UpstreamClient;
  let upstream: Upstream;
  beforeAll(async () => {
    const origin = new URL(await fake.start());
    client = new UpstreamClient({ origins: new Map([[BOOKS_HOST, origin]]), timeoutMs: 2000 });
    upstream = client.forFamily({ family: 'bookshelf', hosts: [BOOKS_HOST] });
  });
  afterAll(async () => {
    await client.close();
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  it('sends one request for 50 concurrent identical GETs, and each caller gets its own copy', async () => {
    fake.on(() => ({ body: { ok: true }, delayMs: 50 }));
    const answers = await Promise.all(Array.from({ length: 50 }, () => upstream.fetch({ url: URL_A })));
    expect(fake.requests).toHaveLength(1);
    expect(answers.every((answer) => JSON.parse(answer.body).ok === true)).toBe(true);
    expect(answers[0]!.headers).not.toBe(answers[1]!.headers);
  });

  it('keeps serving the others when one caller aborts mid-flight', async () => {
    fake.on(() => ({ body: { ok: true }, delayMs: 150 }));
    const leaving = new AbortController();
    const aborted = upstream.fetch({ url: URL_A, signal: leaving.signal }).catch((error: unknown) => error);
    const others = Array.from({ length: 3 }, () => upstream.fetch({ url: URL_A, signal: new AbortController().signal }));
    setTimeout(() => leaving.abort(), 20);
    expect(await aborted).toBeInstanceOf(GatewayError);
    expect((await Promise.all(others)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(fake.requests).toHaveLength(1);
  });
});
