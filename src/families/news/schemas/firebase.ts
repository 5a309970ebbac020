import { z } from 'zod';
import { idList, itemId, lenient, optionalBoolean, optionalCount, optionalItemId, optionalString, optionalUnixSeconds } from './lenient.js';

/**
 * The official API's bodies. Only `id` and `type` are always there (and `time`, read leniently);
 * every other key depends on the kind and the item's state: deleted items keep little more than
 * their id, parent and kids; dead ones keep `by`.
 */
export const firebaseItemSchema = z.looseObject({
  id: itemId,
  type: z.string().min(1).max(40),
  by: optionalString,
  time: optionalUnixSeconds,
  title: optionalString,
  text: optionalString,
  url: optionalString,
  score: lenient(z.number().int()),
  descendants: optionalCount,
  kids: idList,
  parent: optionalItemId,
  poll: optionalItemId,
  parts: idList,
  deleted: optionalBoolean,
  dead: optionalBoolean,
});
export type FirebaseItem = z.infer<typeof firebaseItemSchema>;

/** A story list: ids in rank order. */
export const firebaseListSchema = z.array(itemId).max(10_000);

export const firebaseUserSchema = z.looseObject({
  id: z.string().min(1).max(64),
  created: optionalUnixSeconds,
  karma: lenient(z.number().int()),
  about: optionalString,
  submitted: idList,
});
export type FirebaseUser = z.infer<typeof firebaseUserSchema>;
