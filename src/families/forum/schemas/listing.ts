import { z } from 'zod';
import { lenient } from './lenient.js';

/** `{kind, data}`: every Reddit object (t1 comment, t2 account, t3 post, t5 community, more, Listing). */
export const thingSchema = z.object({ kind: z.string(), data: z.unknown() });
export type Thing = z.output<typeof thingSchema>;

/**
 * A Listing page. Older answers lack `dist`; search adds `facets`; neither matters, so only
 * children and the cursors are read.
 */
export const listingSchema = z.object({
  kind: z.literal('Listing'),
  data: z.object({
    children: z.array(thingSchema),
    after: lenient(z.string()),
    before: lenient(z.string()),
  }),
});
export type Listing = z.output<typeof listingSchema>;

/** The comments page: `[post Listing, comment Listing]`. */
export const postThreadSchema = z.tuple([listingSchema, listingSchema]).rest(z.unknown());
