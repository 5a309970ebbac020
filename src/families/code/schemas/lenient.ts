import { z } from 'zod';

/**
 * An optional upstream field: absent, null or malformed all read as null, so a field the
 * gateway can live without (older answers lack many) never turns an answer into schema drift.
 */
export function lenient<Schema extends z.ZodType>(schema: Schema) {
  return schema.nullish().catch(null);
}

export const optionalString = lenient(z.string());
export const optionalCount = lenient(z.number().int().nonnegative());
export const optionalBoolean = lenient(z.boolean());

/** A numeric id as the platform sends it (a number; event ids are strings). */
export const numericId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);

/** The account stub embedded in repositories, issues, comments and events. */
export const accountStubSchema = z.looseObject({
  login: z.string(),
  id: lenient(numericId),
  avatar_url: optionalString,
  html_url: optionalString,
  type: optionalString,
});
export type AccountStub = z.infer<typeof accountStubSchema>;
