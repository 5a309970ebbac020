import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startExamplePage } from '../../examples/browser-frontend/serve.js';
import { startDemo, type Demo } from '../../src/demo/start-demo.js';
import { DEMO_SUBREDDIT } from '../../src/families/forum/demo/examples.js';
import { frontendStoreOf } from '../../src/frontends/index.js';
import { createPublishableKey } from '../../src/frontends/publishable-keys.js';
import { accountIdForKey } from '../../src/state/key-hash.js';
import { catalogue } from '../support/registered-catalogue.js';

/**
 * The example browser frontend (examples/browser-frontend) in headless Chromium against the
 * offline demo: served from an origin a publishable key lists, it pages a Relay connection and
 * receives @defer parts, reading the credits header the gateway exposes; the same page from an
 * origin the key does not list gets nothing.
 */

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available)
  console.warn(
    `test/browser skipped: ${CHROMIUM} is missing (install the distribution's chromium package; .ci/run does when apt-get is available).`,
  );

const PAGE_KEY = 'pk_test_example_page_0001';
const pageDocuments = JSON.parse(
  readFileSync(new URL('../../examples/browser-frontend/persisted-documents.json', import.meta.url), 'utf8'),
) as Record<string, string>;

describe.skipIf(!available)('the example browser frontend in headless Chromium', () => {
  let demo: Demo;
  let browser: Browser;
  let page: Awaited<ReturnType<typeof startExamplePage>>;

  beforeAll(async () => {
    demo = await startDemo({ catalogue, port: 0, logLevel: 'silent', pageDocuments });
    // The page is served on 127.0.0.1 (allowed below) and is reachable as localhost too (not allowed).
    page = await startExamplePage(
      { gatewayUrl: demo.baseUrl, publishableKey: PAGE_KEY, subreddit: DEMO_SUBREDDIT },
      { port: 0, host: '127.0.0.1' },
    );
    const state = demo.gateway.state;
    await createPublishableKey(frontendStoreOf(state), state.keys, {
      accountId: accountIdForKey(demo.apiKey),
      origins: page.url,
      key: PAGE_KEY,
    });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await page?.close();
    await demo?.close();
  });

  it('pages the connection, renders the deferred authors and reads the credits header', async () => {
    const tab = await browser.newPage();
    const requested: string[] = [];
    tab.on('request', (request) => requested.push(request.url()));
    await tab.goto(page.url);
    await tab.waitForFunction(
      () => document.getElementById('status')?.dataset.done === 'true' || document.querySelector('.error'),
      undefined,
      {
        timeout: 30_000,
      },
    );
    expect(await tab.textContent('#status')).toBe('Done.');
    expect(await tab.$$eval('#posts li', (items) => items.length)).toBe(3);

    // The next page continues the list: no title repeats.
    await tab.click('#more');
    await tab.waitForFunction(() => document.querySelectorAll('#posts li').length > 3, undefined, { timeout: 30_000 });
    const titles = await tab.$$eval('#posts li', (items) => items.map((item) => item.textContent));
    expect(new Set(titles).size).toBe(titles.length);

    // Each deferred author arrived after the titles and filled in its placeholder.
    const authors = await tab.$$eval('#deferred .author', (items) => items.map((item) => item.textContent ?? ''));
    expect(authors).toHaveLength(3);
    for (const author of authors) expect(author).toMatch(/^ by (u\/\S+|\[deleted\])$/);

    // The credits header is exposed to the allowed origin (the demo's first pages are live fetches).
    expect(Number(await tab.getAttribute('#credits', 'data-charged'))).toBeGreaterThan(0);
    // Only the page and the gateway were asked for anything.
    expect(requested.filter((url) => !url.startsWith(page.url) && !url.startsWith(demo.baseUrl))).toEqual([]);
    await tab.close();
  }, 60_000);

  it('gets nothing from an origin the key does not list', async () => {
    const tab = await browser.newPage();
    const otherOrigin = page.url.replace('127.0.0.1', 'localhost');
    await tab.goto(otherOrigin);
    await tab.waitForSelector('#status.error', { timeout: 30_000 });
    expect(await tab.$$eval('#posts li', (items) => items.length)).toBe(0);
    await tab.close();
  }, 60_000);
});
