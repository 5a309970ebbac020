import { invalidParam } from '../../../errors.js';

/**
 * The storefront paths a caller may paste: a product (`/products/{handle}`, or inside a
 * collection `/collections/{c}/products/{handle}`) and a collection (`/collections/{c}`), after an
 * optional locale prefix (`/fr`, `/en-ca`), with an optional trailing `/`, or `.js`/`.json` on a
 * product. Handles are read percent-decoded; the query (`?variant=`) and fragment never matter.
 */

const LOCALE = '(?:/[a-z]{2}(?:-[a-z0-9]{2,4})?)?';
const SEGMENT = '([^/]{1,255})';
const PRODUCT_PATH = new RegExp(`^${LOCALE}(?:/collections/${SEGMENT})?/products/${SEGMENT}/?$`, 'i');
const COLLECTION_PATH = new RegExp(`^${LOCALE}/collections/${SEGMENT}/?$`, 'i');

/** What a handle (of a product or a collection) may be once decoded: no separators, spaces or control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what the pattern refuses
export const HANDLE = /^[^/?#\s\u0000-\u001f\u007f]{1,255}$/;

function decoded(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment);
    return HANDLE.test(value) && value !== '.' && value !== '..' ? value : null;
  } catch {
    return null;
  }
}

/** The product handle of a storefront path, or null when the path is no product page. */
export function productHandleOfPath(pathname: string): string | null {
  const match = PRODUCT_PATH.exec(pathname);
  const raw = match?.[2]?.replace(/\.(?:js|json)$/i, '');
  return raw === undefined || raw === '' ? null : decoded(raw);
}

/** The collection handle of a storefront path, or null when the path is no collection page. */
export function collectionHandleOfPath(pathname: string): string | null {
  const match = COLLECTION_PATH.exec(pathname);
  const raw = match?.[1];
  return raw === undefined ? null : decoded(raw);
}

/** A handle parameter checked the same way (the caller passed it without a URL). */
export function handleParam(value: string, param: 'handle' | 'collection'): string {
  const trimmed = value.trim();
  if (!HANDLE.test(trimmed) || trimmed === '.' || trimmed === '..')
    throw invalidParam(
      param,
      `${param} must be the ${param === 'handle' ? "product's" : "collection's"} handle as its URL shows it, without slashes or spaces.`,
    );
  return trimmed;
}
