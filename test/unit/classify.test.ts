import { describe, expect, it } from 'vitest';
import { classifyResponse } from '../../src/upstream/classify.js';
import type { UpstreamResponse } from '../../src/catalogue/upstream.js';
import { bookshelfFamily } from '../families/bookshelf/family.js';

const response = (status: number, body = '', headers: Record<string, string> = {}): UpstreamResponse => ({
  status,
  body,
  headers,
  url: 'https://books.example.test/shelves/x.json',
});

describe('upstream classification', () => {
  it('passes a 2xx JSON body', () =>
    expect(classifyResponse(response(200, '{"kind":"Listing"}', { 'content-type': 'application/json' }))).toBeNull());

  it('turns 429 into upstream_rate_limited and keeps Retry-After', () => {
    const failure = classifyResponse(response(429, '', { 'retry-after': '42' }));
    expect(failure?.code).toBe('upstream_rate_limited');
    expect(failure?.retryAfter).toBe(42);
  });

  it('bounds a Retry-After of years, or a far-future date, to an hour', () => {
    expect(classifyResponse(response(429, '', { 'retry-after': '99999999999' }))?.retryAfter).toBe(3600);
    expect(classifyResponse(response(429, '', { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' }))?.retryAfter).toBe(3600);
    expect(classifyResponse(response(429, '', { 'retry-after': '3599.2' }))?.retryAfter).toBe(3600);
  });

  it("recognises a family's block page, whatever the status", () => {
    const closed = '<html><head><title>Closed</title></head><body><h1>The shelves are closed today.</h1></body></html>';
    for (const status of [200, 403]) {
      expect(classifyResponse(response(status, closed, { 'content-type': 'text/html' }), [], bookshelfFamily.blockPages)?.code).toBe(
        'upstream_blocked',
      );
      // Another family's answer with the same words is not a block page of its own.
      expect(classifyResponse(response(status, closed, { 'content-type': 'text/html' }))?.code ?? null).toBe(
        status === 200 ? null : 'upstream_blocked',
      );
    }
  });

  it('does not mistake a JSON body that quotes a block phrase for a block page', () => {
    expect(
      classifyResponse(
        response(200, '{"title":"the shelves are closed"}', { 'content-type': 'application/json' }),
        [],
        bookshelfFamily.blockPages,
      ),
    ).toBeNull();
  });

  it('recognises AWS WAF challenges and robot pages', () => {
    expect(classifyResponse(response(202, '', { 'x-amzn-waf-action': 'challenge' }))?.code).toBe('upstream_blocked');
    expect(
      classifyResponse(
        response(200, '<html><script src="https://x.token.awswaf.com/challenge.js"></script></html>', { 'content-type': 'text/html' }),
      )?.code,
    ).toBe('upstream_blocked');
    expect(
      classifyResponse(response(200, '<html><head><title>Are You a Robot?</title></head></html>', { 'content-type': 'text/html' }), [], {
        markers: [/<title>[^<]*are you a robot/i],
      })?.code,
    ).toBe('upstream_blocked');
  });

  it('hands back statuses the caller interprets, and classifies the rest', () => {
    expect(classifyResponse(response(403, '{"reason":"private"}'), [403])).toBeNull();
    expect(classifyResponse(response(403, '{"reason":"private"}'))?.code).toBe('upstream_blocked');
    expect(classifyResponse(response(503, ''))?.code).toBe('upstream_blocked');
    expect(classifyResponse(response(418, ''))?.code).toBe('upstream_schema_drift');
  });
});
