import { z } from 'zod';

/** Schemas of environment-variable text, shared by the gateway's settings and each family's. */

/** An http(s) URL, or unset (an empty value counts as unset). */
export const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/** `true`/`1` on, anything else of `false`/`0`/empty/unset off. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A whole number above zero, with its default. */
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
