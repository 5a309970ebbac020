import { assignedCountry } from '../../../model/countries.js';

/** A country code in any case as Apple takes it (lower case), or null when it is not an assigned code. */
export function storeCountry(input: string): string | null {
  return assignedCountry(input)?.toLowerCase() ?? null;
}
