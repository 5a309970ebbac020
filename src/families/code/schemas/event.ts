import { z } from 'zod';
import { accountStubSchema, lenient, optionalString } from './lenient.js';

/**
 * One public event. Ids are strings; `org` appears on some events only; payloads differ by
 * type and are read defensively by the summary (normalise/event-summary.ts).
 */
export const eventBodySchema = z.looseObject({
  id: z.union([z.string().min(1).max(40), z.number().int().nonnegative()]).transform(String),
  type: z.string().min(1).max(80),
  actor: lenient(accountStubSchema),
  repo: lenient(z.looseObject({ name: optionalString, url: optionalString })),
  payload: lenient(z.record(z.string(), z.unknown())),
  public: lenient(z.boolean()),
  created_at: optionalString,
});
export type EventBody = z.infer<typeof eventBodySchema>;
