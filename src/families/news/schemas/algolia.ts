import { z } from 'zod';
import { itemId, lenient, optionalCount, optionalItemId, optionalString, optionalUnixSeconds } from './lenient.js';

/**
 * HN Search's bodies. Hits carry `objectID` as a string; missing values are null in some hits
 * and "" in others; the 2014 field set lacks `updated_at`, `children` and the timing keys.
 */
export const algoliaHitSchema = z.looseObject({
  objectID: z.string().regex(/^[1-9][0-9]{0,15}$/),
  _tags: lenient(z.array(z.string())),
  author: optionalString,
  title: optionalString,
  url: optionalString,
  story_text: optionalString,
  comment_text: optionalString,
  points: lenient(z.number().int()),
  num_comments: optionalCount,
  created_at_i: optionalUnixSeconds,
  created_at: optionalString,
  story_id: optionalItemId,
  parent_id: optionalItemId,
  story_title: optionalString,
  story_url: optionalString,
});
export type AlgoliaHit = z.infer<typeof algoliaHitSchema>;

/** A search answer: `hits` is required; the paging keys are read when present. */
export const algoliaSearchSchema = z.looseObject({
  hits: z.array(z.unknown()).max(1000),
  page: optionalCount,
  nbPages: optionalCount,
  nbHits: optionalCount,
  hitsPerPage: optionalCount,
});

/** One node of `items/{id}`: the item and its whole reply tree under `children`. */
export interface AlgoliaNode {
  id: number;
  type: string | null;
  author: string | null;
  title: string | null;
  url: string | null;
  text: string | null;
  points: number | null;
  parent_id: number | null;
  story_id: number | null;
  created_at_i: number | null;
  children: unknown[];
}

export const algoliaNodeSchema: z.ZodType<AlgoliaNode, unknown> = z.looseObject({
  id: itemId,
  type: optionalString,
  author: optionalString,
  title: optionalString,
  url: optionalString,
  text: optionalString,
  points: lenient(z.number().int()),
  parent_id: optionalItemId,
  story_id: optionalItemId,
  created_at_i: optionalUnixSeconds,
  children: lenient(z.array(z.unknown())).transform((children) => children ?? []),
});
