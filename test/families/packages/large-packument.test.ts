import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NPM_REGISTRY_HOST } from '../../../src/families/packages/constants.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import { newestVersionOf, packumentPieces, sendPackument } from './large-packument.js';

/**
 * A packument of 5,000 versions (about 73 MB, lodash's structure) served twice through the real
 * gateway: it is read as a stream keeping only the mapped fields, so the process's resident
 * memory grows by less than 160 MiB, where holding the text and its parse would take several times
 * the document.
 */

const VERSIONS = 5000;
const BOUND_BYTES = 160 * 1024 * 1024;

describe('a packument of 5,000 versions', () => {
  let harness: Harness;
  beforeAll(async () => {
    // Jobs, subscriptions and the long packument share the test's time-out: the fetch may take a while on a busy machine.
    harness = await startHarness({ UPSTREAM_TIMEOUT_MS: '60000' });
    harness.upstream.on((_request, url) =>
      url.hostname === NPM_REGISTRY_HOST && url.pathname === '/big-utility'
        ? { respond: (response) => void sendPackument(response, 'big-utility', VERSIONS) }
        : undefined,
    );
  });
  afterAll(() => harness?.close());

  it('is about 73 MB', () => {
    let bytes = 0;
    for (const piece of packumentPieces('big-utility', VERSIONS)) bytes += Buffer.byteLength(piece);
    expect(bytes).toBeGreaterThan(70_000_000);
    expect(bytes).toBeLessThan(76_000_000);
  });

  it('is served twice within the memory bound, every version counted', async () => {
    // Warm the code paths (and one packument read) before the baseline is taken.
    await harness.get('/v1/packages/package/versions?registry=npm&name=no-such-package');
    let peak = process.memoryUsage().rss;
    const baseline = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const pkg = await harness.get('/v1/packages/package?registry=npm&name=big-utility');
      expect(pkg.status, JSON.stringify(pkg.body).slice(0, 300)).toBe(200);
      expect(pkg.body.data).toMatchObject({ versionCount: VERSIONS, latestVersion: newestVersionOf(VERSIONS), license: 'MIT' });
      const versions = await harness.get('/v1/packages/package/versions?registry=npm&name=big-utility&limit=100');
      expect(versions.status).toBe(200);
      expect(versions.body.data.items[0]).toMatchObject({ version: newestVersionOf(VERSIONS), isDeprecated: false });
      expect(versions.body.data.items).toHaveLength(100);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(peak - baseline, `resident memory grew by ${((peak - baseline) / 2 ** 20).toFixed(0)} MiB`).toBeLessThan(BOUND_BYTES);
    expect(harness.upstream.requests.filter((request) => request.url === '/big-utility')).toHaveLength(2);
  }, 120_000);
});
