import { z } from 'zod';

/** The typed raw fields of a question (`raw.<key>` on its own, `raw.posts[i]` in lists). */
export const questionRaw = z.object({
  site: z.string().describe('the API site'),
  body: z.string().nullable().describe('the body as HTML'),
  acceptedAnswerId: z.number().nullable().describe('the accepted answer id, or null'),
  isAnswered: z.boolean().nullable().describe('whether the site counts the question as answered'),
  closedReason: z.string().nullable().describe('why it was closed, as sent (Duplicate, Opinion-based ...), or null'),
  isDuplicate: z.boolean().describe('closed as a duplicate'),
  license: z.string().nullable().describe('the content licence (CC BY-SA 2.5, 3.0 or 4.0)'),
});
