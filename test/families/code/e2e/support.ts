import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FakeUpstream, type FakeReply, type FakeRoute } from '../../../support/fake-upstream-server.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
export { balanceOf, expectEmpty, expectError, expectPaid, upstreamUrls } from '../../../support/envelope.js';

/**
 * The real gateway on loopback with GitHub's two hosts pointed at a FakeUpstream of this
 * suite's own. Bodies are the synthetic fixtures of test/families/code/fixtures (invented data only).
 */

export const CODE_HOSTS = ['api.github.com', 'github.com'];

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

export function fixture(name: string): string {
  return readFileSync(`${FIXTURES}${name}`, 'utf8');
}

/** The gateway with the code hosts on a fake upstream (the harness's own upstream serves the other families). */
export async function startCodeHarness(env: Record<string, string> = {}): Promise<Harness> {
  const upstream = new FakeUpstream();
  const origin = await upstream.start();
  const harness = await startHarness({ UPSTREAM_ORIGINS: CODE_HOSTS.map((host) => `${host}=${origin}`).join(','), ...env });
  return {
    ...harness,
    upstream,
    upstreamOrigin: origin,
    async close() {
      await harness.close();
      await upstream.stop();
    },
  };
}

/** An API answer: JSON with the anonymous rate headers unless told otherwise. */
export function api(body: string | object, status = 200, headers: Record<string, string> = {}): FakeReply {
  return {
    status,
    body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '57', ...headers },
  };
}

export function html(body: string, status = 200): FakeReply {
  return { status, body, headers: { 'content-type': 'text/html; charset=utf-8' } };
}

/** Answers `reply` for one exact path on `host` (any query string). */
export function at(path: string, reply: FakeReply, host = 'api.github.com'): FakeRoute {
  return (_request, url) => (url.hostname === host && url.pathname === path ? reply : undefined);
}
