import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/gateway.js';

/**
 * A newcomer's first view of the API reference: /docs in headless Chromium (the distribution's
 * package, as test/browser uses) renders the document without any warning or error box.
 */

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);

describe.skipIf(!available)('/docs in a browser', () => {
  let harness: Harness;
  let browser: Browser;
  beforeAll(async () => {
    harness = await startHarness();
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  it('shows every operation and no warning or error box', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${harness.baseUrl}/docs`);
    await page.waitForSelector('.opblock-summary-path', { timeout: 30_000 });
    // Swagger UI renders spec warnings and resolver errors in .errors-wrapper boxes.
    expect(await page.$$eval('.errors-wrapper', (nodes) => nodes.map((node) => node.textContent ?? ''))).toEqual([]);
    expect(await page.$$eval('.opblock-summary-path', (nodes) => nodes.map((node) => node.getAttribute('data-path')))).toContain(
      '/v1/jobs/batch',
    );
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 60_000);
});
