import { z } from 'zod';

/**
 * The platform-neutral commerce types: a product a store sells and the variants it is sold as.
 * Money is a decimal string with two decimals ("197.00"), never a float, so a price survives
 * every door exactly; nothing is converted between currencies. Null means the store does not
 * expose the field; arrays are never null.
 */

const nullableString = z.string().nullable();
const nullableBoolean = z.boolean().nullable();
const money = (what: string) => nullableString.describe(`${what}, as a decimal string with two decimals (e.g. "197.00"); never a float`);

export const productVariantSchema = z
  .object({
    id: z.string().describe("the store's own id of the variant, as a string"),
    title: nullableString.describe(
      'the variant\'s name, its option values joined ("Silver / 220V / Large"); "Default Title" for a product of one',
    ),
    sku: nullableString.describe('the stock-keeping unit; null when unset'),
    price: money('the price in the store currency'),
    compareAtPrice: money('the price it is compared with (the price before a sale); null when none'),
    available: nullableBoolean.describe('true when it can be bought now'),
    options: z.array(z.string()).describe('its option values in the order of the product options'),
  })
  .meta({
    id: 'ProductVariant',
    description: 'One way a product is sold (a size, a colour): a value inside its Product, not fetched on its own.',
    // GraphQL clients read an `id` field as an object's identity: a value type serves its platform id as platformId.
    'x-graphqlPlatformId': true,
  });
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productSchema = z
  .object({
    platform: z.string().describe('the commerce platform the store runs on (the platform name of the family that served it)'),
    id: z.string().describe("the store's own id of the product, as a string"),
    handle: z.string().describe('the product\'s name in its URLs, e.g. "ratio-eight"'),
    url: z.string().describe("the product's page on the store"),
    title: nullableString.describe('the product name'),
    vendor: nullableString.describe('the brand or maker; null when unset'),
    productType: nullableString.describe("the store's category of the product; null when unset"),
    tags: z.array(z.string()).describe("the store's tags, in its order"),
    description: nullableString.describe('the description as text: tags dropped, block elements end lines, entities decoded'),
    price: money('the lowest variant price'),
    compareAtPrice: money('the lowest compare-at price above zero among the variants; null when none'),
    currency: nullableString.describe("the store's default currency (ISO 4217), which prices are in; null when the store did not say"),
    available: nullableBoolean.describe('true when any variant can be bought now'),
    variants: z.array(productVariantSchema).describe("the variants, in the store's order"),
    images: z.array(z.string()).describe('image URLs (https), in order'),
    createdAt: nullableString.describe('ISO 8601 UTC time the product was created'),
    updatedAt: nullableString.describe('ISO 8601 UTC time the product last changed; null where the surface does not say'),
    publishedAt: nullableString.describe('ISO 8601 UTC time the product was published'),
    storeDomain: z.string().describe('the store host that answered'),
    storeName: nullableString.describe("the store's name; null when the store did not say"),
    fetchedAt: z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)'),
  })
  .meta({ id: 'Product', description: 'A product an online store sells, with its variants, prices and stock.' });
export type Product = z.infer<typeof productSchema>;
