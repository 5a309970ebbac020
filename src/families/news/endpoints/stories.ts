import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { ITEM_FETCH_CONCURRENCY } from '../constants.js';
import { itemExtras, itemToPost } from '../normalise/post.js';
import { getItem, getList, listUrl } from '../upstream/firebase.js';
import { mapBounded } from '../upstream/pool.js';
import { removedReason } from './item.js';
import { cursor, encodeOffset, offsetOf, pageLimit } from './params.js';

const params = z.object({
  list: z
    .enum(['top', 'new', 'best', 'ask', 'show', 'job'])
    .default('top')
    .describe('which front page list: top, new, best, ask, show or job'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/news/stories */
export const newsStoriesEndpoint = defineEndpoint({
  path: '/v1/news/stories',
  summary: "A Hacker News list (top, new, best, Ask, Show or jobs), in the site's rank order",
  description: [
    "Returns data.items: Post[] in rank order, each as /v1/news/item gives it; raw.posts gives each one's kind (story, ask, show, job, poll) and link.",
    'The list is read again on every call (top and new hold up to 500 ids, the others about 200), so a cursor is a position in the current list.',
    'Listed items that are gone, deleted or dead are skipped and named in raw.skipped, so a page can be shorter than limit.',
  ].join(' '),
  params,
  flags: endpointFlags({
    subscribable: true,
    parameterConstraints: 'a page may hold fewer than limit items (raw.skipped names the gone ones)',
  }),
  returns: { kind: 'list', type: 'Post' },
  raw: z.object({
    posts: z.array(z.looseObject({})).describe('per story: its kind and link'),
    skipped: z.array(z.looseObject({})).describe('listed items left out (gone, deleted or dead), with the reason'),
  }),
  normaliseParams(input) {
    offsetOf(input.cursor);
    return input;
  },
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const url = listUrl(input.list);
    const ids = await getList(ctx, input.list);
    const offset = offsetOf(input.cursor);
    const pageIds = (ids ?? []).slice(offset, offset + input.limit);
    const items = await mapBounded(pageIds, ITEM_FETCH_CONCURRENCY, async (id) => (await getItem(ctx, id)).item);
    const skipped: { id: string; reason: string }[] = [];
    const posts: Post[] = [];
    const extras: Record<string, unknown>[] = [];
    items.forEach((item, index) => {
      const reason = item === null ? 'not_found' : removedReason(item);
      if (item === null || reason !== null) skipped.push({ id: String(pageIds[index]), reason: reason ?? 'not_found' });
      else {
        posts.push(itemToPost(item, ctx.fetchedAt));
        extras.push(itemExtras(item));
      }
    });
    const next = offset + pageIds.length;
    const hasMore = ids !== null && next < ids.length;
    return {
      items: posts,
      pagination: { cursor: hasMore ? encodeOffset(next) : null, hasMore },
      raw: { via: 'firebase', url, list: input.list, offset, listLength: ids?.length ?? 0, posts: extras, skipped },
      ...(posts.length === 0 ? { emptyReason: 'no_results' } : {}),
    };
  },
});
