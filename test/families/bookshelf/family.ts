import { z } from 'zod';
import { defineEndpoint } from '../../../src/catalogue/endpoint.js';
import { defineFamily } from '../../../src/catalogue/family.js';
import { refetchByField } from '../../../src/catalogue/standard-refetch.js';
import type { UrlForm } from '../../../src/catalogue/url-forms.js';
import { optionalUrl, positiveInt } from '../../../src/config/setting-types.js';
import { invalidParam, schemaDrift } from '../../../src/errors.js';
import type { FakeReply, FakeRoute } from '../../../src/catalogue/demo-world.js';
import { json, onHost } from '../../../src/demo-kit/replies.js';

/**
 * A small family that lives only under test/: an invented book catalogue on `books.example.test`,
 * with a resource type of its own, a paged list endpoint and a single-resource endpoint, graph
 * edges, pages people link to (URL forms), a refetchable Node, settings, a block page, an announced
 * request budget, and a demo world. It is registered
 * through the same API as the platform families, and the doors serve it with no file outside this
 * folder touched. The shared tests of the doors, the pipeline, state, jobs and subscriptions run on it.
 */

export const BOOKS_HOST = 'books.example.test';
/** The catalogue's second host (cover images): redirects between hosts and per-host budgets need two. */
export const COVERS_HOST = 'covers.example.test';
const ORIGIN = `https://${BOOKS_HOST}`;

/**
 * The catalogue announces its request budget as x-ratelimit-remaining (requests left) and
 * x-ratelimit-reset (whole seconds until the window ends); anything else announces nothing.
 */
export function readCatalogueBudget(headers: Record<string, string>, nowMs: number): { remaining: number; resetAtMs: number } | null {
  const remaining = Number(headers['x-ratelimit-remaining']?.trim() || Number.NaN);
  const resetSeconds = Number(headers['x-ratelimit-reset']?.trim() || Number.NaN);
  if (!Number.isInteger(remaining) || !Number.isInteger(resetSeconds) || remaining < 0 || resetSeconds < 0) return null;
  return { remaining, resetAtMs: nowMs + resetSeconds * 1000 };
}

export const bookSchema = z
  .object({
    platform: z.string(),
    id: z.string().describe('the catalogue number'),
    title: z.string().describe("the book's title"),
    shelf: z.string().describe('the shelf it stands on'),
    pages: z.number().int().nullable().describe('page count; null when unknown'),
    fetchedAt: z.string().describe('ISO 8601 time of the upstream fetch'),
  })
  .meta({ id: 'Book', description: 'A book of the test catalogue.' });

type Book = z.infer<typeof bookSchema>;

/** The catalogue's answer as JSON; anything else is the catalogue's drift, never a crash. */
const parseAnswer = (body: string): unknown => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw schemaDrift('The catalogue answered something other than JSON.');
  }
};

const upstreamBook = z.object({ id: z.string(), title: z.string(), shelf: z.string(), pages: z.number().int().nullable().optional() });
const toBook = (raw: unknown, fetchedAt: string): Book => {
  const parsed = upstreamBook.safeParse(raw);
  if (!parsed.success) throw schemaDrift('The catalogue answered an unreadable book.');
  return {
    platform: 'bookshelf',
    id: parsed.data.id,
    title: parsed.data.title,
    shelf: parsed.data.shelf,
    pages: parsed.data.pages ?? null,
    fetchedAt,
  };
};

const SHELF_NAME = /^[a-z][a-z0-9-]{1,30}$/;
const CATALOGUE_NUMBER = /^[0-9]{1,8}$/;
/** A page of a shelf: its books and the catalogue number the next page starts after, if any. */
const shelfPage = z.object({ books: z.array(z.unknown()).max(100), next: z.string().regex(CATALOGUE_NUMBER).nullable().optional() });
/** The orders the catalogue sorts a shelf in; `catalogue` is by catalogue number. */
export const SHELF_ORDERS = ['catalogue', 'title', 'pages'] as const;

