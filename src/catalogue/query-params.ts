import { z } from 'zod';

/** Booleans as they arrive in a query string ("true"/"false"/"1"/"0") or as real booleans (GraphQL, JSON). */
export const queryBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);

/** An integer from a query string or a number, within bounds. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
