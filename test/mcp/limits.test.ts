import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookshelfHarness } from '../support/bookshelf-harness.js';
import { CAPPED_KEY, POOR_KEY, type Harness } from '../support/gateway.js';
import { connectClient, keyHeaders, postMcp, toolsCall } from './support.js';

/** The per-key request rate covers /mcp as it covers /v1 and /graphql, whichever header carries the key. */

const PER_MINUTE = 3;

describe('MCP door under the per-key rate limit', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startBookshelfHarness({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) });
  });
  afterAll(() => harness.close());

  it.each([
    ['x-api-key', CAPPED_KEY, 'x-api-key'],
    ['Authorization: Bearer', POOR_KEY, 'bearer'],
  ] as const)(
    'counts every /mcp request of a key sent as %s and refuses the one over the limit with 429 rate_limited, before any tool runs',
    async (_how, key, as) => {
      for (let index = 0; index < PER_MINUTE; index += 1) {
        const allowed = await postMcp(harness.baseUrl, toolsCall('account', {}, index), keyHeaders({ key, as }));
        expect(allowed.status, allowed.text).toBe(200);
        expect(JSON.parse(allowed.text).result.isError).toBeFalsy();
        expect(allowed.headers.get('ratelimit-policy')).toContain('"burst";q=3;w=60');
      }
      const refused = await postMcp(harness.baseUrl, toolsCall('bookshelf_shelf', { shelf: 'classics' }), keyHeaders({ key, as }));
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.text)).toMatchObject({
        success: false,
        error: { code: 'rate_limited', retryable: true, details: { quota: PER_MINUTE, windowSeconds: 60 } },
        meta: { creditsCharged: 0 },
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(harness.upstream.requests).toHaveLength(0);
      // The SDK client sees the same refusal as an HTTP error.
      await expect(connectClient(harness.baseUrl, { key, as })).rejects.toMatchObject({ code: 429 });
    },
  );
});
