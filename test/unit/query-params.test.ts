import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countParam, cursorParam, queryBoolean, queryInt } from '../../src/catalogue/query-params.js';

describe('query parameters', () => {
  it('reads booleans and bounded integers as a query string or JSON sends them', () => {
    expect(queryBoolean.parse('1')).toBe(true);
    expect(queryBoolean.parse('false')).toBe(false);
    expect(queryInt(1, 5).parse('3')).toBe(3);
    expect(queryInt(1, 5).safeParse('6').success).toBe(false);
  });

  it('a count is 1 to its most, its default when absent, and says so in its description', () => {
    const limit = countParam('items per page', { default: 30, max: 100 });
    expect(limit.parse(undefined)).toBe(30);
    expect(limit.parse('100')).toBe(100);
    expect(limit.safeParse('0').success).toBe(false);
    expect(limit.safeParse('101').success).toBe(false);
    expect(limit.safeParse('2.5').success).toBe(false);
    expect(limit.description).toBe('items per page (1-100)');
  });

  it('a cursor is optional, never empty, bounded in length, with the common description unless given one', () => {
    const cursor = cursorParam(8);
    expect(cursor.parse(undefined)).toBeUndefined();
    expect(cursor.parse('abcdefgh')).toBe('abcdefgh');
    expect(cursor.safeParse('').success).toBe(false);
    expect(cursor.safeParse('abcdefghi').success).toBe(false);
    expect(cursor.description).toBe('pagination.cursor of a previous response');
    expect(cursorParam(8, 'of the same list').description).toBe('of the same list');
  });

  it('publish the same JSON schema as the chains they stand for', () => {
    const json = (schema: z.ZodType) => JSON.stringify(z.toJSONSchema(z.object({ value: schema }), { io: 'input' }));
    expect(json(countParam('items per page', { default: 30, max: 100 }))).toBe(
      json(queryInt(1, 100).default(30).describe('items per page (1-100)')),
    );
    expect(json(cursorParam(64))).toBe(json(z.string().min(1).max(64).optional().describe('pagination.cursor of a previous response')));
  });
});
