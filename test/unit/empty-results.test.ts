import { describe, expect, it } from 'vitest';
import { emptyListResult, emptySingleResult, lastPage } from '../../src/catalogue/empty-results.js';

describe('empty results', () => {
  it('a single result carries no data, the reason and raw as given', () => {
    const raw = { via: 'api', url: 'https://example.test/a' };
    expect(emptySingleResult('not_found', raw)).toEqual({ data: null, raw, emptyReason: 'not_found' });
  });

  it('a list result carries no items, no page after it, the reason and raw as given', () => {
    expect(emptyListResult('no_results', { shows: [] })).toEqual({
      items: [],
      pagination: { cursor: null, hasMore: false },
      raw: { shows: [] },
      emptyReason: 'no_results',
    });
  });

  it('keeps the key order an answer is serialised in', () => {
    expect(Object.keys(emptySingleResult('gone', null))).toEqual(['data', 'raw', 'emptyReason']);
    expect(Object.keys(emptyListResult('gone', null))).toEqual(['items', 'pagination', 'raw', 'emptyReason']);
  });

  it('never hands two answers the same pagination object', () => {
    const first = emptyListResult('gone', null);
    first.pagination.cursor = 'changed';
    expect(emptyListResult('gone', null).pagination).toEqual({ cursor: null, hasMore: false });
    expect(lastPage()).not.toBe(lastPage());
  });
});
