import { z } from 'zod';

/**
 * An optional upstream field: absent, null or malformed all read as null, so a key an older or
 * newer answer lacks never turns the answer into schema drift.
 */
export function lenient<Schema extends z.ZodType>(schema: Schema) {
  // Absent keys fail `nullable` and are caught as null too: the output is always a value or null.
  return schema.nullable().catch(null);
}

export const optionalString = lenient(z.string());
export const optionalCount = lenient(z.number().int().nonnegative());
export const optionalBoolean = lenient(z.boolean());
/** Unix seconds, within what a Date can hold. */
export const optionalUnixSeconds = lenient(z.number().int().min(0).max(8.64e12));
export const itemId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const optionalItemId = lenient(itemId);
/** Id lists (kids, parts, submitted): the ids that are ids, the rest dropped. */
export const idList = lenient(z.array(z.unknown())).transform((values) =>
  (values ?? []).filter((value): value is number => itemId.safeParse(value).success),
);
