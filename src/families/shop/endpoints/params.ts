import { z } from 'zod';
import { countParam, cursorParam } from '../../../catalogue/query-params.js';
import { invalidParam } from '../../../errors.js';
import { LIST_LIMIT, SEARCH_LIMIT } from '../constants.js';
import { decodeCursor } from '../input/cursor.js';
import { handleParam } from '../input/paths.js';
import { collectionUrl, productUrl, storeHost } from '../input/store.js';

/** Parameter pieces shared by the shop endpoints (REST spelling), and their canonical forms. */

export const domain = z
  .string()
  .min(1)
  .max(2048)
  .describe('the store: its host name (shop.example.com, any .myshopify.com host) or any http(s) URL on it');

export const limit = countParam('products per page', LIST_LIMIT);
export const searchLimit = countParam('products', SEARCH_LIMIT);
export const cursor = cursorParam(800, 'pagination.cursor of a previous response of the same list');

export const PRODUCT_CONSTRAINT = 'pass either url, or domain with handle';
export const COLLECTION_CONSTRAINT = 'pass either url, or domain with collection';

export const productIdentity = {
  url: z
    .string()
    .min(1)
    .max(2048)
    .optional()
    .describe('a product page: https://STORE/products/HANDLE or /collections/C/products/HANDLE, after an optional locale (/fr, /en-ca)'),
  domain: domain.optional(),
  handle: z.string().min(1).max(255).optional().describe('the product handle as its URL shows it, e.g. ratio-eight'),
};

export const collectionIdentity = {
  url: z.string().min(1).max(2048).optional().describe('a collection page: https://STORE/collections/HANDLE'),
  domain: domain.optional(),
  collection: z.string().min(1).max(255).optional().describe('the collection handle as its URL shows it, e.g. sale or all'),
};

type Either<K extends string> = { url?: string | undefined; domain?: string | undefined } & { [key in K]?: string | undefined };

/** `url`, or `domain` with `handle`, as the canonical `domain` (a host) and `handle`; the url is dropped so equivalent forms share a cache entry. */
export function canonicalProduct<T extends Either<'handle'>>(params: T): T & { domain: string; handle: string } {
  const { url, ...rest } = params;
  if (url !== undefined) {
    if (params.domain !== undefined || params.handle !== undefined) throw invalidParam('url', PRODUCT_CONSTRAINT);
    return { ...rest, ...productUrl(url) } as T & { domain: string; handle: string };
  }
  if (params.domain === undefined || params.handle === undefined)
    throw invalidParam(params.domain === undefined ? 'domain' : 'handle', PRODUCT_CONSTRAINT);
  return { ...rest, domain: storeHost(params.domain), handle: handleParam(params.handle, 'handle') } as T & {
    domain: string;
    handle: string;
  };
}

/** `url`, or `domain` with `collection`, canonical likewise; a cursor is checked against the list it continues. */
export function canonicalCollection<T extends Either<'collection'> & { cursor?: string | undefined }>(
  params: T,
): T & { domain: string; collection: string } {
  const { url, ...rest } = params;
  let identity: { domain: string; collection: string };
  if (url !== undefined) {
    if (params.domain !== undefined || params.collection !== undefined) throw invalidParam('url', COLLECTION_CONSTRAINT);
    identity = collectionUrl(url);
  } else {
    if (params.domain === undefined || params.collection === undefined)
      throw invalidParam(params.domain === undefined ? 'domain' : 'collection', COLLECTION_CONSTRAINT);
    identity = { domain: storeHost(params.domain), collection: handleParam(params.collection, 'collection') };
  }
  if (params.cursor !== undefined) decodeCursor(params.cursor, identity.domain, identity.collection);
  return { ...rest, ...identity } as T & { domain: string; collection: string };
}

/** Identity of one call once canonical (fetch receives only canonical parameters). */
export function required(value: string | undefined, param: string, constraint: string): string {
  if (value === undefined) throw invalidParam(param, constraint);
  return value;
}
