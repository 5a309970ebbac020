import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedResolver } from '../../../src/demo/fixed-resolver.js';
import {
  FAKE_INFERENCE_MODEL,
  FAKE_INFERENCE_PATH,
  fakeEstimate,
  fakeInferenceProvider,
} from '../../../src/families/inference/demo/fake-provider.js';
import type { FakeUpstream } from '../../../src/demo-kit/fake-upstream.js';
import type { FakeReply } from '../../../src/catalogue/demo-world.js';
import { json } from '../../../src/demo-kit/replies.js';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../../../src/upstream/classify.js';
import { balanceOf, expectEmpty, expectError, expectPaid } from '../../support/envelope.js';
import { startHarness, type Harness } from '../../support/gateway.js';

/** GET /v1/detect-age-gender against a fake provider (contract section 3 and 5). */

const detect = (url: string, extra = '') => `/v1/detect-age-gender?url=${encodeURIComponent(url)}${extra}`;
const PORTRAIT = 'https://images.example.org/p/portrait.jpg';
const resolveAll = fixedResolver({
  'images.example.org': ['93.184.215.14'],
  'intranet.example.org': ['10.1.2.3'],
  'mixed.example.org': ['93.184.215.14', '127.0.0.1'],
});

describe('GET /v1/detect-age-gender without INFERENCE_URL', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({}, { resolveAll });
  });
  afterAll(() => harness.close());

  it('is 501 not_configured naming the variable, not charged, on REST and GraphQL', async () => {
    const before = await balanceOf(harness);
    const response = await harness.get(detect(PORTRAIT));
    expectError(response, 501, 'not_configured');
    expect(response.body.error.details).toEqual({ variable: 'INFERENCE_URL' });
    const graphql = await harness.graphql(`{ detectAgeGender(url: "${PORTRAIT}") { gender } }`);
    expect(graphql.body.errors[0].extensions.code).toBe('not_configured');
    expect(await balanceOf(harness)).toBe(before);
  });

  it('is published experimental, cost 1, not cacheable, batchable or subscribable', async () => {
    const document = (await (await fetch(`${harness.baseUrl}/openapi.json`)).json()) as Record<string, any>;
    expect(document.paths['/v1/detect-age-gender'].get).toMatchObject({
      operationId: 'detectAgeGender',
      'x-experimental': true,
      'x-credit-cost': 1,
      'x-cacheable': false,
      'x-batchable': false,
      'x-subscribable': false,
      'x-requires-residential-proxy': false,
    });
    expect(document.paths['/v1/detect-age-gender'].get.description).toContain('POST INFERENCE_URL');
  });
});

