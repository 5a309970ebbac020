import { z } from 'zod';
import { unwrapLevel } from './values.js';

/**
 * Lenient zod readers for Redfin bodies. A leaf that is missing or of an unexpected type
 * reads as null (the field was not exposed) instead of failing the whole listing; only the
 * structural checks of each surface decide schema drift.
 */

/** A number, also when wrapped as {value, level}; null otherwise. */
export const num = z.preprocess(unwrapLevel, z.number().finite().nullish()).catch(null);

/** A number that may arrive as a numeric string (the rentals API sends int64 values as strings). */
export const numLike = z
  .preprocess((value) => {
    const inner = unwrapLevel(value);
    return typeof inner === 'string' && /^-?\d+(\.\d+)?$/.test(inner.trim()) ? Number(inner) : inner;
  }, z.number().finite().nullish())
  .catch(null);

/** A string, also when wrapped as {value, level}; null otherwise. */
export const str = z.preprocess(unwrapLevel, z.string().nullish()).catch(null);

/** A string id that may arrive as a number. */
export const idLike = z
  .preprocess((value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value), z.string().nullish())
  .catch(null);

export const bool = z.boolean().nullish().catch(null);

/** The strings of a list; anything else in it is dropped. */
export const strList = z
  .array(z.unknown())
  .catch([])
  .transform((items) => items.filter((item): item is string => typeof item === 'string'));

/** A list whose items that fail `item` are dropped; a missing list reads as []. */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      items.flatMap((each) => {
        const parsed = item.safeParse(each);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );
}

/** An object read leniently: unknown keys kept, missing or malformed reads as null. */
export function obj<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.looseObject(shape).nullish().catch(null);
}
