import { describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../src/catalogue/endpoint.js';
import { makeOutcome } from '../../src/pipeline/outcome.js';
import { successBody, successBytes } from '../../src/render/envelope.js';

const endpoint = {} as EndpointDefinition;
const facts = {
  endpoint,
  fetchedAt: '2026-11-25T02:00:00.000Z',
  cached: true,
  ageSeconds: 12,
  creditsCharged: 0,
  empty: false,
  emptyReason: null,
  warnings: [] as string[],
};
const payload = { data: { items: [{ title: 'Ünïcødé "quoted" \u2028 ✓', score: 3 }] }, pagination: { cursor: 'c1', hasMore: true } };

describe('the success envelope', () => {
  const cases = [
    { name: 'a cache hit', outcome: makeOutcome(facts, { text: JSON.stringify(payload) }, null, {}) },
    {
      name: 'a live, empty, partial result with raw',
      outcome: makeOutcome(
        {
          ...facts,
          cached: false,
          ageSeconds: null,
          creditsCharged: 0,
          empty: true,
          emptyReason: 'not "found"',
          warnings: ['price unreadable'],
        },
        { object: payload },
        { object: { upstream: [1, 2] } },
      ),
    },
  ];

  it.each(cases)('is the same document as text and as bytes: $name', ({ outcome }) => {
    const text = successBody(outcome);
    expect(successBytes(outcome).toString('utf8')).toBe(text);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(payload.data);
    expect(parsed.pagination).toEqual(payload.pagination);
  });

  it('states meta exactly as the contract names it', () => {
    expect(JSON.parse(successBody(cases[0]!.outcome)).meta).toEqual({
      creditsCharged: 0,
      cached: true,
      fetchedAt: facts.fetchedAt,
      ageSeconds: 12,
    });
    const live = JSON.parse(successBody(cases[1]!.outcome));
    expect(live.meta).toEqual({
      creditsCharged: 0,
      cached: false,
      fetchedAt: facts.fetchedAt,
      empty: true,
      reason: 'not "found"',
      warnings: ['price unreadable'],
    });
    expect(live.raw).toEqual({ upstream: [1, 2] });
  });

  it('keeps payload text and objects consistent whichever is asked for first', () => {
    const fromText = makeOutcome(facts, { text: JSON.stringify(payload) }, { text: '{"a":1}' });
    expect(fromText.payload).toEqual(payload);
    expect(fromText.raw).toEqual({ a: 1 });
    const fromObject = makeOutcome(facts, { object: payload }, null);
    expect(JSON.parse(fromObject.payloadJson)).toEqual(payload);
    expect(fromObject.rawJson).toBeNull();
    expect(fromObject.payloadIdentity).toBe(fromObject);
  });

  it('shares one buffer between hits on the same entry while their envelopes are equal', () => {
    const entry = {};
    const hit = (ageSeconds: number) => makeOutcome({ ...facts, ageSeconds }, { text: JSON.stringify(payload) }, null, entry);
    const first = successBytes(hit(12));
    expect(successBytes(hit(12))).toBe(first);
    const older = successBytes(hit(13));
    expect(older).not.toBe(first);
    expect(JSON.parse(older.toString()).meta.ageSeconds).toBe(13);
    // Another entry with the same age is rendered from its own text.
    const other = makeOutcome(facts, { text: JSON.stringify({ data: { items: [] } }) }, null, {});
    expect(JSON.parse(successBytes(other).toString()).data).toEqual({ items: [] });
  });
});
