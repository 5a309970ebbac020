import { z } from 'zod';
import type { Availability, SearchResultItem } from '../model.js';
import { REALTY_PLATFORM } from '../market.js';
import { hasType, imageUrlOf, jsonLdNodes, type JsonLdNode } from '../parse/json-ld.js';
import { numLike, obj, str } from '../parse/lenient.js';
import type { ItemContext } from './result-items.js';

/**
 * Search results from the page's JSON-LD, the last resort. Redfin describes each result as
 * a residence node and a Product node with the same url; they are paired by url and kept in
 * page order. schema.org offer availability is the source's own availability word.
 */

const LISTING_URL = /\/(?:home|apartment)\/(\d+)(?:[/?#]|$)/;
const PAGE_NODE_TYPES = ['Organization', 'BreadcrumbList', 'WebPage', 'WebSite', 'SearchResultsPage', 'ItemList', 'Event'];
const nodeSchema = z.looseObject({ url: str, name: str, offers: obj({ price: numLike, lowPrice: numLike, availability: str }) });

const SCHEMA_ORG_AVAILABILITY: Readonly<Record<string, Availability>> = {
  InStock: 'in_stock',
  OutOfStock: 'out_of_stock',
  SoldOut: 'out_of_stock',
  PreOrder: 'preorder',
  Discontinued: 'discontinued',
};

export function jsonLdResults(blocks: readonly unknown[], context: ItemContext): { items: SearchResultItem[]; nodes: JsonLdNode[] } {
  const byUrl = new Map<string, JsonLdNode[]>();
  for (const node of jsonLdNodes(blocks)) {
    const url = typeof node.url === 'string' ? node.url : null;
    if (url === null || !LISTING_URL.test(url) || hasType(node, ...PAGE_NODE_TYPES)) continue;
    byUrl.set(url, [...(byUrl.get(url) ?? []), node]);
  }
  const items = [...byUrl.entries()].map(([url, nodes], index) => itemOf(url, nodes, index + 1, context));
  return { items, nodes: [...byUrl.values()].flat() };
}

function itemOf(url: string, nodes: JsonLdNode[], position: number, context: ItemContext): SearchResultItem {
  const product = nodes.find((node) => hasType(node, 'Product', 'RealEstateListing') || 'offers' in node);
  const place = nodes.find((node) => node !== product) ?? product;
  const offers = nodeSchema.parse(product ?? {}).offers;
  const availabilityWord = offers?.availability?.replace(/^https?:\/\/schema\.org\//i, '') ?? null;
  return {
    platform: REALTY_PLATFORM,
    position,
    id: LISTING_URL.exec(url)?.[1] ?? url,
    title: nodeSchema.parse(place ?? {}).name ?? nodeSchema.parse(product ?? {}).name ?? null,
    url,
    thumbnailUrl: imageUrlOf(place?.image) ?? imageUrlOf(product?.image),
    price: offers?.price ?? offers?.lowPrice ?? null,
    currency: context.market.currency,
    listPrice: null,
    rating: null,
    reviewCount: null,
    sellerName: null,
    availability: availabilityWord === null ? null : (SCHEMA_ORG_AVAILABILITY[availabilityWord] ?? 'unknown'),
    badges: [],
    isSponsored: null,
    fetchedAt: context.fetchedAt,
  };
}
