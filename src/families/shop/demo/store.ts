import type { FakeReply, FakeRoute } from '../../../catalogue/demo-world.js';
import { html, json } from '../../../demo-kit/replies.js';

/**
 * The shop demo world: one invented Shopify store in the storefront's own shapes (meta.json,
 * products.json and a collection's, a product's `.js` in cents, predictive search), whose prices
 * and stock move every tick so watches see changes, and a locked store redirecting to /password.
 */

export const DEMO_STORE = 'harbour-tea.example.com';
export const LOCKED_STORE = 'locked-tea.example.com';

const META = {
  id: 5550001,
  name: 'Harbour Tea Co (demo)',
  city: 'Wellington',
  province: '',
  country: 'NZ',
  currency: 'NZD',
  domain: DEMO_STORE,
  url: `https://${DEMO_STORE}`,
  myshopify_domain: 'harbour-tea-demo.myshopify.com',
  description: 'Invented loose-leaf teas for the offline demo.',
  ships_to_countries: ['NZ', 'AU'],
  money_format: '${{amount}}',
  published_collections_count: 1,
  published_products_count: 3,
};

interface DemoVariant {
  id: number;
  title: string;
  sku: string;
  cents: number;
  compareCents: number | null;
}
interface DemoProduct {
  id: number;
  handle: string;
  title: string;
  type: string;
  tags: string[];
  body: string;
  variants: DemoVariant[];
  onSale: boolean;
}

const PRODUCTS: readonly DemoProduct[] = [
  {
    id: 7001,
    handle: 'sencha-tin',
    title: 'Sencha Tin',
    type: 'Green tea',
    tags: ['green', 'Japan'],
    body: '<p>Steamed leaves, picked in May.</p><ul><li>50 g</li><li>100 g</li></ul>',
    variants: [
      { id: 8001, title: '50 g', sku: 'SEN-50', cents: 1250, compareCents: null },
      { id: 8002, title: '100 g', sku: 'SEN-100', cents: 2200, compareCents: 2500 },
    ],
    onSale: true,
  },
  {
    id: 7002,
    handle: 'iron-kettle',
    title: 'Iron Kettle',
    type: 'Teaware',
    tags: ['teaware'],
    body: '<p>Cast iron, &frac12; litre.</p>',
    variants: [{ id: 9001, title: 'Black', sku: 'K-B', cents: 8900, compareCents: null }],
    onSale: false,
  },
  {
    id: 7003,
    handle: 'hojicha',
    title: 'Hojicha',
    type: 'Green tea',
    tags: ['roasted'],
    body: '<p>Roasted green tea.</p>',
    variants: [{ id: 8101, title: 'Default Title', sku: 'HOJ', cents: 990, compareCents: null }],
    onSale: true,
  },
];

const money = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const TIME = '2026-01-05T09:00:00+13:00';

/** On odd ticks the first variant of each product is a dollar cheaper and the second sells out. */
function priced(product: DemoProduct, tick: number) {
  const odd = tick % 2 === 1;
  return product.variants.map((variant, index) => ({
    ...variant,
    cents: odd && index === 0 ? variant.cents - 100 : variant.cents,
    available: !(odd && index === 1),
  }));
}

function listItem(product: DemoProduct, tick: number) {
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    body_html: product.body,
    published_at: TIME,
    created_at: TIME,
    updated_at: new Date(tick * 1000).toISOString(),
    vendor: 'Harbour Tea Co',
    product_type: product.type,
    tags: product.tags,
    variants: priced(product, tick).map((variant, index) => ({
      id: variant.id,
      title: variant.title,
      option1: variant.title,
      option2: null,
      option3: null,
      sku: variant.sku,
      available: variant.available,
      price: money(variant.cents),
      compare_at_price: variant.compareCents === null ? null : money(variant.compareCents),
      position: index + 1,
      product_id: product.id,
    })),
    images: [{ id: product.id, src: `https://cdn.example.net/demo/${product.handle}.jpg`, position: 1 }],
    options: [{ name: 'Size', position: 1, values: product.variants.map((variant) => variant.title) }],
  };
}

function ajaxItem(product: DemoProduct, tick: number) {
  const variants = priced(product, tick);
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    description: product.body,
    published_at: TIME,
    created_at: TIME,
    vendor: 'Harbour Tea Co',
    type: product.type,
    tags: product.tags,
    price: Math.min(...variants.map((variant) => variant.cents)),
    available: variants.some((variant) => variant.available),
    images: [`//cdn.example.net/demo/${product.handle}.jpg`],
    variants: variants.map((variant) => ({
      id: variant.id,
      title: variant.title,
      options: [variant.title],
      sku: variant.sku,
      available: variant.available,
      price: variant.cents,
      compare_at_price: variant.compareCents,
    })),
    url: `/products/${product.handle}`,
  };
}

function suggestion(product: DemoProduct, tick: number) {
  const variants = priced(product, tick);
  const lowest = Math.min(...variants.map((variant) => variant.cents));
  return {
    available: variants.some((variant) => variant.available),
    body: product.body,
    compare_at_price_min: '0.00',
    handle: product.handle,
    id: product.id,
    image: `https://cdn.example.net/demo/${product.handle}.jpg`,
    price_min: money(lowest),
    tags: product.tags,
    title: product.title,
    type: product.type,
    url: `/products/${product.handle}?_pos=1&_ss=r`,
    variants: variants.map((variant) => ({
      available: variant.available,
      compare_at_price: null,
      id: variant.id,
      price: money(variant.cents),
      title: variant.title,
    })),
    vendor: 'Harbour Tea Co',
  };
}

function page(products: readonly DemoProduct[], url: URL, tick: number): FakeReply {
  const limit = Number(url.searchParams.get('limit') ?? 30);
  const number = Number(url.searchParams.get('page') ?? 1);
  const slice = products.slice((number - 1) * limit, number * limit);
  return json({ products: slice.map((product) => listItem(product, tick)) });
}

/** The demo store's routes; `tickMs` is how often its prices and stock move. */
export function shopRoutes(tickMs: number): FakeRoute[] {
  const tick = () => Math.floor(Date.now() / tickMs);
  return [
    (_request, url) => {
      if (url.hostname !== LOCKED_STORE) return undefined;
      return url.pathname === '/password'
        ? html('<html><body>Opening soon</body></html>')
        : { status: 302, headers: { location: `https://${LOCKED_STORE}/password` } };
    },
    (_request, url) => {
      if (url.hostname !== DEMO_STORE) return undefined;
      const path = url.pathname;
      if (path === '/meta.json') return json(META);
      if (path === '/products.json') return page(PRODUCTS, url, tick());
      if (path === '/collections/sale/products.json')
        return page(
          PRODUCTS.filter((product) => product.onSale),
          url,
          tick(),
        );
      const handle = /^\/products\/([^/]+)\.js$/.exec(path)?.[1];
      const product = PRODUCTS.find((each) => each.handle === handle);
      if (handle !== undefined) return product ? json(ajaxItem(product, tick())) : html('<h1>Not found</h1>', 404);
      if (path === '/search/suggest.json') {
        const words = (url.searchParams.get('q') ?? '').toLowerCase();
        const found = PRODUCTS.filter((each) => each.title.toLowerCase().includes(words) || each.tags.includes(words));
        return json({ resources: { results: { products: found.map((each) => suggestion(each, tick())) } } });
      }
      return html('<h1>Not found</h1>', 404);
    },
  ];
}
