import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS, booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

/**
 * @defer over multipart/mixed: the deferred edge's upstream is held until the client has the
 * first part, so the first part cannot have waited for it; the billing, in the last part, is
 * the same as the operation's without the directive.
 */

const DEFERRED = '{ bookshelfBook(id: "201") { title ... @defer { shelfmates { items { title } } } } }';
const PLAIN = '{ bookshelfBook(id: "201") { title shelfmates { items { title } } } }';

/** The JSON parts of a multipart/mixed body. */
function parts(text: string): Record<string, any>[] {
  return text
    .split(/\r\n--[-\w]*/)
    .map((part) => part.slice(part.indexOf('\r\n\r\n') + 4).trim())
    .filter((part) => part.startsWith('{'))
    .map((part) => JSON.parse(part) as Record<string, any>);
}

describe('@defer on /graphql', () => {
  let harness: Harness;
  let release!: () => void;
  beforeAll(async () => {
    harness = await startHarness({ UPSTREAM_TIMEOUT_MS: '30000' }, { catalogue: bookshelfCatalogue });
  });
  afterAll(() => harness?.close());

  it('sends the first part before a slow deferred edge, then the edge, with billing in the last part', async () => {
    harness.upstream.reset();
    const gate = new Promise<void>((resolve) => (release = resolve));
    harness.upstream.on((_request, url) =>
      url.pathname.startsWith('/shelves/')
        ? {
            respond: (response) =>
              void gate.then(() => {
                response.writeHead(200, { 'content-type': 'application/json' });
                response.end(JSON.stringify({ books: [BOOKS['201']], next: null }));
              }),
          }
        : undefined,
    );
    for (const route of booksRoutes()) harness.upstream.on(route);

    const response = await fetch(`${harness.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed', 'x-api-key': RICH_KEY },
      body: JSON.stringify({ query: DEFERRED }),
    });
    expect(response.headers.get('content-type')).toContain('multipart/mixed');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The upstream of the deferred edge answers only once the first part is here.
    while (!text.includes('A Field Guide to Lichens')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const first = parts(text)[0]!;
    expect(first.data.bookshelfBook.title).toBe('A Field Guide to Lichens');
    expect(first.hasNext).toBe(true);
    release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const all = parts(text);
    const last = all[all.length - 1]!;
    expect(last.hasNext).toBe(false);
    expect(JSON.stringify(all.slice(1))).toContain('shelfmates');
    const plain = await harness.graphql(PLAIN);
    expect(last.extensions.billing.creditsCharged).toBeGreaterThan(0);
    expect(last.extensions.billing.creditsCharged).toBe(plain.body.extensions.billing.creditsCharged);
  });
});
