import { describe, expect, it } from 'vitest';
import { assignedCountry, ISO_NUMERIC_BY_ALPHA2 } from '../../src/model/countries.js';

describe('ISO 3166-1 country codes', () => {
  it('holds every assigned alpha-2 code with its numeric code', () => {
    expect(Object.keys(ISO_NUMERIC_BY_ALPHA2)).toHaveLength(249);
    expect(ISO_NUMERIC_BY_ALPHA2).toMatchObject({ US: 840, GB: 826, MK: 807, IM: 833, AQ: 10 });
  });

  it('reads a code in any case, trimmed, and refuses unassigned, reserved and inherited keys', () => {
    expect(assignedCountry(' de ')).toBe('DE');
    expect(assignedCountry('Gb')).toBe('GB');
    for (const code of ['UK', 'EU', 'XK', 'ZZ', '', 'USA', 'toString', 'CONSTRUCTOR']) expect(assignedCountry(code)).toBeNull();
  });
});
