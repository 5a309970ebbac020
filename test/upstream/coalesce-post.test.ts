import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import { Coalescer, type SharedSend } from '../../src/upstream/coalesce.js';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../src/catalogue/upstream.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';

/** An RPC read over POST: the question is in the body, the URL is the same for every question. */
const RPC_URL = 'https://rpc.example.test/service/Search?x=0';
const post = (body: string, extra: Partial<UpstreamRequest> = {}): UpstreamRequest => ({ url: RPC_URL, method: 'POST', body, ...extra });

function manualSend() {
  const calls: { request: UpstreamRequest; resolve(response: UpstreamResponse): void }[] = [];
  const send: SharedSend = (request, signal) =>
    new Promise<UpstreamResponse>((resolve, reject) => {
      calls.push({ request, resolve });
      signal.addEventListener('abort', () => reject(new GatewayError('upstream_blocked', 'aborted')), { once: true });
    });
  return { calls, send };
}

const ok = (body: string): UpstreamResponse => ({ status: 200, headers: {}, body, url: RPC_URL });

describe('Coalescer with POST', () => {
  it('shares one in-flight POST between callers sending the same body, and passes the body on', async () => {
    const coalescer = new Coalescer();
    const { calls, send } = manualSend();
    const callers = Array.from({ length: 4 }, () => coalescer.fetch(post('f.req=%7B%221%22%3A1%7D'), send));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.request).toMatchObject({ method: 'POST', body: 'f.req=%7B%221%22%3A1%7D' });
    calls[0]!.resolve(ok('{"1":[]}'));
    expect((await Promise.all(callers)).map((answer) => answer.body)).toEqual(Array(4).fill('{"1":[]}'));
    expect(coalescer.size).toBe(0);
  });

  it('never shares between different bodies, a GET and a POST, or bodies that differ in one byte', () => {
    const coalescer = new Coalescer();
    const { calls, send } = manualSend();
    void coalescer.fetch(post('a=1'), send);
    void coalescer.fetch(post('a=2'), send);
    void coalescer.fetch(post('a=1 '), send);
    void coalescer.fetch(post(''), send);
    void coalescer.fetch({ url: RPC_URL }, send);
    void coalescer.fetch({ url: RPC_URL, method: 'GET' }, send);
    void coalescer.fetch(post('a=1', { headers: { origin: 'https://one.example' } }), send);
    expect(calls).toHaveLength(6);
  });

  it('keeps parts apart: a URL and a body that would concatenate alike are two fetches', () => {
    const coalescer = new Coalescer();
    const { calls, send } = manualSend();
    void coalescer.fetch({ url: `${RPC_URL} a`, method: 'POST', body: 'b' }, send);
    void coalescer.fetch({ url: RPC_URL, method: 'POST', body: 'a b' }, send);
    expect(calls).toHaveLength(2);
  });

  it('aborts a shared POST only when every caller has gone', async () => {
    const coalescer = new Coalescer();
    const { calls, send } = manualSend();
    const leaving = [new AbortController(), new AbortController()];
    const callers = leaving.map((controller) =>
      coalescer.fetch(post('q', { signal: controller.signal }), send).catch((error: unknown) => error),
    );
    leaving[0]!.abort();
    expect(calls[0]!.request.signal).toBeUndefined();
    leaving[1]!.abort();
    await Promise.all(callers);
    expect(coalescer.size).toBe(0);
  });
});

describe('UpstreamClient POST coalescing over loopback', () => {
  const fake = new FakeUpstream();
  let client: UpstreamClient;
  let upstream: Upstream;
  beforeAll(async () => {
    const origin = new URL(await fake.start());
    client = new UpstreamClient({ origins: new Map([['rpc.example.test', origin]]), timeoutMs: 5000 });
    upstream = client.forFamily({ family: 'rpc', hosts: ['rpc.example.test'] });
  });
  afterAll(async () => {
    await client.close();
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  it('sends one POST for ten concurrent identical calls, and one per distinct body', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.on((request) => ({
      respond: (response) =>
        void gate.then(() => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ echoed: request.body }));
        }),
    }));
    const same = Array.from({ length: 10 }, () => upstream.fetch(post('f.req=same')));
    const other = upstream.fetch(post('f.req=other'));
    for (let attempt = 0; fake.requests.length < 2; attempt += 1) {
      if (attempt > 400) throw new Error('the two distinct POSTs never reached the fake');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    const answers = await Promise.all(same);
    expect(answers.every((answer) => JSON.parse(answer.body).echoed === 'f.req=same')).toBe(true);
    expect(JSON.parse((await other).body).echoed).toBe('f.req=other');
    expect(fake.requests.map((request) => [request.method, request.body]).sort()).toEqual([
      ['POST', 'f.req=other'],
      ['POST', 'f.req=same'],
    ]);
  });
});
