import type { ErrorCode } from '../../../src/errors.js';
import type { FakeReply } from '../../support/fake-upstream-server.js';

/**
 * Every way an upstream answer can go wrong (issue 8, item 1), and what the gateway must
 * answer for it: the spec's section 7 code, as src/upstream/classify.ts, the upstream client
 * and the family READMEs decide it. One table, so the matrix and the GraphQL sample agree.
 *
 * A provider family's upstream (its `providerUpstream`) reads its provider's failures the
 * way classify.ts reads a platform's (refusal, redirect and challenge are blocked; one default
 * Retry-After), so every row holds for it unchanged. A family whose own contract classifies a
 * fault otherwise says so in its healthy upstream (`faultExpectations`).
 */

/**
 * The upstream time-out the hardening gateway runs with: generous, so a healthy answer on a
 * loaded CI machine never times out, even when every endpoint of every family asks the one fake
 * server at once through its few pooled connections; SLOW_MS is well beyond it.
 */
export const UPSTREAM_TIMEOUT_MS = 4000;
const SLOW_MS = UPSTREAM_TIMEOUT_MS + 2500;

export interface Expected {
  status: number;
  code: ErrorCode;
  /** The Retry-After header the caller must get, when the fault carries one. */
  retryAfter?: string;
}

export interface Fault {
  name: string;
  reply: FakeReply;
  expected: Expected;
}

/** The off-host redirect target: never requested by the gateway, never answered by the fake. */
export const FOREIGN_HOST = 'login.evil-upstream.example';

const htmlReply = (status: number, body: string, headers: Record<string, string> = {}): FakeReply => ({
  status,
  body,
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
});
const jsonText = (status: number, body: string, headers: Record<string, string> = {}): FakeReply => ({
  status,
  body,
  headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
});

const blocked: Expected = { status: 502, code: 'upstream_blocked' };
const drift: Expected = { status: 502, code: 'upstream_schema_drift' };

/** Headers promise 4 KB, 40 bytes arrive, then the socket is torn down. */
const resetMidBody: FakeReply = {
  respond(response) {
    response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': '4096' });
    response.write('{"kind":"Listing","data":{"children":[{"k');
    setTimeout(() => response.socket?.destroy(), 20);
  },
};

export const FAULTS: readonly Fault[] = [
  {
    name: '403 HTML block page',
    reply: htmlReply(
      403,
      '<!doctype html><html><head><title>Blocked</title></head><body><h1>whoa there, pardner!</h1><p>Your request has been blocked by network security.</p></body></html>',
    ),
    expected: blocked,
  },
  { name: '403 JSON', reply: jsonText(403, '{"message":"Forbidden","error":403}'), expected: blocked },
  {
    name: '429 with Retry-After',
    reply: jsonText(429, '{"message":"Too Many Requests","error":429}', { 'retry-after': '17' }),
    expected: { status: 429, code: 'upstream_rate_limited', retryAfter: '17' },
  },
  // No Retry-After from the platform or provider -> the gateway's one default, 60 s (DEFAULT_RETRY_AFTER_SECONDS in classify.ts).
  {
    name: '429 without Retry-After',
    reply: jsonText(429, '{"message":"Too Many Requests","error":429}'),
    expected: { status: 429, code: 'upstream_rate_limited', retryAfter: '60' },
  },
  // A platform's Retry-After is advice passed on, bounded: a year-long (or garbage) value is not.
  {
    name: '429 with an absurd Retry-After',
    reply: jsonText(429, '{"message":"Too Many Requests","error":429}', { 'retry-after': '99999999999' }),
    expected: { status: 429, code: 'upstream_rate_limited', retryAfter: '3600' },
  },
  // A platform failing to answer is not the caller's fault and not drift: 502 upstream_blocked (retryable).
  { name: '500', reply: htmlReply(500, '<html><body>Internal Server Error</body></html>'), expected: blocked },
  { name: '502', reply: htmlReply(502, '<html><body>Bad Gateway</body></html>'), expected: blocked },
  { name: '503', reply: htmlReply(503, '<html><body>Service Unavailable</body></html>', { 'retry-after': '5' }), expected: blocked },
  {
    name: `slower than UPSTREAM_TIMEOUT_MS`,
    reply: { ...jsonText(200, '{}'), delayMs: SLOW_MS },
    expected: { status: 504, code: 'upstream_timeout' },
  },
  { name: 'connection reset mid-body', reply: resetMidBody, expected: blocked },
  {
    name: 'truncated JSON',
    reply: jsonText(200, '{"kind":"Listing","data":{"after":null,"children":[{"kind":"t3","data":{"id":"ab'),
    expected: drift,
  },
  {
    name: 'valid JSON of the wrong shape',
    reply: jsonText(200, '{"kind":42,"data":{"children":"none"},"items":{"unexpected":true}}'),
    expected: drift,
  },
  {
    name: 'HTML where JSON was expected',
    reply: htmlReply(200, '<!doctype html><html><head><title>Welcome</title></head><body><p>Something else entirely.</p></body></html>'),
    expected: drift,
  },
  {
    name: 'AWS WAF challenge',
    reply: { status: 202, body: '', headers: { 'x-amzn-waf-action': 'challenge', 'content-type': 'text/html' } },
    expected: blocked,
  },
  {
    name: 'redirect to a login page',
    reply: { status: 302, body: '', headers: { location: '/login/?dest=%2Fsomewhere' } },
    expected: blocked,
  },
  {
    name: 'redirect to another host',
    reply: { status: 302, body: '', headers: { location: `https://${FOREIGN_HOST}/signin?next=%2F` } },
    expected: blocked,
  },
];

/** Faults for the GraphQL sample: one of each kind of outcome. */
export const GRAPHQL_SAMPLE = [
  '403 HTML block page',
  '429 with Retry-After',
  'slower than UPSTREAM_TIMEOUT_MS',
  'valid JSON of the wrong shape',
  'redirect to another host',
];

export const faultNamed = (name: string): Fault => FAULTS.find((fault) => fault.name === name)!;
