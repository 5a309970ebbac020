import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/envelope.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

/** Each door admits its callers with its own options: a bearer token is a key on /mcp only. */
describe('admission per door', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  const bearer = { authorization: `Bearer ${RICH_KEY}` };

  it('does not take a bearer token as the key on /v1: 401 missing_api_key in the error envelope', async () => {
    const response = await fetch(`${harness.baseUrl}/v1/account`, { headers: bearer });
    expectError({ status: response.status, headers: response.headers, body: await response.json() }, 401, 'missing_api_key');
  });

  it('does not take one on /graphql either: a GraphQL error with the code and its status', async () => {
    const response = await fetch(`${harness.baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { errors: { extensions: Record<string, unknown> }[] };
    expect(body.errors[0]!.extensions).toMatchObject({ code: 'missing_api_key', http: { status: 401 } });
  });

  it('serves GraphiQL on /graphql without a key', async () => {
    const response = await fetch(`${harness.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});
