import { describe, expect, it } from 'vitest';
import { demoExample } from '../../src/catalogue/demo-world.js';

describe('a demo example', () => {
  it('calls its endpoint with its parameters, encoded as a query string in the order given', () => {
    expect(demoExample('/v1/thing/item', 'one item from its URL', { url: 'https://site.example/a b?c=1', include_raw: 'true' })).toEqual({
      endpoint: '/v1/thing/item',
      what: 'one item from its URL',
      path: '/v1/thing/item?url=https%3A%2F%2Fsite.example%2Fa+b%3Fc%3D1&include_raw=true',
    });
  });

  it('is the bare path without parameters', () => {
    expect(demoExample('/v1/thing/board', 'the board').path).toBe('/v1/thing/board');
  });
});
