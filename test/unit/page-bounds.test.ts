import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EndpointDefinition } from '../../src/catalogue/endpoint.js';
import { limitBounds } from '../../src/catalogue/page-bounds.js';
import { countParam, cursorParam } from '../../src/catalogue/query-params.js';

const endpointWith = (params: z.ZodType): EndpointDefinition => ({ path: '/v1/x/list', params }) as unknown as EndpointDefinition;

describe('the bounds of an endpoint’s limit', () => {
  it('are read from a count parameter and from a coerced integer alike', () => {
    expect(limitBounds(endpointWith(z.object({ name: z.string(), limit: countParam('items', { default: 20, max: 40 }) })))).toEqual({
      default: 20,
      max: 40,
    });
    expect(
      limitBounds(endpointWith(z.object({ limit: z.coerce.number().int().min(1).max(250).default(30), cursor: cursorParam(64) }))),
    ).toEqual({ default: 30, max: 250 });
  });

  it('take the maximum as the default when the limit has none', () => {
    expect(limitBounds(endpointWith(z.object({ limit: z.coerce.number().int().min(1).max(50).optional() })))).toEqual({
      default: 50,
      max: 50,
    });
  });

  it('are null without a limit, or with one that has no maximum', () => {
    expect(limitBounds(endpointWith(z.object({ handle: z.string(), count: countParam('items', { default: 5, max: 10 }) })))).toBeNull();
    expect(limitBounds(endpointWith(z.object({ limit: z.coerce.number().min(1).default(10) })))).toBeNull();
  });
});
