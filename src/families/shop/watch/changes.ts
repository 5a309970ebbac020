import { z } from 'zod';
import type { Product, ProductVariant } from '../../../model/commerce.js';

/**
 * What changed between two answers of a watched product or list, for a subscriber who watches
 * prices and stock: one entry per changed field of a variant (its price, compare-at price,
 * availability or title), a variant added or removed, a product's own title, and (in lists) a
 * product added or removed. A product's price, compare-at price and availability follow from
 * its variants and get no entry of their own: the variant's entry already says it.
 */

const changeField = z.enum(['price', 'compareAtPrice', 'available', 'title', 'variant', 'product']).meta({
  id: 'ProductChangeField',
  description: 'What changed: a field of a variant or of the product, or a variant or product added or removed.',
  'x-enumDescriptions': {
    price: "the variant's price",
    compareAtPrice: "the variant's compare-at price",
    available: 'whether the variant can be bought',
    title: "the variant's title, or the product's own (variantId null)",
    variant: 'a variant added (from null) or removed (to null)',
    product: 'a product added to (from null) or removed from (to null) a list',
  },
});

/** One entry of a price watch's `changes`: the shape its GraphQL and OpenAPI types are made from. */
export const productChangeSchema = z
  .object({
    productId: z.string().describe('the product id (as Product.id in REST, platformId in GraphQL)'),
    variantId: z
      .string()
      .nullable()
      .describe("the variant the change is about; null for the product's own title and a product added or removed"),
    field: changeField,
    from: z
      .union([z.string(), z.boolean()])
      .nullable()
      .describe('the value before: a decimal string for prices, a boolean for available, a title; null for an addition'),
    to: z.union([z.string(), z.boolean()]).nullable().describe('the value after, as `from`; null for a removal'),
  })
  .meta({ id: 'ProductChange', description: 'One change a price and stock watch reports between two checks of a product or a list.' });

export type ChangeField = z.infer<typeof changeField>;
export type ProductChange = z.infer<typeof productChangeSchema>;

const VARIANT_FIELDS = ['price', 'compareAtPrice', 'available', 'title'] as const;

function variantChanges(productId: string, before: readonly ProductVariant[], after: readonly ProductVariant[]): ProductChange[] {
  const changes: ProductChange[] = [];
  const previous = new Map(before.map((variant) => [variant.id, variant]));
  const current = new Set(after.map((variant) => variant.id));
  for (const variant of after) {
    const old = previous.get(variant.id);
    if (old === undefined) {
      changes.push({ productId, variantId: variant.id, field: 'variant', from: null, to: variant.title });
      continue;
    }
    for (const field of VARIANT_FIELDS)
      if (old[field] !== variant[field]) changes.push({ productId, variantId: variant.id, field, from: old[field], to: variant[field] });
  }
  for (const old of before)
    if (!current.has(old.id)) changes.push({ productId, variantId: old.id, field: 'variant', from: old.title, to: null });
  return changes;
}

/** The changes of one product seen twice (the same id). */
export function productChanges(before: Product, after: Product): ProductChange[] {
  const own: ProductChange[] =
    before.title === after.title ? [] : [{ productId: after.id, variantId: null, field: 'title', from: before.title, to: after.title }];
  return [...own, ...variantChanges(after.id, before.variants, after.variants)];
}

/** The changes of a list: products added, removed, or changed, in the order of the new list (removals last). */
export function listChanges(before: readonly Product[], after: readonly Product[]): ProductChange[] {
  const previous = new Map(before.map((item) => [item.id, item]));
  const current = new Set(after.map((item) => item.id));
  const changes: ProductChange[] = [];
  for (const item of after) {
    const old = previous.get(item.id);
    if (old === undefined) changes.push({ productId: item.id, variantId: null, field: 'product', from: null, to: item.title });
    else changes.push(...productChanges(old, item));
  }
  for (const old of before)
    if (!current.has(old.id)) changes.push({ productId: old.id, variantId: null, field: 'product', from: old.title, to: null });
  return changes;
}
