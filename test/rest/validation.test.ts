import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookshelfCatalogue as catalogue, startBookshelfHarness } from '../support/bookshelf-harness.js';
import { type Harness } from '../support/gateway.js';

describe('caller input is validated before anything else happens', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startBookshelfHarness();
  });
  afterAll(() => harness.close());

  const expectInvalid = async (path: string, param: string) => {
    const response = await harness.get(path);
    expect(response.status, path).toBe(400);
    expect(response.body.error.code).toBe('invalid_request');
    expect(response.body.error.details.param).toBe(param);
    expect(response.body.error.message).toContain(param);
    expect(response.body.meta.creditsCharged).toBe(0);
    return response.body.error.message as string;
  };

  it('names an unknown parameter and lists the accepted ones', async () => {
    const message = await expectInvalid('/v1/bookshelf/shelf?shelf=poetry&colour=red', 'colour');
    expect(message).toContain('sort');
    expect(message).toContain('cursor');
  });

  it('names a missing required parameter', async () => {
    await expectInvalid('/v1/bookshelf/shelf', 'shelf');
    await expectInvalid('/v1/bookshelf/book', 'id');
  });

  it('refuses out-of-range numbers', async () => {
    await expectInvalid('/v1/bookshelf/shelf?shelf=poetry&limit=0', 'limit');
    await expectInvalid('/v1/bookshelf/shelf?shelf=poetry&limit=21', 'limit');
    await expectInvalid('/v1/bookshelf/shelf?shelf=poetry&limit=ten', 'limit');
    await expectInvalid('/v1/bookshelf/shelf?shelf=poetry&limit=2.5', 'limit');
  });

  it('lists the allowed values of a bad enum', async () => {
    const message = await expectInvalid('/v1/bookshelf/shelf?shelf=poetry&sort=best', 'sort');
    expect(message).toMatch(/catalogue.*title.*pages/);
  });

  it('accepts every documented cache_max_age form and refuses others', async () => {
    await expectInvalid('/v1/bookshelf/shelf?shelf=poetry&cache_max_age=soon', 'cache_max_age');
    await expectInvalid('/v1/bookshelf/shelf?shelf=poetry&cache_max_age=P1M', 'cache_max_age');
    await expectInvalid('/v1/bookshelf/shelf?shelf=poetry&include_raw=yes', 'include_raw');
  });

  it('refuses a repeated parameter rather than guessing', async () => {
    await expectInvalid('/v1/bookshelf/shelf?shelf=poetry&shelf=nature', 'shelf');
  });

  it('never answers 500 to odd input on any endpoint', async () => {
    const oddValues = ['', ' ', '%00', '../../etc/passwd', 'a'.repeat(5000), '{"$gt":1}', 'https://evil.example/r/x', '-1', '1e9', 'NaN'];
    for (const endpoint of catalogue.endpoints) {
      for (const name of Object.keys(endpoint.params.shape)) {
        for (const value of oddValues) {
          const response = await fetch(`${harness.baseUrl}${endpoint.path}?${name}=${encodeURIComponent(value)}`, {
            headers: { 'x-api-key': 'sk_test_poor_0001' },
          });
          const body = (await response.json()) as { error?: { code: string } };
          // 501 not_configured (no residential proxy here) is the deployment's answer, not a crash.
          expect([response.status, body.error?.code], `${endpoint.path}?${name}=${value.slice(0, 20)}`).not.toContain(500);
          expect(body.error?.code).not.toBe('internal_error');
        }
      }
    }
  });
});
