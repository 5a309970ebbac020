import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { UpstreamResponse } from '../../src/catalogue/upstream.js';
import { GatewayError } from '../../src/errors.js';
import { parseJsonBody, parseShape, tryParseJson } from '../../src/upstream/json-body.js';

const answer = (body: string): UpstreamResponse => ({ status: 200, body, headers: {}, url: 'https://api.example.test/thing' });

function failureOf(run: () => unknown): GatewayError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    return error as GatewayError;
  }
  throw new Error('expected a failure');
}

describe('reading an upstream JSON answer', () => {
  it('parses JSON, and tells what is not JSON apart without throwing', () => {
    expect(tryParseJson('{"a":[1,null]}')).toEqual({ a: [1, null] });
    expect(tryParseJson('null')).toBeNull();
    expect(tryParseJson('<html>blocked</html>')).toBeUndefined();
    expect(tryParseJson('')).toBeUndefined();
  });

  it('turns a body that is not JSON into upstream_schema_drift naming the answer and its URL', () => {
    expect(parseJsonBody(answer('[1,2]'), 'thing')).toEqual([1, 2]);
    const failure = failureOf(() => parseJsonBody(answer('{"truncated":'), 'thing'));
    expect([failure.code, failure.message, failure.details]).toEqual([
      'upstream_schema_drift',
      'The thing answer was not JSON.',
      { url: 'https://api.example.test/thing' },
    ]);
  });

  it('validates a shape and names at most three problems by path', () => {
    const schema = z.object({ id: z.string(), items: z.array(z.object({ n: z.number() })) });
    expect(parseShape(schema, { id: 'x', items: [{ n: 1 }], extra: true }, 'listing')).toEqual({ id: 'x', items: [{ n: 1 }] });
    const failure = failureOf(() => parseShape(schema, { items: [{ n: 'a' }, { n: 'b' }, { n: 'c' }, { n: 'd' }] }, 'listing'));
    expect(failure.code).toBe('upstream_schema_drift');
    expect(failure.message).toBe('The listing answer did not have the expected shape.');
    const problems = failure.details?.problems as string[];
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^id: /);
    expect(problems[1]).toMatch(/^items\.0\.n: /);
    expect(failureOf(() => parseShape(schema, 'text', 'listing')).details?.problems).toEqual([expect.stringMatching(/^\(root\): /)]);
  });
});
