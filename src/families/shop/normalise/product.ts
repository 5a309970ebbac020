import type { Product, ProductVariant } from '../../../model/commerce.js';
import { PLATFORM } from '../constants.js';
import { descriptionText } from './html-text.js';
import { isPositive, lowest, moneyFromCents, moneyFromDecimal } from './money.js';
import { utcTime } from './times.js';
import { array, bool, idText, record, tagsOf, text, type Json } from './values.js';

/**
 * Products from the three storefront surfaces that carry them: a products.json item (a store's
 * or a collection's list), the Ajax `.js` answer of one product, and a predictive-search item.
 * The surfaces name fields differently and write money differently (decimal strings, cents);
 * each reader maps its own, and the product-level price, compare-at price and availability
 * follow from the variants the same way for all. An item without an id or handle is no product.
 */

/** What every product carries from the call rather than from the item. */
export interface StoreContext {
  storeDomain: string;
  storeName: string | null;
  currency: string | null;
  fetchedAt: string;
}

/** A compare-at price of zero means "no compare-at price" on every surface. */
const compareAt = (money: string | null): string | null => (money !== null && isPositive(money) ? money : null);

/** `//cdn…` is protocol-relative and `http://` is upgraded: images are always https; other schemes are dropped. */
function imageUrl(value: unknown): string | null {
  const src = text(value)?.trim();
  if (src === undefined) return null;
  const absolute = src.startsWith('//') ? `https:${src}` : src.replace(/^http:\/\//i, 'https://');
  const url = URL.parse(absolute);
  return url?.protocol === 'https:' ? url.href : null;
}

const images = (values: unknown[]): string[] => values.flatMap((value) => imageUrl(value) ?? []);

/** Any variant available; false only when some variant says it is not and none is; null when none says. */
function anyAvailable(variants: readonly ProductVariant[]): boolean | null {
  if (variants.some((variant) => variant.available === true)) return true;
  return variants.some((variant) => variant.available === false) ? false : null;
}

interface Parts {
  item: Json;
  description: unknown;
  productType: unknown;
  variants: ProductVariant[];
  images: string[];
  available: boolean | null;
  price: string | null;
  compareAtPrice: string | null;
  updatedAt: string | null;
}

function product(parts: Parts, store: StoreContext): Product | null {
  const { item } = parts;
  const id = idText(item.id);
  const handle = text(item.handle);
  if (id === null || handle === null || !/^[^/?#\s]{1,255}$/.test(handle)) return null;
  return {
    platform: PLATFORM,
    id,
    handle,
    url: `https://${store.storeDomain}/products/${encodeURIComponent(decodeURIComponentSafe(handle))}`,
    title: text(item.title),
    vendor: text(item.vendor),
    productType: text(parts.productType),
    tags: tagsOf(item.tags),
    description: descriptionText(text(parts.description)),
    price: parts.price,
    compareAtPrice: parts.compareAtPrice,
    currency: store.currency,
    available: parts.available,
    variants: parts.variants,
    images: parts.images,
    createdAt: utcTime(item.created_at),
    updatedAt: parts.updatedAt,
    publishedAt: utcTime(item.published_at),
    storeDomain: store.storeDomain,
    storeName: store.storeName,
    fetchedAt: store.fetchedAt,
  };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

type Money = (value: unknown) => string | null;

/** A variant of products.json (decimal strings, option1..3) or of `.js` (cents, `options` array). */
function variant(value: unknown, money: Money, optionsOf: (item: Json) => string[]): ProductVariant | null {
  const item = record(value);
  const id = item === null ? null : idText(item.id);
  if (item === null || id === null) return null;
  return {
    id,
    title: text(item.title),
    sku: text(item.sku),
    price: money(item.price),
    compareAtPrice: compareAt(money(item.compare_at_price)),
    available: bool(item.available),
    options: optionsOf(item),
  };
}

const numberedOptions = (item: Json): string[] =>
  [item.option1, item.option2, item.option3].flatMap((option) => (typeof option === 'string' ? [option] : []));
const listedOptions = (item: Json): string[] =>
  Array.isArray(item.options) ? item.options.flatMap((option) => (typeof option === 'string' ? [option] : [])) : numberedOptions(item);

/** Price and compare-at price of a product: the lowest of its variants' (compare-at above zero). */
function pricesOf(variants: readonly ProductVariant[]): { price: string | null; compareAtPrice: string | null } {
  return {
    price: lowest(variants.map((item) => item.price)),
    compareAtPrice: lowest(variants.map((item) => item.compareAtPrice)),
  };
}

/** A products.json item (a store's or a collection's list, or the single-product `.json`). */
export function productFromListItem(value: unknown, store: StoreContext): Product | null {
  const item = record(value);
  if (item === null) return null;
  const variants = array(item.variants).flatMap((entry) => variant(entry, moneyFromDecimal, numberedOptions) ?? []);
  return product(
    {
      item,
      description: item.body_html,
      productType: item.product_type,
      variants,
      images: images(array(item.images).map((image) => record(image)?.src)),
      available: anyAvailable(variants),
      ...pricesOf(variants),
      updatedAt: utcTime(item.updated_at),
    },
    store,
  );
}

/** The Ajax `.js` answer of one product: cents, `type`, image strings, no `updated_at`. */
export function productFromAjax(value: unknown, store: StoreContext): Product | null {
  const item = record(value);
  if (item === null) return null;
  const variants = array(item.variants).flatMap((entry) => variant(entry, moneyFromCents, listedOptions) ?? []);
  const prices = variants.length > 0 ? pricesOf(variants) : { price: moneyFromCents(item.price_min), compareAtPrice: null };
  return product(
    {
      item,
      description: item.description,
      productType: item.type,
      variants,
      images: images(array(item.images)),
      available: bool(item.available) ?? anyAvailable(variants),
      ...prices,
      updatedAt: null,
    },
    store,
  );
}

/** A predictive-search item: decimal strings, `price_min`, one `image`, variants without sku or options, no times. */
export function productFromSuggestion(value: unknown, store: StoreContext): Product | null {
  const item = record(value);
  if (item === null) return null;
  const variants = array(item.variants).flatMap((entry) => {
    const found = variant(entry, moneyFromDecimal, () => []);
    return found === null ? [] : [{ ...found, sku: null }];
  });
  return product(
    {
      item: { ...item, created_at: null, updated_at: null, published_at: null },
      description: item.body,
      productType: item.type,
      variants,
      images: images([item.image]),
      available: bool(item.available) ?? anyAvailable(variants),
      price: moneyFromDecimal(item.price_min) ?? pricesOf(variants).price,
      compareAtPrice: compareAt(moneyFromDecimal(item.compare_at_price_min)),
      updatedAt: null,
    },
    store,
  );
}