const shelfEndpoint = defineEndpoint({
  family: 'bookshelf',
  path: '/v1/bookshelf/shelf',
  graphqlField: 'bookshelfShelf',
  summary: 'The books on one shelf',
  description: 'The books on the shelf, a page at a time, in catalogue order or another.',
  params: z.object({
    shelf: z.string().min(1).max(40).describe('the shelf name, e.g. poetry'),
    sort: z.enum(SHELF_ORDERS).default('catalogue').describe('the order of the books'),
    limit: z.coerce.number().int().min(1).max(20).default(10).describe('books on the page'),
    cursor: z.string().regex(CATALOGUE_NUMBER).optional().describe('the `pagination.cursor` of the previous page'),
  }),
  flags: { creditCost: 1, cacheable: true, batchable: true, subscribable: true, requiresResidentialProxy: false, experimental: false },
  returns: { kind: 'list', type: 'Book' },
  normaliseParams(params) {
    const shelf = params.shelf.trim().toLowerCase();
    if (!SHELF_NAME.test(shelf))
      throw invalidParam('shelf', 'Invalid parameter `shelf`: a shelf name is lower-case letters, digits and dashes.');
    return { ...params, shelf };
  },
  async fetch(params, ctx) {
    const query = new URLSearchParams({
      sort: params.sort,
      limit: String(params.limit),
      ...(params.cursor ? { after: params.cursor } : {}),
    });
    const response = await ctx.upstream.fetch({ url: `${ORIGIN}/shelves/${params.shelf}.json?${query}`, passStatuses: [404] });
    if (response.status === 404) return { items: [], pagination: { cursor: null, hasMore: false }, raw: null, emptyReason: 'not_found' };
    const body = shelfPage.safeParse(parseAnswer(response.body));
    if (!body.success) throw schemaDrift('The catalogue answered an unreadable shelf.');
    const next = body.data.next ?? null;
    return {
      items: body.data.books.slice(0, params.limit).map((book) => toBook(book, ctx.fetchedAt)),
      pagination: { cursor: next, hasMore: next !== null },
      raw: body.data,
    };
  },
});

const bookEndpoint = defineEndpoint({
  family: 'bookshelf',
  path: '/v1/bookshelf/book',
  graphqlField: 'bookshelfBook',
  summary: 'One book',
  description: 'One book by its catalogue number.',
  params: z.object({
    id: z.string().regex(CATALOGUE_NUMBER).describe('the catalogue number'),
  }),
  flags: { creditCost: 1, cacheable: true, batchable: true, subscribable: false, requiresResidentialProxy: false, experimental: false },
  returns: { kind: 'single', type: 'Book' },
  async fetch(params, ctx) {
    const response = await ctx.upstream.fetch({ url: `${ORIGIN}/books/${params.id}.json`, passStatuses: [404] });
    if (response.status === 404) return { data: null, raw: null, emptyReason: 'not_found' };
    const raw = parseAnswer(response.body);
    return { data: toBook(raw, ctx.fetchedAt), raw };
  },
});

export type CatalogueBook = { id: string; title: string; shelf: string; pages: number | null };

/** The invented catalogue: two shelves, three books. */
export const BOOKS: Record<string, CatalogueBook> = {
  '101': { id: '101', title: 'Salt and Cedar', shelf: 'poetry', pages: 88 },
  '102': { id: '102', title: 'Night Ferries', shelf: 'poetry', pages: null },
  '201': { id: '201', title: 'A Field Guide to Lichens', shelf: 'nature', pages: 312 },
};

/** `count` invented books on `shelf`, numbered from `firstId`, for tests that need a shelf of their own. */
export function booksOnShelf(shelf: string, count: number, firstId = 1000): Record<string, CatalogueBook> {
  const books: Record<string, CatalogueBook> = {};
  for (let index = 0; index < count; index += 1) {
    const id = String(firstId + index);
    books[id] = { id, title: `Volume ${index + 1} of ${shelf}`, shelf, pages: 100 + index };
  }
  return books;
}

const byOrder: Record<(typeof SHELF_ORDERS)[number], (a: CatalogueBook, b: CatalogueBook) => number> = {
  catalogue: (a, b) => Number(a.id) - Number(b.id),
  title: (a, b) => a.title.localeCompare(b.title),
  pages: (a, b) => (a.pages ?? 0) - (b.pages ?? 0),
};

/**
 * The catalogue host, healthy: shelves (sorted, paged after a catalogue number) and books from
 * `books`, read at request time so a test may change them; 404 for anything else. Every answer
 * may carry `headers` (a test's announced budget) and come after `delayMs` (callers that overlap).
 */
export const booksRoutes = (
  books: Record<string, CatalogueBook> = BOOKS,
  answers: { delayMs?: number; headers?: () => Record<string, string> } = {},
): FakeRoute[] => [
  onHost(BOOKS_HOST, (url) => {
    const reply = catalogueReply(books, url);
    return { ...reply, headers: { ...reply.headers, ...answers.headers?.() }, ...(answers.delayMs ? { delayMs: answers.delayMs } : {}) };
  }),
];

