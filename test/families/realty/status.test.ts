import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_TABLE,
  availabilityOf,
  listingStatusOf,
  REDFIN_STATUS_TABLE,
  RENTAL_STATUS_WORDING,
  SEARCH_STATUS_WORDING,
  wordingOfCode,
} from '../../../src/families/realty/status.js';
import { availabilitySchema, listingStatusSchema } from '../../../src/families/realty/model.js';

describe('Redfin status table', () => {
  it.each([
    ['Active', 'active'],
    ['Coming Soon', 'active'],
    ['For Rent', 'active'],
    ['Pending', 'pending'],
    ['Pending - Taking Backups', 'pending'],
    ['Contingent', 'under_offer'],
    ['Active Under Contract', 'under_offer'],
    ['Sold', 'sold'],
    ['Closed', 'sold'],
    ['Rented', 'rented'],
    ['Off Market', 'off_market'],
    ['Withdrawn', 'off_market'],
    ['Expired', 'off_market'],
    ['  active  under-contract ', 'under_offer'],
    ['SOLD', 'sold'],
    ['Auction', 'unknown'],
  ] as const)('maps %j to %s', (wording, status) => {
    expect(listingStatusOf(wording)).toBe(status);
  });

  it('reads no status as null, not unknown', () => {
    expect(listingStatusOf(null)).toBeNull();
    expect(listingStatusOf('  ')).toBeNull();
  });

  it('holds only spec statuses, each wording once', () => {
    for (const row of REDFIN_STATUS_TABLE) expect(listingStatusSchema.safeParse(row.status).success).toBe(true);
    const keys = REDFIN_STATUS_TABLE.map((row) => row.redfin.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('reads numeric codes only where a recorded body shows their meaning', () => {
    expect(listingStatusOf(wordingOfCode(SEARCH_STATUS_WORDING, 1))).toBe('active');
    expect(listingStatusOf(wordingOfCode(SEARCH_STATUS_WORDING, 8))).toBe('active');
    expect(listingStatusOf(wordingOfCode(RENTAL_STATUS_WORDING, 1))).toBe('active');
    expect(listingStatusOf(wordingOfCode(RENTAL_STATUS_WORDING, 2))).toBe('unknown');
    expect(wordingOfCode(SEARCH_STATUS_WORDING, null)).toBeNull();
  });
});

describe('availability table', () => {
  it.each([
    ['Active', 'in_stock'],
    ['Coming Soon', 'preorder'],
    ['Pending', 'out_of_stock'],
    ['Contingent', 'out_of_stock'],
    ['Sold', 'out_of_stock'],
    ['Rented', 'out_of_stock'],
    ['Off Market', 'discontinued'],
    ['Auction', 'unknown'],
  ] as const)('maps %j to %s', (wording, availability) => {
    expect(availabilityOf(wording)).toBe(availability);
  });

  it('is null for a result without status, and covers every listing status', () => {
    expect(availabilityOf(null)).toBeNull();
    for (const status of listingStatusSchema.options)
      expect(AVAILABILITY_TABLE.some((row) => row.status === status && row.redfin === undefined)).toBe(true);
    for (const row of AVAILABILITY_TABLE) expect(availabilitySchema.safeParse(row.availability).success).toBe(true);
  });
});
