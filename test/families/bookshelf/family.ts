import { z } from 'zod';
import { defineEndpoint } from '../../../src/catalogue/endpoint.js';
import { defineFamily } from '../../../src/catalogue/family.js';
import { optionalUrl, positiveInt } from '../../../src/config/setting-types.js';
import { invalidParam, schemaDrift } from '../../../src/errors.js';
import type { FakeRoute } from '../../../src/demo/fake-upstream.js';
import { json, onHost } from '../../../src/demo/replies.js';

/**
 * A small family that lives only under test/: an invented book catalogue on `books.example.test`,
 * with a resource type of its own, a list endpoint and a single-resource endpoint, a graph edge,
 * settings, a block page, and a demo world. It is registered through the same API as the
 * platform families, and the doors serve it with no file outside this folder touched.
 */

export const BOOKS_HOST = 'books.example.test';
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

const shelfEndpoint = defineEndpoint({
  family: 'bookshelf',
  path: '/v1/bookshelf/shelf',
  graphqlField: 'bookshelfShelf',
  summary: 'The books on one shelf',
  description: 'Every book on the shelf, in catalogue order.',
  params: z.object({
    shelf: z.string().min(1).max(40).describe('the shelf name, e.g. poetry'),
    limit: z.coerce.number().int().min(1).max(20).default(10).describe('books on the page'),
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
    const response = await ctx.upstream.fetch({ url: `${ORIGIN}/shelves/${params.shelf}.json`, passStatuses: [404] });
    if (response.status === 404) return { items: [], pagination: { cursor: null, hasMore: false }, raw: null, emptyReason: 'not_found' };
    const body = JSON.parse(response.body) as { books: unknown[] };
    return {
      items: body.books.slice(0, params.limit).map((book) => toBook(book, ctx.fetchedAt)),
      pagination: { cursor: null, hasMore: false },
      raw: body,
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
    id: z
      .string()
      .regex(/^[0-9]{1,8}$/)
      .describe('the catalogue number'),
  }),
  flags: { creditCost: 1, cacheable: true, batchable: true, subscribable: false, requiresResidentialProxy: false, experimental: false },
  returns: { kind: 'single', type: 'Book' },
  async fetch(params, ctx) {
    const response = await ctx.upstream.fetch({ url: `${ORIGIN}/books/${params.id}.json`, passStatuses: [404] });
    if (response.status === 404) return { data: null, raw: null, emptyReason: 'not_found' };
    return { data: toBook(JSON.parse(response.body), ctx.fetchedAt), raw: JSON.parse(response.body) };
  },
});

/** The invented catalogue: two shelves, three books. */
export const BOOKS: Record<string, { id: string; title: string; shelf: string; pages: number | null }> = {
  '101': { id: '101', title: 'Salt and Cedar', shelf: 'poetry', pages: 88 },
  '102': { id: '102', title: 'Night Ferries', shelf: 'poetry', pages: null },
  '201': { id: '201', title: 'A Field Guide to Lichens', shelf: 'nature', pages: 312 },
};

/** The catalogue host, healthy: shelves and books from BOOKS, 404 for anything else. */
export const booksRoutes = (): FakeRoute[] => [
  onHost(BOOKS_HOST, (url) => {
    const shelf = /^\/shelves\/([a-z0-9-]+)\.json$/.exec(url.pathname)?.[1];
    if (shelf) {
      const books = Object.values(BOOKS).filter((book) => book.shelf === shelf);
      return books.length === 0 ? json({ error: 'no shelf' }, 404) : json({ books });
    }
    const id = /^\/books\/(\d+)\.json$/.exec(url.pathname)?.[1];
    return id && BOOKS[id] ? json(BOOKS[id]) : json({ error: 'no book' }, 404);
  }),
];

export const bookshelfFamily = defineFamily({
  name: 'bookshelf',
  hosts: [BOOKS_HOST],
  blockPages: { markers: [/shelves are closed/i] },
  readBudget: readCatalogueBudget,
  settings: { BOOKSHELF_PROXY_URL: optionalUrl, BOOKSHELF_CONCURRENCY: positiveInt(2) },
  proxyEnv: 'BOOKSHELF_PROXY_URL',
  requiresResidentialProxy: false,
  concurrencyEnv: 'BOOKSHELF_CONCURRENCY',
  resources: [bookSchema],
  endpoints: [shelfEndpoint, bookEndpoint],
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
