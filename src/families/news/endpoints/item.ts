import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { itemExtras, itemToPost } from '../normalise/post.js';
import type { FirebaseItem } from '../schemas/firebase.js';
import { getItem, itemUrl as firebaseItemUrl } from '../upstream/firebase.js';
import { canonicalItem, ITEM_CONSTRAINT, itemId, itemUrl } from './params.js';

const params = z.object({ id: itemId, url: itemUrl });

/** Why an item that exists is served empty: deleted by its author or a moderator, or killed (dead). */
export function removedReason(item: FirebaseItem): 'deleted' | 'dead' | null {
  if (item.deleted === true) return 'deleted';
  if (item.dead === true) return 'dead';
  return null;
}

/** GET /v1/news/item */
export const newsItemEndpoint = defineEndpoint({
  path: '/v1/news/item',
  summary: 'One Hacker News item: a story, Ask or Show HN, job, poll, poll option or comment',
  description: [
    "Returns one Post. title is null for comments and poll options; text is the plain text of the HTML body (paragraphs as blank lines, links as their full address); likeCount is the score (a poll option's votes), commentCount the live comments.",
    'type is unknown when the item links out (raw.link), else text. raw.kind is story, ask, show, job, poll, pollopt or comment; a poll has raw.parts, a comment raw.parent.',
    'A missing item is an empty result (meta.reason not_found); a deleted one has meta.reason deleted, a dead (killed) one dead. None is charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: ITEM_CONSTRAINT }),
  returns: { kind: 'single', type: 'Post' },
  raw: z.object({
    link: z.string().nullable().describe('the link of a story, or null'),
    kind: z.string().describe('story, ask, show, job, poll, pollopt or comment'),
    parts: z.array(z.number()).describe("a poll's options"),
    parent: z.number().describe("a comment's parent item"),
  }),
  normaliseParams: canonicalItem,
  async fetch(input, ctx): Promise<SingleResult<Post>> {
    const id = input.id!;
    const url = firebaseItemUrl(id);
    const { item, payload } = await getItem(ctx, id);
    if (item === null) return { data: null, raw: { via: 'firebase', url, payload }, emptyReason: 'not_found' };
    const reason = removedReason(item);
    if (reason !== null) return { data: null, raw: { via: 'firebase', url, ...itemExtras(item), payload }, emptyReason: reason };
    return { data: itemToPost(item, ctx.fetchedAt), raw: { via: 'firebase', url, ...itemExtras(item), payload } };
  },
});
