import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/catalogue/catalogue.js';
import { registeredFamilies } from '../../src/families/registry.js';
import { bookshelfFamily } from '../families/bookshelf/family.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { send } from './support.js';

/**
 * A subscription on a family that needs a residential proxy, with none set, is refused at
 * creation. Its own file: a process builds the GraphQL schema for one catalogue only.
 */

describe('POST /v1/subscriptions for a family that needs a residential proxy', () => {
  let harness: Harness;
  // The test family as a platform that answers only through a residential proxy, with none set.
  const proxied = buildCatalogue([...registeredFamilies, { ...bookshelfFamily, requiresResidentialProxy: true }]);
  beforeAll(async () => {
    harness = await startHarness({ SUBSCRIPTION_MIN_INTERVAL_SECONDS: '60' }, { catalogue: proxied });
  });
  afterAll(() => harness.close());

  it('answers 501 not_configured naming the proxy setting, before any upstream request', async () => {
    const answer = await send(harness, 'POST', '/v1/subscriptions', {
      endpoint: '/v1/bookshelf/shelf',
      params: { shelf: 'poetry' },
      webhookUrl: 'https://hooks.example.com/in',
    });
    expect(answer.status).toBe(501);
    expect(answer.body.error).toMatchObject({ code: 'not_configured', details: { variable: 'BOOKSHELF_PROXY_URL' } });
    expect(harness.upstream.requests).toHaveLength(0);
  });
});
