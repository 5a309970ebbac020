import type { FetchContext, ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { hitExtras, hitToPost } from '../normalise/post.js';
import { algoliaHitSchema } from '../schemas/algolia.js';
import { search, type SearchQuery } from '../upstream/algolia.js';
import { encodePage, pageOf } from './params.js';

/**
 * One page of HN Search as Posts: `limit` hits a page, the cursor carrying the next page. HN
 * Search serves at most 1000 hits a query (its page count is capped), live items only. A hit
 * that does not parse is left out and counted in meta.warnings.
 */
export async function searchPage(
  ctx: FetchContext,
  query: Omit<SearchQuery, 'page' | 'hitsPerPage'>,
  page: { cursor?: string | undefined; limit: number },
): Promise<ListResult<Post>> {
  const answer = await search(ctx, { ...query, page: pageOf(page.cursor, page.limit), hitsPerPage: page.limit });
  const hits = answer.hits.slice(0, page.limit).flatMap((raw) => {
    const parsed = algoliaHitSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  const dropped = Math.min(answer.hits.length, page.limit) - hits.length;
  const hasMore = answer.page + 1 < answer.nbPages;
  return {
    items: hits.map((hit) => hitToPost(hit, ctx.fetchedAt)),
    pagination: { cursor: hasMore ? encodePage(answer.page + 1, page.limit) : null, hasMore },
    raw: { via: 'algolia', url: answer.url, totalHits: answer.nbHits, posts: hits.map(hitExtras), payload: answer.payload },
    ...(hits.length === 0 ? { emptyReason: 'no_results' } : {}),
    ...(dropped > 0 ? { warnings: [`${dropped} search hits could not be read and were left out.`] } : {}),
  };
}
