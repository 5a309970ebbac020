import type { FetchContext, ListResult } from '../../../catalogue/results.js';
import type { Product } from '../../../model/commerce.js';
import { MAX_LIST_POSITION } from '../constants.js';
import { decodeCursor, encodeCursor, pagesFor, positionIndex, type ListPosition } from '../input/cursor.js';
import { productFromListItem } from '../normalise/product.js';
import { array } from '../normalise/values.js';
import { storeMetaFor } from '../upstream/meta.js';
import { bodyWith, getStorefront } from '../upstream/storefront.js';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import { PASSWORD_PROTECTED, notShopify, otherShape } from './outcomes.js';

/**
 * A page of a store's products.json, or of a collection's: `limit` items from the cursor's
 * position, read as one or two upstream pages (src/families/shop/input/cursor.ts), with the
 * store's meta.json for currency and name. The list answer decides; a 404 of a collection is an
 * empty result when the host is a store (its meta.json reads), and the not-a-store 400 otherwise.
 */

export interface ListCall {
  domain: string;
  collection: string | null;
  limit: number;
  cursor?: string | undefined;
}

const listPath = (collection: string | null, limit: number, page: number): string =>
  `${collection === null ? '' : `/collections/${encodeURIComponent(collection)}`}/products.json?limit=${limit}&page=${page}`;

export async function readListPage(call: ListCall, ctx: FetchContext): Promise<ListResult<Product>> {
  const { domain, collection } = call;
  const start = call.cursor === undefined ? 0 : positionIndex(decodeCursor(call.cursor, domain, collection));
  const limit = Math.min(call.limit, MAX_LIST_POSITION - start);
  if (limit <= 0) return emptyListResult('no_results', { storeDomain: domain, pages: [] });
  // Asked beside the list (the list answer decides; meta.json only fills currency and name, null when it fails).
  const meta = storeMetaFor(ctx, domain).catch(() => null);
  const taken: unknown[] = [];
  const pages: { url: string; payload: unknown }[] = [];
  let storeDomain = domain;
  let after: ListPosition | null = null;
  for (const read of pagesFor(start, limit)) {
    const answer = await getStorefront(ctx, domain, listPath(collection, read.limit, read.page), 'domain');
    if (answer.kind === 'password') return emptyListResult(PASSWORD_PROTECTED, { storeDomain: domain, url: answer.url });
    if (answer.kind === 'not_json') throw notShopify('domain', domain);
    if (answer.kind === 'not_found') {
      if (collection === null || (await meta) === null) throw notShopify('domain', domain);
      return emptyListResult('not_found', { storeDomain: domain, url: answer.url });
    }
    const body = bodyWith(answer.body, 'products');
    if (body === null || !Array.isArray(body.products)) throw otherShape('products.json', answer.url);
    storeDomain = answer.storeDomain;
    pages.push({ url: answer.url, payload: body });
    const kept = array(body.products).slice(read.skip, read.skip + limit - taken.length);
    taken.push(...kept);
    const offset = read.skip + kept.length;
    after =
      offset >= read.limit
        ? { store: domain, collection, page: read.page + 1, pageLimit: read.limit, offset: 0 }
        : { store: domain, collection, page: read.page, pageLimit: read.limit, offset };
    // A short page is the end of the list: the next page would be empty.
    if (body.products.length < read.limit || taken.length >= limit) break;
  }
  const storeMeta = await meta;
  const context = { storeDomain, storeName: storeMeta?.name ?? null, currency: storeMeta?.currency ?? null, fetchedAt: ctx.fetchedAt };
  const items = taken.flatMap((item) => productFromListItem(item, context) ?? []);
  const full = taken.length === limit && after !== null && positionIndex(after) < MAX_LIST_POSITION;
  const raw = { storeDomain, currency: context.currency, pages };
  if (taken.length === 0) return emptyListResult('no_results', raw);
  return { items, pagination: { cursor: full ? encodeCursor(after!) : null, hasMore: full }, raw };
}
