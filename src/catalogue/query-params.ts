import { z } from 'zod';

/** Booleans as they arrive in a query string ("true"/"false"/"1"/"0") or as real booleans (GraphQL, JSON). */
export const queryBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);

/** An integer from a query string or a number, within bounds. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** How many items a call may ask for: the most, and how many when it does not say. */
export interface CountBounds {
  default: number;
  max: number;
}

/** A count in a query (a page size, how many to return): 1 to `max`, `default` when absent, described as "<what> (1-<max>)". */
export const countParam = (what: string, bounds: CountBounds) =>
  queryInt(1, bounds.max).default(bounds.default).describe(`${what} (1-${bounds.max})`);

/** The opaque cursor a previous response handed out, passed back: text of at most `maxLength` characters. */
export const cursorParam = (maxLength: number, description = 'pagination.cursor of a previous response') =>
  z.string().min(1).max(maxLength).optional().describe(description);
