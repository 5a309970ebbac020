import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_SUBREDDIT } from '../../src/families/forum/demo/examples.js';
import { startDemo, type Demo } from '../../src/demo/start-demo.js';
import { catalogue } from '../support/registered-catalogue.js';

/**
 * The newcomer's first hour in a real browser (headless Chromium from the distribution's
 * `chromium` package, driven by playwright-core): the /docs reference renders every
 * operation, GraphiQL runs its example query, and a page using graphql-sse receives live
 * subscription events, all against the offline demo with no request leaving the machine.
 */

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available)
  console.warn(
    `test/browser skipped: ${CHROMIUM} is missing (install the distribution's chromium package; .ci/run does when apt-get is available).`,
  );

// The UMD build is not among the package's exports: found next to its main entry.
const graphqlSseUmd = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('graphql-sse')), '..', 'umd', 'graphql-sse.min.js'),
  'utf8',
);

/** A page of the test's own, served under the gateway's origin (so no CORS is involved) by request interception. */
function ssePage(apiKey: string): string {
  const subscription = `subscription { watchForumSubreddit(subreddit: "${DEMO_SUBREDDIT}", intervalSeconds: 1, limit: 3) { items { id: platformId likeCount } fetchedAt } }`;
  return `<!doctype html><html><head><title>graphql-sse</title><script src="/__first-hour/graphql-sse.js"></script></head><body><ol id="events"></ol>
<script>
  window.events = [];
  window.failure = null;
  const client = graphqlSse.createClient({ url: '/graphql', headers: { 'x-api-key': ${JSON.stringify(apiKey)} }, retryAttempts: 0 });
  client.subscribe({ query: ${JSON.stringify(subscription)} }, {
    next: (result) => {
      window.events.push(result);
      const item = document.createElement('li');
      item.textContent = JSON.stringify(result.data ?? result.errors);
      document.getElementById('events').append(item);
    },
    error: (error) => { window.failure = String(error && error.message || error); },
    complete: () => {},
  });
</script></body></html>`;
}

/** What the graphql-sse page keeps on window. */
interface PageState {
  events: { data?: { watchForumSubreddit: { items: { id: string; likeCount: number }[] } }; errors?: unknown }[];
  failure: string | null;
}

describe.skipIf(!available)('the first hour in headless Chromium', () => {
  let demo: Demo;
  let browser: Browser;
  /** Every URL the browser asked for, to show nothing left the demo. */
  const requested: string[] = [];

  beforeAll(async () => {
    // The weekly thread gains a point every 300 ms, so a 1 s watch sees a change.
    demo = await startDemo({ catalogue, port: 0, logLevel: 'silent', scoreTickMs: 300, env: { SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' } });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  async function newPage(): Promise<Page> {
    const page = await browser.newPage();
    page.on('request', (request) => requested.push(request.url()));
    return page;
  }

  it('renders the API reference at /docs with every operation', async () => {
    const page = await newPage();
    await page.goto(`${demo.baseUrl}/docs`);
    await page.waitForSelector('.opblock-summary-path', { timeout: 30_000 });
    const paths = await page.$$eval('.opblock-summary-path', (nodes) =>
      nodes.map((node) => node.getAttribute('data-path') ?? node.textContent ?? ''),
    );
    for (const example of demo.examples) expect(paths).toContain(example.endpoint);
    expect(paths).toContain('/graphql');
    await page.close();
  }, 60_000);

  it('runs the example query in GraphiQL and shows the result', async () => {
    const page = await newPage();
    await page.goto(`${demo.baseUrl}/graphql`);
    await page.waitForSelector('.graphiql-execute-button', { timeout: 30_000 });
    const answered = page.waitForResponse(
      (response) => response.url() === `${demo.baseUrl}/graphql` && (response.request().postData() ?? '').includes('SubredditWithAuthors'),
      { timeout: 30_000 },
    );
    await page.click('.graphiql-execute-button');
    const body = (await (await answered).json()) as {
      data: { forumSubreddit: { items: { title: string; author: { handle: string } | null }[] } };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    expect(body.data.forumSubreddit.items.length).toBeGreaterThan(0);
    expect(body.data.forumSubreddit.items.every((item) => item.author !== null)).toBe(true);
    // The result pane shows the answer (Monaco wraps long lines, so look for a handle: no spaces).
    const handle = body.data.forumSubreddit.items[0]!.author!.handle;
    await page.waitForFunction(
      (text) => (document.querySelector<HTMLElement>('.graphiql-response')?.innerText ?? '').includes(text),
      `"${handle}"`,
      { timeout: 30_000 },
    );
    await page.close();
  }, 60_000);

  it('receives live subscription events in a page that uses graphql-sse', async () => {
    const page = await newPage();
    await page.route(`${demo.baseUrl}/__first-hour/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path.endsWith('.js')) return route.fulfill({ contentType: 'text/javascript', body: graphqlSseUmd });
      return route.fulfill({ contentType: 'text/html', body: ssePage(demo.apiKey) });
    });
    await page.goto(`${demo.baseUrl}/__first-hour/sse.html`);
    // The first result at once, then one more when the thread's score has changed.
    await page.waitForFunction(
      () => (window as unknown as PageState).events.length >= 2 || (window as unknown as PageState).failure !== null,
      undefined,
      { timeout: 30_000 },
    );
    const { events, failure } = await page.evaluate(() => ({
      events: (window as unknown as PageState).events,
      failure: (window as unknown as PageState).failure,
    }));
    expect(failure).toBeNull();
    const scores = events.map((event) => event.data!.watchForumSubreddit.items.find((item) => item.id === 'bg0001')!.likeCount);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    await page.close();
  }, 60_000);

  it('loaded nothing from outside the demo', () => {
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !url.startsWith(demo.baseUrl) && !/^(data|blob):/.test(url))).toEqual([]);
  });
});
