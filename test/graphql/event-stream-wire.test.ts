import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { serialise } from '../../src/graphql/event-stream-wire.js';
import { toGraphQLError } from '../../src/schema/errors.js';

describe('serialise (the socket path of shared event streams)', () => {
  it('writes an error event as each door does: Yoga without http, masked when unexpected; graphql-sse whole', () => {
    const known = { data: null, errors: [toGraphQLError(new GatewayError('service_unavailable', 'Pub/sub is away.'))] };
    expect(JSON.parse(serialise('yoga', known))).toEqual({
      data: null,
      errors: [{ message: 'Pub/sub is away.', extensions: { code: 'service_unavailable', retryable: true } }],
    });
    expect(JSON.parse(serialise('graphql-sse', known)).errors[0].extensions).toMatchObject({
      code: 'service_unavailable',
      http: { status: 503 },
    });

    const unexpected = { data: null, errors: [toGraphQLError(new Error('socket hang up'))] };
    const yoga = JSON.parse(serialise('yoga', unexpected));
    expect(yoga.errors[0].message).toBe('Unexpected error.');
    expect(JSON.stringify(yoga)).not.toContain('socket hang up');
    expect(yoga.errors[0].extensions.http).toBeUndefined();

    const plain = { data: { value: 1 }, extensions: { billing: { creditsCharged: 0, liveFetches: 0, cacheHits: 0 } } };
    expect(serialise('yoga', plain)).toBe(JSON.stringify(plain));
    expect(serialise('graphql-sse', plain)).toBe(JSON.stringify(plain));
  });
});