describe('GET /v1/detect-age-gender with a provider', () => {
  let harness: Harness;
  let provider: FakeUpstream;
  let answer: (imageUrl: string) => FakeReply = fakeEstimate;
  beforeAll(async () => {
    provider = fakeInferenceProvider((imageUrl) => answer(imageUrl));
    const origin = await provider.start();
    harness = await startHarness({ INFERENCE_URL: `${origin}${FAKE_INFERENCE_PATH}`, UPSTREAM_TIMEOUT_MS: '1000' }, { resolveAll });
  });
  afterAll(async () => {
    await harness.close();
    await provider.stop();
  });
  beforeEach(() => {
    answer = fakeEstimate;
    provider.requests.length = 0;
  });

  it('sends the image URL to the provider and returns its estimate, labelled, for 1 credit', async () => {
    const before = await balanceOf(harness);
    const response = await harness.get(detect(PORTRAIT));
    expectPaid(response, 'single');
    expect(response.body.data).toEqual({
      imageUrl: PORTRAIT,
      ageRange: { min: expect.any(Number), max: expect.any(Number) },
      gender: expect.stringMatching(/^(female|male|unknown)$/),
      confidence: expect.any(Number),
      model: FAKE_INFERENCE_MODEL,
      isEstimate: true,
      fetchedAt: response.body.meta.fetchedAt,
    });
    expect(provider.requests.map((request) => [request.method, request.url, JSON.parse(request.body)])).toEqual([
      ['POST', FAKE_INFERENCE_PATH, { imageUrl: PORTRAIT }],
    ]);
    expect(provider.requests[0]!.headers['content-type']).toBe('application/json');
    expect(await balanceOf(harness)).toBe(before - 1);
  });

  it('answers GraphQL detectAgeGender the same way', async () => {
    const { body } = await harness.graphql(
      `{ detectAgeGender(url: "${PORTRAIT}") { ageRange { min max } gender confidence model isEstimate } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.detectAgeGender).toMatchObject({ model: FAKE_INFERENCE_MODEL, isEstimate: true });
    expect(body.extensions.billing).toMatchObject({ creditsCharged: 1, liveFetches: 1 });
  });

  it('is never served from the cache: cache_max_age is refused, and each call asks the provider', async () => {
    const refused = await harness.get(detect(PORTRAIT, '&cache_max_age=1h'));
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.param).toBe('cache_max_age');
    expectPaid(await harness.get(detect(PORTRAIT)), 'single');
    expectPaid(await harness.get(detect(PORTRAIT)), 'single');
    expect(provider.requests).toHaveLength(2);
  });

  it.each([
    ['a private address', 'https://intranet.example.org/a.jpg'],
    ['a host with one loopback address among public ones', 'https://mixed.example.org/a.jpg'],
    ['a host that does not resolve', 'https://nowhere.example.org/a.jpg'],
    ['a metadata-service literal', 'http://169.254.169.254/latest/meta-data'],
    ['a loopback literal', 'http://127.0.0.1:9/a.jpg'],
    ['user info', 'https://user:secret@images.example.org/a.jpg'],
    ['another scheme', 'ftp://images.example.org/a.jpg'],
    ['a relative URL', '/a.jpg'],
  ])('refuses %s with 400 naming url, before the provider is asked, not charged', async (_case, url) => {
    const before = await balanceOf(harness);
    const response = await harness.get(detect(url));
    expectError(response, 400, 'invalid_request');
    expect(response.body.error.details.param).toBe('url');
    expect(provider.requests).toHaveLength(0);
    expect(await balanceOf(harness)).toBe(before);
  });

  it("answers the provider's 422 as an empty result with its reason, not charged", async () => {
    const before = await balanceOf(harness);
    expectEmpty(await harness.get(detect('https://images.example.org/no-face.jpg')), 'single', 'no_face');
    answer = () => json({}, 422);
    expectEmpty(await harness.get(detect(PORTRAIT)), 'single', 'no_estimate');
    expect(await balanceOf(harness)).toBe(before);
  });

  it.each([
    ['an unknown gender value', { ageRange: { min: 20, max: 29 }, gender: 'other', confidence: 0.8, model: 'm' }],
    ['a confidence above 1', { ageRange: { min: 20, max: 29 }, gender: 'male', confidence: 1.4, model: 'm' }],
    ['an inverted age range', { ageRange: { min: 40, max: 29 }, gender: 'male', confidence: 0.4, model: 'm' }],
    ['no model', { ageRange: { min: 20, max: 29 }, gender: 'female', confidence: 0.4 }],
  ])('reports %s as 502 upstream_schema_drift, not charged', async (_case, body) => {
    answer = () => json(body);
    const before = await balanceOf(harness);
    expectError(await harness.get(detect(PORTRAIT)), 502, 'upstream_schema_drift');
    expect(await balanceOf(harness)).toBe(before);
  });

  it('maps provider failures to the spec codes, none charged', async () => {
    const before = await balanceOf(harness);
    answer = () => ({ status: 200, body: 'not json', headers: { 'content-type': 'text/plain' } });
    expectError(await harness.get(detect(PORTRAIT)), 502, 'upstream_schema_drift');
    answer = () => json({ error: 'bad request' }, 400);
    expectError(await harness.get(detect(PORTRAIT)), 502, 'upstream_schema_drift');
    answer = () => json({ error: 'overloaded' }, 503);
    const blocked = await harness.get(detect(PORTRAIT));
    expectError(blocked, 502, 'upstream_blocked');
    expect(blocked.body.error.retryable).toBe(true);
    answer = () => json({ error: 'slow down' }, 429, { 'retry-after': '7' });
    const limited = await harness.get(detect(PORTRAIT));
    expectError(limited, 429, 'upstream_rate_limited');
    expect(limited.headers.get('retry-after')).toBe('7');
    answer = () => json({ error: 'slow down' }, 429);
    const unadvised = await harness.get(detect(PORTRAIT));
    expectError(unadvised, 429, 'upstream_rate_limited');
    expect(unadvised.headers.get('retry-after'), 'the gateway-wide default, as for the platforms').toBe(
      String(DEFAULT_RETRY_AFTER_SECONDS),
    );
    answer = () => ({ ...fakeEstimate(PORTRAIT), delayMs: 1500 });
    expectError(await harness.get(detect(PORTRAIT)), 504, 'upstream_timeout');
    expect(await balanceOf(harness)).toBe(before);
  });

  it.each([
    ['a 401', () => json({ error: 'bad token' }, 401)],
    ['a 403', () => json({ error: 'forbidden' }, 403)],
    ['a bot challenge', (): FakeReply => ({ status: 202, body: '', headers: { 'x-amzn-waf-action': 'challenge' } })],
    ['a redirect to a sign-in page', (): FakeReply => ({ status: 302, body: '', headers: { location: '/login' } })],
  ])(
    'reads %s from the provider as 502 upstream_blocked, as for the platforms, not charged and no redirect followed',
    async (_case, reply) => {
      answer = reply;
      const before = await balanceOf(harness);
      const response = await harness.get(detect(PORTRAIT));
      expectError(response, 502, 'upstream_blocked');
      expect(response.body.error.retryable).toBe(true);
      expect(provider.requests.map((request) => request.url)).toEqual([FAKE_INFERENCE_PATH]);
      expect(await balanceOf(harness)).toBe(before);
    },
  );

  it('cannot be batched', async () => {
    const response = await fetch(`${harness.baseUrl}/v1/jobs/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'sk_test_rich_0001' },
      body: JSON.stringify({ endpoint: '/v1/detect-age-gender', targets: [{ url: PORTRAIT }] }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.message).toContain('x-batchable');
  });
});
