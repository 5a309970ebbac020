import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { FakeReply, FakeRoute } from '../../../support/fake-upstream-server.js';
import { startForwardProxy } from '../../../support/forward-proxy.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
export { balanceOf, expectError, expectPaid, upstreamUrls, type GatewayResponse } from '../../../support/envelope.js';

/**
 * Helpers for the realty end-to-end tests: the real gateway on loopback, its Redfin hosts
 * pointed at a FakeUpstream that it reaches through a real forward proxy (REALTY_PROXY_URL).
 * Pages are built with test/families/realty/fixtures (invented data only).
 */

export type Proxy = Awaited<ReturnType<typeof startForwardProxy>>;
export type RealtyEndpoint = 'for-sale' | 'for-rent' | 'agent' | 'search';

export interface ProxiedGateway {
  harness: Harness;
  proxy: Proxy;
  close(): Promise<void>;
}

/** The proxy first, then the gateway with REALTY_PROXY_URL pointing at it. */
export async function startProxiedGateway(env: Record<string, string> = {}): Promise<ProxiedGateway> {
  const proxy = await startForwardProxy();
  const harness = await startHarness({ REALTY_PROXY_URL: proxy.url, ...env });
  return {
    harness,
    proxy,
    async close() {
      await harness.close();
      await proxy.close();
    },
  };
}

/** A REST path of a realty endpoint with its query parameters. */
export function realty(endpoint: RealtyEndpoint, params: Record<string, string>): string {
  return `/v1/realty/${endpoint}?${new URLSearchParams(params)}`;
}

/** An invented fixture of test/families/realty/fixtures/e2e. */
export function e2eFixture<T = Record<string, unknown> & { url: string }>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/e2e/${name}`, import.meta.url), 'utf8')) as T;
}

// ---------------------------------------------------------------- fake upstream routes

export const html = (body: string, extra: Omit<FakeReply, 'body'> = {}): FakeReply => ({
  ...extra,
  body,
  headers: { 'content-type': 'text/html; charset=utf-8', ...extra.headers },
});

/** Answers `reply` for one exact path (any query) on a Redfin host. */
export function at(path: string, reply: FakeReply, host = 'www.redfin.com'): FakeRoute {
  return (_request, url) => (url.hostname === host && url.pathname === path ? reply : undefined);
}

/** Answers for any path on a Redfin host for which `reply` returns one. */
export function when(host: string, reply: (url: URL) => FakeReply | undefined): FakeRoute {
  return (_request, url) => (url.hostname === host ? reply(url) : undefined);
}

/** The proxy tunnelled the gateway's traffic: only CONNECTs, all to the fake upstream on loopback. */
export function expectProxied(proxy: Proxy): void {
  expect(proxy.seen.length).toBeGreaterThan(0);
  for (const entry of proxy.seen) expect(entry).toMatch(/^CONNECT 127\.0\.0\.1:\d+$/);
  expect(new Set(proxy.seen).size).toBe(1);
}

// ---------------------------------------------------------------- envelope checks (contract 4)
