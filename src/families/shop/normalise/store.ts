import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { PLATFORM } from '../constants.js';
import { idText, record, text } from './values.js';

/**
 * A store's `/meta.json`: its name, description, country, default currency and counts. It is
 * the store as a Creator, and the source of every product's `currency` and `storeName`.
 */

export interface StoreMeta {
  id: string;
  name: string | null;
  currency: string | null;
  description: string | null;
  country: string | null;
  productCount: number | null;
  collectionCount: number | null;
  myshopifyDomain: string | null;
}

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

/** meta.json as the family reads it; null when the body has no store id (not a store's meta.json). */
export function storeMetaOf(value: unknown): StoreMeta | null {
  const body = record(value);
  const id = body === null ? null : idText(body.id);
  if (body === null || id === null) return null;
  const currency = text(body.currency)?.trim().toUpperCase() ?? null;
  return {
    id,
    name: text(body.name),
    currency: currency !== null && /^[A-Z]{3}$/.test(currency) ? currency : null,
    description: text(body.description),
    country: text(body.country),
    productCount: count(body.published_products_count),
    collectionCount: count(body.published_collections_count),
    myshopifyDomain: text(body.myshopify_domain)?.toLowerCase() ?? null,
  };
}

/** The store as a Creator: an account that is a business, whose posts are its products. */
export function storeCreator(meta: StoreMeta, storeDomain: string, fetchedAt: string): Creator {
  return makeCreator({
    platform: PLATFORM,
    id: meta.id,
    handle: storeDomain,
    displayName: meta.name,
    bio: meta.description,
    url: `https://${storeDomain}`,
    postCount: meta.productCount,
    isPrivate: false,
    isBusiness: true,
    category: 'store',
    location: meta.country,
    fetchedAt,
  });
}
