import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCatalogue } from '../../src/catalogue/catalogue.js';
import { defineEndpoint } from '../../src/catalogue/endpoint.js';
import { defineFamily } from '../../src/catalogue/family.js';
import { json, onHost } from '../../src/demo-kit/replies.js';
import { nativeSignal } from '../../src/pipeline/native-signal.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

/**
 * Node's own APIs (AbortSignal.any, undici) refuse an abort signal that is not Node's, and a door's
 * framework may hand it one: the Fetch API Request that graphql-yoga builds over a Node request
 * carries its own signal class. Each door bridges it once, so what a family's fetch receives is
 * native, still reaches the upstream, and still cancels when the caller goes away.
 */

/** Node's brand check: the `aborted` getter throws ERR_INVALID_THIS on anything but a real AbortSignal. */
const isNative = (signal: unknown): boolean => {
  try {
    Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')!.get!.call(signal);
    return true;
  } catch {
    return false;
  }
};

/** A look-alike as a fetch ponyfill makes one: an EventTarget with `aborted` and `reason`, not an AbortSignal. */
class ForeignSignal extends EventTarget {
  aborted = false;
  reason: unknown = undefined;
  abort(reason: unknown): void {
    this.aborted = true;
    this.reason = reason;
    this.dispatchEvent(new Event('abort'));
  }
}

describe('nativeSignal', () => {
  it('hands a native signal back as it is', () => {
    const signal = new AbortController().signal;
    expect(nativeSignal(signal)).toBe(signal);
  });

  it('bridges a look-alike into a native signal that aborts with it, with its reason', () => {
    const foreign = new ForeignSignal();
    expect(isNative(foreign)).toBe(false);
    const bridged = nativeSignal(foreign);
    expect(isNative(bridged)).toBe(true);
    expect(() => AbortSignal.any([bridged])).not.toThrow();
    expect(bridged.aborted).toBe(false);
    foreign.abort('caller left');
    expect(bridged.aborted).toBe(true);
    expect(bridged.reason).toBe('caller left');
  });

  it('bridges an already aborted look-alike as aborted, and an object made from the prototype as foreign', () => {
    const foreign = new ForeignSignal();
    foreign.abort('gone');
    expect(nativeSignal(foreign).aborted).toBe(true);
    const disguised = Object.create(AbortSignal.prototype, {
      aborted: { value: false },
      addEventListener: { value: () => {} },
    }) as AbortSignal;
    expect(disguised instanceof AbortSignal).toBe(true);
    expect(isNative(nativeSignal(disguised))).toBe(true);
    expect(nativeSignal(undefined)).toBeUndefined();
  });
});

const HOST = 'signals.example.test';
/** What each call's fetch saw of its signal, in order. */
const seen: { native: boolean; combined: boolean; cancelled: Promise<void> }[] = [];

const waitEndpoint = defineEndpoint({
  family: 'signals',
  path: '/v1/signals/wait',
  graphqlField: 'signalsWait',
  summary: 'Reads one word, or waits until cancelled',
  description: 'Reads one word from the upstream; with `hang`, waits for the caller to go away.',
  params: z.object({ hang: z.coerce.boolean().default(false).describe('wait until cancelled') }),
  flags: { creditCost: 1, cacheable: false, batchable: false, subscribable: false, requiresResidentialProxy: false, experimental: false },
  returns: { kind: 'single', type: 'SignalWord' },
  async fetch(params, ctx) {
    const signal = ctx.signal!;
    let combined = true;
    try {
      AbortSignal.any([signal, AbortSignal.timeout(60_000)]);
    } catch {
      combined = false;
    }
    const cancelled = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    seen.push({ native: isNative(signal), combined, cancelled });
    if (params.hang) await cancelled;
    const response = await ctx.upstream.fetch({ url: `https://${HOST}/word.json` });
    const { word } = JSON.parse(response.body) as { word: string };
    return { data: { platform: 'signals', word, fetchedAt: ctx.fetchedAt }, raw: null };
  },
});

const signalsFamily = defineFamily({
  name: 'signals',
  hosts: [HOST],
  requiresResidentialProxy: false,
  resources: [
    z
      .object({ platform: z.string(), word: z.string().describe('the word'), fetchedAt: z.string().describe('fetch time') })
      .meta({ id: 'SignalWord', description: 'A word the test upstream answers.' }),
  ],
  endpoints: [waitEndpoint],
});

describe('the GraphQL door hands the pipeline a native signal', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({}, { catalogue: buildCatalogue([signalsFamily]) });
    harness.upstream.on(onHost(HOST, () => json({ word: 'hello' })));
  });
  afterAll(() => harness?.close());

  it('reaches the upstream with a signal Node accepts', async () => {
    seen.length = 0;
    const answer = await harness.graphql('{ signalsWait { word } }');
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.signalsWait.word).toBe('hello');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ native: true, combined: true });
  });

  it('cancels the fetch when the caller goes away', async () => {
    seen.length = 0;
    const caller = new AbortController();
    const request = fetch(`${harness.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': RICH_KEY },
      body: JSON.stringify({ query: '{ signalsWait(hang: true) { word } }' }),
      signal: caller.signal,
    }).catch(() => 'aborted');
    while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    caller.abort();
    expect(await request).toBe('aborted');
    await seen[0]!.cancelled;
    expect(seen[0]!.native).toBe(true);
  });
});
