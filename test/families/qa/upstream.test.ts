import { describe, expect, it } from 'vitest';
import { keyedUpstream } from '../../../src/families/qa/upstream/api.js';
import { methodOf, qaBudgetScopes, readQaBudget } from '../../../src/families/qa/upstream/quota.js';
import { answerOf } from '../../../src/families/qa/upstream/wrapper.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { api, failureOf } from './support.js';

const NOW = Date.parse('2026-04-14T12:00:00Z');
const MIDNIGHT = Date.parse('2026-04-15T00:00:00Z');
const url = (path: string, query = 'site=stackoverflow') => `https://api.stackexchange.com/2.3${path}?${query}`;
const response = (body: unknown, status = 400) => ({ status, headers: {}, body: JSON.stringify(body), url: url('/questions/1') });

describe('the API economy', () => {
  it('names each method by its path template, and every request by its quota and method', () => {
    expect(methodOf('/2.3/questions/1;2')).toBe('/questions/{ids}');
    expect(methodOf('/2.3/questions/1/answers')).toBe('/questions/{ids}/answers');
    expect(methodOf('/2.3/answers/5')).toBe('/answers/{ids}');
    expect(methodOf('/2.3/questions')).toBe('/questions');
    expect(methodOf('/2.3/search/advanced')).toBe('/search/advanced');
    expect(methodOf('/2.3/users/5/questions')).toBe('/users/{ids}/questions');
    expect(methodOf('/2.3/users/5/answers')).toBe('/users/{ids}/answers');
    expect(methodOf('/2.3/inbox')).toBeNull();
    expect(qaBudgetScopes(new URL(url('/users/5')))).toEqual(['quota:anonymous', 'method:/users/{ids}']);
    const keyed = qaBudgetScopes(new URL(url('/users/5', 'site=gaming&key=abcdefgh12')));
    expect(keyed[0]).toMatch(/^quota:key-[0-9a-f]{12}$/);
    expect(keyed[0]).not.toContain('abcdefgh12');
    expect(qaBudgetScopes(new URL(url('/users/5', 'site=superuser&key=abcdefgh12')))[0]).toBe(keyed[0]);
  });

  it('reads the quota until midnight UTC, a back-off for the method, and throttle errors from the body', () => {
    const read = (body: unknown, path = '/questions/1') => readQaBudget({}, NOW, 200, { body: JSON.stringify(body), url: url(path) });
    expect(read({ items: [], quota_max: 300, quota_remaining: 120 })).toEqual([
      { scope: 'quota:anonymous', remaining: 120, resetAtMs: MIDNIGHT },
    ]);
    expect(read({ items: [], quota_remaining: 0, backoff: 10 }, '/questions/1/answers')).toEqual([
      { scope: 'quota:anonymous', remaining: 0, resetAtMs: MIDNIGHT },
      { scope: 'method:/questions/{ids}/answers', remaining: 0, resetAtMs: NOW + 10_000 },
    ]);
    expect(
      read({
        error_id: 502,
        error_name: 'throttle_violation',
        error_message: 'too many requests from this IP, more requests available in 120 seconds',
      }),
    ).toEqual([{ remaining: 0, resetAtMs: NOW + 120_000 }]);
    expect(
      read({ error_id: 502, error_name: 'throttle_violation', error_message: 'Violation of backoff parameter' }, '/search/advanced'),
    ).toEqual([{ scope: 'method:/search/advanced', remaining: 0, resetAtMs: NOW + 60_000 }]);
    expect(read({ error_id: 502, error_name: 'throttle_violation', error_message: 'slow down' })).toEqual([
      { remaining: 0, resetAtMs: MIDNIGHT },
    ]);
    expect(readQaBudget({ 'retry-after': '5' }, NOW, 429, { body: '<html>', url: url('/questions/1') })).toEqual([
      { remaining: 0, resetAtMs: NOW + 5000 },
    ]);
    expect(readQaBudget({}, NOW, 200)).toEqual([]);
  });

  it('maps every error the API sends as HTTP 400 by its error_id and name', () => {
    const codeOf = (body: unknown, status = 400) => {
      try {
        answerOf(response(body, status), NOW);
        return 'ok';
      } catch (error) {
        return `${(error as { code: string }).code}${(error as { retryAfter?: number }).retryAfter ? `:${(error as { retryAfter: number }).retryAfter}` : ''}`;
      }
    };
    expect(codeOf({ error_id: 400, error_name: 'bad_parameter', error_message: 'No site found for name `x`' })).toBe('invalid_request');
    expect(codeOf({ error_id: 400, error_name: 'bad_parameter', error_message: 'pagesize' })).toBe('upstream_schema_drift');
    expect(codeOf({ error_id: 404, error_name: 'no_method', error_message: 'no method' })).toBe('upstream_schema_drift');
    expect(codeOf({ error_id: 500, error_name: 'internal_error' })).toBe('upstream_blocked');
    expect(codeOf({ error_id: 503, error_name: 'temporarily_unavailable' })).toBe('upstream_blocked');
    expect(codeOf({ error_id: 403, error_name: 'access_denied' })).toBe('upstream_blocked');
    expect(codeOf({ error_id: 405, error_name: 'key_required' })).toBe('upstream_blocked');
    expect(codeOf({ error_id: 502, error_name: 'throttle_violation', error_message: 'more requests available in 30 seconds' })).toBe(
      'upstream_rate_limited:30',
    );
    expect(codeOf({ error_id: 502, error_name: 'throttle_violation', error_message: 'Violation of backoff parameter' })).toBe(
      'upstream_rate_limited:60',
    );
    expect(codeOf({ error_id: 502, error_name: 'throttle_violation', error_message: 'too many requests' })).toBe(
      'upstream_rate_limited:3600',
    );
    expect(codeOf({ message: 'not the wrapper' })).toBe('upstream_blocked');
    expect(codeOf({ quota_remaining: 5 }, 200)).toBe('upstream_schema_drift');
    expect(codeOf({ items: [] }, 200)).toBe('ok');
    expect(codeOf('[1]', 200)).toBe('upstream_schema_drift');
  });
});

describe('the registration key', () => {
  it('goes as the key query parameter of every request when set, and is never needed', async () => {
    const stub = stubUpstream(() => api({ items: [] }));
    await keyedUpstream(stub, 'abcdefgh12').fetch({ url: url('/questions/1', 'site=stackoverflow&page=30') });
    await keyedUpstream(stub, undefined).fetch({ url: url('/questions/1') });
    expect(new URL(stub.calls[0]!.url).searchParams.get('key')).toBe('abcdefgh12');
    expect(new URL(stub.calls[1]!.url).searchParams.has('key')).toBe(false);
  });

  it('never asks a page past the 25th without a key', async () => {
    const stub = stubUpstream(() => api({ items: [] }));
    const failure = await failureOf(keyedUpstream(stub, undefined).fetch({ url: url('/questions', 'site=stackoverflow&page=26') }));
    expect(failure).toMatchObject({ code: 'invalid_request', details: { param: 'cursor' } });
    expect(stub.calls).toHaveLength(0);
  });
});
