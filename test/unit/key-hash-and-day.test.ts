import { describe, expect, it } from 'vitest';
import { hashesMatch, hashKey } from '../../src/state/key-hash.js';
import { utcDay } from '../../src/state/utc-day.js';

describe('hashesMatch', () => {
  const stored = hashKey('sk_test_some_key_01');
  it('accepts the same hash and refuses any other', () => {
    expect(hashesMatch(stored, hashKey('sk_test_some_key_01'))).toBe(true);
    expect(hashesMatch(stored, hashKey('sk_test_some_key_02'))).toBe(false);
    expect(hashesMatch(stored, stored.slice(0, -1) + (stored.endsWith('0') ? '1' : '0'))).toBe(false);
    expect(hashesMatch(stored, stored.slice(0, -1))).toBe(false);
    expect(hashesMatch(undefined, stored)).toBe(false);
    expect(hashesMatch(42, stored)).toBe(false);
  });
});

describe('utcDay', () => {
  it('follows the clock across midnight, both ways', () => {
    expect(utcDay(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24');
    expect(utcDay(new Date('2026-11-25T00:00:00.000Z'))).toBe('2026-11-25');
    expect(utcDay(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(utcDay(new Date('2026-11-24T12:00:00.000Z'))).toBe('2026-11-24');
    expect(utcDay(new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-01-01');
  });
});