function catalogueReply(books: Record<string, CatalogueBook>, url: URL): FakeReply {
  const shelf = /^\/shelves\/([a-z0-9-]+)\.json$/.exec(url.pathname)?.[1];
  if (shelf) {
    const order = byOrder[url.searchParams.get('sort') as keyof typeof byOrder] ?? byOrder.catalogue;
    const all = Object.values(books)
      .filter((book) => book.shelf === shelf)
      .sort(order);
    if (all.length === 0) return json({ error: 'no shelf' }, 404);
    const after = url.searchParams.get('after');
    const start = after === null ? 0 : all.findIndex((book) => book.id === after) + 1;
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const page = all.slice(start, start + limit);
    return json({ books: page, next: start + limit < all.length ? page.at(-1)!.id : null });
  }
  const id = /^\/books\/(\d+)\.json$/.exec(url.pathname)?.[1];
  return id && books[id] ? json(books[id]) : json({ error: 'no book' }, 404);
}

/** The hosts a catalogue page is pasted from: the site and its www. alias. */
const PAGE_HOSTS = [BOOKS_HOST, `www.${BOOKS_HOST}`];
/** A shelf page, or one of its tabs (`/shelves/poetry/title`): the shelf in that order. */
const SHELF_PAGE = /^\/shelves\/([^/]+)(?:\/([^/]+))?\/?$/i;

/** The catalogue's pages: a book's page reads as the book, a shelf page (or tab) as its books in the tab's order. */
const bookshelfUrlForms: readonly UrlForm[] = [
  {
    names: 'a book',
    hosts: PAGE_HOSTS,
    path: /^\/books\/\d{1,8}\/?$/,
    example: `${ORIGIN}/books/101`,
    endpoint: '/v1/bookshelf/book',
    params: (url) => ({ id: url.pathname.split('/')[2]! }),
  },
  {
    names: 'a shelf',
    hosts: PAGE_HOSTS,
    path: { test: (pathname) => SHELF_PAGE.test(pathname) && (SHELF_ORDERS as readonly string[]).includes(shelfTab(pathname)) },
    example: `${ORIGIN}/shelves/poetry`,
    endpoint: '/v1/bookshelf/shelf',
    params: (url) => ({ shelf: SHELF_PAGE.exec(url.pathname)![1]!, sort: shelfTab(url.pathname) }),
  },
];

/** The order a shelf page's tab shows, lower case; a shelf page without a tab is in catalogue order. */
function shelfTab(pathname: string): string {
  return (SHELF_PAGE.exec(pathname)?.[2] ?? 'catalogue').toLowerCase();
}

export const bookshelfFamily = defineFamily({
  name: 'bookshelf',
  hosts: [BOOKS_HOST, COVERS_HOST],
  blockPages: { markers: [/shelves are closed/i] },
  readBudget: readCatalogueBudget,
  settings: { BOOKSHELF_PROXY_URL: optionalUrl, BOOKSHELF_CONCURRENCY: positiveInt(2) },
  proxyEnv: 'BOOKSHELF_PROXY_URL',
  requiresResidentialProxy: false,
  concurrencyEnv: 'BOOKSHELF_CONCURRENCY',
  resources: [bookSchema],
  endpoints: [shelfEndpoint, bookEndpoint],
  urlForms: bookshelfUrlForms,
  // A book is fetched again (node(id:)) by its catalogue number.
  refetch: [refetchByField('Book', 'bookshelf', 'id', { endpoint: '/v1/bookshelf/book', param: 'id' })],
  edges: (kit) => [
    {
      on: 'Book',
      field: 'shelfmates',
      platform: 'bookshelf',
      returns: { kind: 'list', type: 'Book' },
      upstreamCost: kit.cost(kit.endpoint('/v1/bookshelf/shelf')),
      description: 'The books on the same shelf (1 credit, through /v1/bookshelf/shelf).',
      key: (book) => (typeof book.shelf === 'string' ? book.shelf : null),
      load: kit.loadLists(kit.endpoint('/v1/bookshelf/shelf'), (shelf) => ({ shelf })),
    },
    {
      on: 'Book',
      field: 'entry',
      platform: 'bookshelf',
      returns: { kind: 'single', type: 'Book' },
      upstreamCost: kit.cost(kit.endpoint('/v1/bookshelf/book')),
      description: 'The book as its own catalogue entry reads (1 credit per distinct book, through /v1/bookshelf/book).',
      key: (book) => (typeof book.id === 'string' && CATALOGUE_NUMBER.test(book.id) ? book.id : null),
      load: kit.loadSingles(kit.endpoint('/v1/bookshelf/book'), (id) => ({ id })),
    },
  ],
  graphqlExamples: () => [{ query: '# The poetry shelf\n{ bookshelfShelf(shelf: "poetry") { items { title pages } } }' }],
  demo: async () => ({
    async start() {
      return {
        routes: booksRoutes(),
        examples: [
          { endpoint: '/v1/bookshelf/shelf', what: 'the poetry shelf', path: '/v1/bookshelf/shelf?shelf=poetry' },
          { endpoint: '/v1/bookshelf/book', what: 'one book', path: '/v1/bookshelf/book?id=201' },
        ],
      };
    },
  }),
});
