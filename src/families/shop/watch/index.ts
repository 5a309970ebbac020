import type { ChangeReport } from '../../../catalogue/change-report.js';
import type { Product, ProductVariant } from '../../../model/commerce.js';
import { listChanges, productChangeSchema, productChanges } from './changes.js';

/**
 * The change reports of the subscribable shop endpoints. A store's own update time is no change
 * (it moves with edits a subscriber does not see); the digest keeps what the changes name: each
 * product's id and title and its variants' id, title, prices and availability.
 */

type Digested = Pick<Product, 'id' | 'title'> & {
  variants: Pick<ProductVariant, 'id' | 'title' | 'price' | 'compareAtPrice' | 'available'>[];
};

function digestProduct(value: unknown): Digested | null {
  if (typeof value !== 'object' || value === null) return null;
  const product = value as Product;
  return {
    id: product.id,
    title: product.title,
    variants: (product.variants ?? []).map(({ id, title, price, compareAtPrice, available }) => ({
      id,
      title,
      price,
      compareAtPrice,
      available,
    })),
  };
}

/** Digests read back from a subscription record: anything else is no product. */
const asProduct = (value: unknown): Product | null =>
  typeof value === 'object' && value !== null && typeof (value as Product).id === 'string' && Array.isArray((value as Product).variants)
    ? (value as Product)
    : null;
const asList = (value: unknown): Product[] => (Array.isArray(value) ? value.flatMap((item) => asProduct(item) ?? []) : []);

const UNHASHED = ['updatedAt'] as const;

/** One product: a product that appears or goes away (an empty result) says so at product level. */
export const productChangeReport: ChangeReport = {
  unhashedFields: UNHASHED,
  entry: productChangeSchema,
  digest: (data) => digestProduct(data),
  describe(previous, current) {
    const before = asProduct(previous);
    const after = asProduct(current);
    if (before !== null && after !== null) return productChanges(before, after);
    return listChanges(before === null ? [] : [before], after === null ? [] : [after]);
  },
};

/** A list page (`{items}`): products added, removed and changed. */
export const listChangeReport: ChangeReport = {
  unhashedFields: UNHASHED,
  entry: productChangeSchema,
  digest: (data) => {
    const items = (data as { items?: unknown } | null)?.items;
    return Array.isArray(items) ? items.flatMap((item) => digestProduct(item) ?? []) : [];
  },
  describe: (previous, current) => listChanges(asList(previous), asList(current)),
};
