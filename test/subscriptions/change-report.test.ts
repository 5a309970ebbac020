import { describe, expect, it } from 'vitest';
import { contentHash } from '../../src/subscriptions/content-hash.js';

/** The content hash with an endpoint's own unhashed fields (its change report's), at any depth. */
describe('contentHash with unhashed fields', () => {
  const item = (updatedAt: string, price: string) => ({ items: [{ id: '1', price, updatedAt, fetchedAt: updatedAt }] });

  it('leaves the declared fields out at any depth, as it does fetchedAt', () => {
    expect(contentHash(item('2026-01-01', '1.00'), ['updatedAt'])).toBe(contentHash(item('2026-02-01', '1.00'), ['updatedAt']));
    expect(contentHash(item('2026-01-01', '1.00'), ['updatedAt'])).not.toBe(contentHash(item('2026-01-01', '2.00'), ['updatedAt']));
  });

  it('keeps them without the declaration', () => {
    expect(contentHash(item('2026-01-01', '1.00'))).not.toBe(contentHash(item('2026-02-01', '1.00')));
    expect(contentHash(item('2026-01-01', '1.00'), [])).toBe(contentHash(item('2026-01-01', '1.00')));
  });
});
