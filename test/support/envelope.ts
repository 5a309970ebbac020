import { expect } from 'vitest';
import type { Harness } from './gateway.js';

/** Assertions on the REST envelope of contract section 4, shared by the end-to-end suites. */

export type GatewayResponse = Awaited<ReturnType<Harness['get']>>;

function expectEnvelopeKeys(response: GatewayResponse, kind: 'single' | 'list'): void {
  const keys = ['success', 'data', 'meta', ...(kind === 'list' ? ['pagination'] : []), ...('raw' in response.body ? ['raw'] : [])];
  expect(Object.keys(response.body).sort()).toEqual(keys.sort());
  if (kind === 'list') expect(Object.keys(response.body.pagination).sort()).toEqual(['cursor', 'hasMore']);
}

/** A live, paid success; x-credits-charged equals meta.creditsCharged. */
export function expectPaid(response: GatewayResponse, kind: 'single' | 'list', credits = 1): void {
  expect(response.status, JSON.stringify(response.body).slice(0, 600)).toBe(200);
  expectEnvelopeKeys(response, kind);
  expect(response.body.success).toBe(true);
  expect(response.body.meta).toMatchObject({ creditsCharged: credits, cached: false });
  expect(response.body.meta.empty).toBeUndefined();
  expect(new Date(response.body.meta.fetchedAt).toISOString()).toBe(response.body.meta.fetchedAt);
  expect(response.headers.get('x-credits-charged')).toBe(String(credits));
}

/** An empty result, never charged, naming its reason. */
export function expectEmpty(response: GatewayResponse, kind: 'single' | 'list', reason: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expectEnvelopeKeys(response, kind);
  expect(response.body.success).toBe(true);
  if (kind === 'single') expect(response.body.data).toBeNull();
  else expect(response.body.data).toEqual({ items: [] });
  expect(response.body.meta).toMatchObject({ creditsCharged: 0, cached: false, empty: true, reason });
  expect(response.headers.get('x-credits-charged')).toBe('0');
}

/** The error envelope with the spec's status and code, never charged (no billing headers before a key is known). */
export function expectError(response: GatewayResponse, status: number, code: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(Object.keys(response.body).sort()).toEqual(['error', 'meta', 'success']);
  expect(response.body).toMatchObject({ success: false, error: { code }, meta: { creditsCharged: 0 } });
  expect(typeof response.body.error.message).toBe('string');
  expect(typeof response.body.error.retryable).toBe('boolean');
  if (status !== 401) expect(response.headers.get('x-credits-charged')).toBe('0');
}

/** The caller's balance from /v1/account. */
export async function balanceOf(harness: Harness, key?: string): Promise<number> {
  return (await harness.get('/v1/account', key)).body.data.balance as number;
}

/** Every upstream request so far as `host + path?query`, in arrival order. */
export function upstreamUrls(harness: Harness): string[] {
  return harness.upstream.requests.map((request) => `${request.host ?? '?'}${request.url}`);
}
