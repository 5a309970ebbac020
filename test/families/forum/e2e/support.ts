import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FakeReply, FakeRoute } from '../../../support/fake-upstream-server.js';
import type { Harness } from '../../../support/gateway.js';
export { atomFeed, comment, thread, type FeedEntry, type SyntheticComment } from '../../../../src/families/forum/demo/reddit-things.js';
export { balanceOf, expectEmpty, expectError, expectPaid, upstreamUrls, type GatewayResponse } from '../../../support/envelope.js';

/**
 * Helpers for the forum end-to-end tests: the real gateway on loopback against a
 * FakeUpstream. Bodies are the synthetic fixtures of test/families/forum/fixtures or built here
 * (invented data only).
 */

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** A synthetic fixture from test/families/forum/fixtures, as text. */
export function fixture(name: string): string {
  return readFileSync(`${FIXTURES}${name}`, 'utf8');
}

// ---------------------------------------------------------------- replies

/** A JSON answer (a fixture's text or an object). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): FakeReply {
  return {
    status,
    body: typeof body === 'string' ? body : (body as object),
    headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
  };
}

/** An Atom feed answer. */
export function atom(xml: string): FakeReply {
  return { body: xml, headers: { 'content-type': 'application/atom+xml; charset=UTF-8' } };
}

/** Any text answer with a content type (manifests, captions, HTML pages). */
export function text(body: string, contentType: string, status = 200): FakeReply {
  return { status, body, headers: { 'content-type': contentType } };
}

/** Reddit's classic bot page: a 403 HTML "whoa there, pardner". */
export const BLOCK_PAGE: FakeReply = text(
  '<!doctype html><html><head><title>Blocked</title></head><body><h1>whoa there, pardner!</h1></body></html>',
  'text/html; charset=utf-8',
  403,
);

/** Reddit's 429 with a Retry-After header. */
export function rateLimited(retryAfterSeconds: number): FakeReply {
  return json({ message: 'Too Many Requests', error: 429 }, 429, { 'retry-after': String(retryAfterSeconds) });
}

/** Reddit's own "not found" body. */
export const NOT_FOUND: FakeReply = json({ message: 'Not Found', error: 404 }, 404);

// ---------------------------------------------------------------- routes

/** Answers `reply` for one exact path on `host` (any query string). */
export function at(path: string, reply: FakeReply, host = 'www.reddit.com'): FakeRoute {
  return (_request, url) => (url.hostname === host && url.pathname === path ? reply : undefined);
}

/** Answers for any path on `host` matching `pattern`. */
export function matching(pattern: RegExp, reply: FakeReply, host = 'www.reddit.com'): FakeRoute {
  return (_request, url) => (url.hostname === host && pattern.test(url.pathname) ? reply : undefined);
}

/** Upstream requests whose path starts with `prefix`. */
export function requestsTo(harness: Harness, prefix: string): string[] {
  return harness.upstream.requests.map((request) => request.url).filter((url) => url.startsWith(prefix));
}

/** The query parameters of a recorded request URL. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'https://www.reddit.com').searchParams);
}
