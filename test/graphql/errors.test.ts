import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { follow, sseClient } from './sse-client.js';

/** Contract section 8: every GraphQL error carries a spec code and its HTTP status, a broken document included. */
describe('GraphQL errors for a broken document', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  const documents = [
    { name: 'a syntax error', query: '{ forumUser(', graphqlCode: 'GRAPHQL_PARSE_FAILED' },
    { name: 'an unknown field', query: '{ forumUsr(username: "x") { id } }', graphqlCode: 'GRAPHQL_VALIDATION_FAILED' },
    { name: 'an unused variable', query: 'query ($n: Int) { forumUser(username: "x") { id } }', graphqlCode: 'GRAPHQL_VALIDATION_FAILED' },
  ];

  for (const document of documents) {
    it(`answers ${document.name} with invalid_request and status 400, keeping the GraphQL code, for 0 credits`, async () => {
      const { body } = await harness.graphql(document.query);
      expect(body.errors[0].extensions).toMatchObject({
        code: 'invalid_request',
        graphqlCode: document.graphqlCode,
        http: { status: 400 },
      });
      expect(body.extensions.billing.creditsCharged).toBe(0);
      expect(harness.upstream.requests).toHaveLength(0);
    });
  }

  it('says the same over /graphql/stream', async () => {
    const client = sseClient(harness.baseUrl, RICH_KEY, 'single');
    try {
      for (const document of documents) {
        const [result] = await follow(client, document.query).take(1);
        expect(result!.errors?.[0]?.extensions).toMatchObject({
          code: 'invalid_request',
          graphqlCode: document.graphqlCode,
          http: { status: 400 },
        });
      }
    } finally {
      client.dispose();
    }
  });
});
