import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCatalogue } from '../../src/catalogue/catalogue.js';
import { defineEndpoint } from '../../src/catalogue/endpoint.js';
import { defineFamily } from '../../src/catalogue/family.js';
import { optionalUrl } from '../../src/config/setting-types.js';
import { startHarness, type Harness } from '../support/gateway.js';

/**
 * A family's fetch that fails with something other than a GatewayError: blamed on the platform
 * (502 upstream_schema_drift) only when it failed reading an answer the platform gave; a failure
 * of the gateway's own code (the upstream call itself, or anything before an answer was read) is
 * a 500 internal_error. Neither is charged.
 */

const wordSchema = z
  .object({ platform: z.string(), word: z.string().describe('the word'), fetchedAt: z.string().describe('fetch time') })
  .meta({ id: 'FaultWord', description: 'A word the provider answers.' });

/** The provider's answer, or a TypeError from the gateway's side of the call when the request asks for one. */
const providerUpstream = () => ({
  async fetch(request: { url: string }) {
    if (request.url.endsWith('/broken')) throw new TypeError('signals[1] is not of type AbortSignal');
    return { status: 200, headers: {}, body: request.url.endsWith('/odd') ? '{"words":[]}' : '{"word":"hello"}', url: request.url };
  },
});

const word = (body: string, fetchedAt: string) => ({
  platform: 'faults',
  word: (JSON.parse(body) as { word: string }).word.trim(),
  fetchedAt,
});

const faultEndpoint = defineEndpoint({
  family: 'faults',
  path: '/v1/faults/word',
  graphqlField: 'faultsWord',
  summary: 'One word, failing as asked',
  description: 'One word from the provider; `fail` picks where the fetch fails.',
  params: z.object({ fail: z.enum(['none', 'before-fetch', 'in-call', 'in-call-after-answer', 'reading']).describe('where to fail') }),
  flags: { creditCost: 1, cacheable: false, batchable: false, subscribable: false, requiresResidentialProxy: false, experimental: false },
  returns: { kind: 'single', type: 'FaultWord' },
  async fetch(params, ctx) {
    if (params.fail === 'before-fetch') (undefined as unknown as { x: () => void }).x();
    if (params.fail === 'in-call-after-answer') await ctx.upstream.fetch({ url: 'https://provider.test/word' });
    const path = { none: 'word', 'before-fetch': 'word', 'in-call': 'broken', 'in-call-after-answer': 'broken', reading: 'odd' }[
      params.fail
    ];
    const response = await ctx.upstream.fetch({ url: `https://provider.test/${path}`, method: 'POST', body: '{}' });
    return { data: word(response.body, ctx.fetchedAt), raw: null };
  },
});

const faultsFamily = defineFamily({
  name: 'faults',
  hosts: [],
  requiresResidentialProxy: false,
  settings: { FAULTS_URL: optionalUrl },
  providerEnv: 'FAULTS_URL',
  providerUpstream: providerUpstream,
  resources: [wordSchema],
  endpoints: [faultEndpoint],
});

describe('a non-gateway error inside a family fetch', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ FAULTS_URL: 'http://provider.test/' }, { catalogue: buildCatalogue([faultsFamily]) });
  });
  afterAll(() => harness?.close());

  it('serves the word when nothing fails', async () => {
    const answer = await harness.get('/v1/faults/word?fail=none');
    expect(answer.status).toBe(200);
    expect(answer.body.data.word).toBe('hello');
  });

  it.each(['before-fetch', 'in-call', 'in-call-after-answer'])('is the gateway fault internal_error when it fails %s', async (fail) => {
    const answer = await harness.get(`/v1/faults/word?fail=${fail}`);
    expect(answer.status).toBe(500);
    expect(answer.body.error.code).toBe('internal_error');
    expect(answer.body.error.message).not.toMatch(/AbortSignal|undefined/);
    expect(answer.body.meta.creditsCharged).toBe(0);
  });

  it('is upstream_schema_drift when it fails reading the answer the platform gave', async () => {
    const answer = await harness.get('/v1/faults/word?fail=reading');
    expect(answer.status).toBe(502);
    expect(answer.body.error.code).toBe('upstream_schema_drift');
    expect(answer.body.meta.creditsCharged).toBe(0);
  });

  it('is the same on GraphQL', async () => {
    const own = await harness.graphql('{ faultsWord(fail: IN_CALL) { word } }');
    expect(own.body.errors[0].extensions).toMatchObject({ code: 'internal_error', http: { status: 500 } });
    const drift = await harness.graphql('{ faultsWord(fail: READING) { word } }');
    expect(drift.body.errors[0].extensions).toMatchObject({ code: 'upstream_schema_drift' });
  });
});
