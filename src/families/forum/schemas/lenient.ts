import type { z } from 'zod';

/**
 * An optional upstream field: absent, null or malformed all read as null, so a field the
 * gateway can live without never turns a whole answer into schema drift.
 */
export function lenient<Schema extends z.ZodType>(schema: Schema) {
  return schema.nullish().catch(null);
}
