import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayGraphQLError, SubredditWithAuthorsDocument } from 'public-data-gateway/client';
import { DEMO_SUBREDDIT } from '../../src/families/forum/demo/examples.js';
import { startDemo, type Demo } from '../../src/demo/start-demo.js';
import { catalogue } from '../support/registered-catalogue.js';

/** The typed client (as the package exports it) and examples/subreddit-with-authors.ts against the demo. */

const run = promisify(execFile);

describe('the typed client and its example', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await startDemo({ catalogue, port: 0, logLevel: 'silent', scoreTickMs: 300, env: { SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' } });
  });
  afterAll(() => demo?.close());

  it('queries with typed documents and reports billing', async () => {
    const client = createGatewayClient({ url: demo.baseUrl, apiKey: demo.apiKey });
    const { data, extensions } = await client.query(SubredditWithAuthorsDocument, { subreddit: DEMO_SUBREDDIT, limit: 2 });
    expect(data.forumSubreddit.items).toHaveLength(2);
    expect(data.forumSubreddit.items[0]!.author?.handle).toBeTruthy();
    expect(extensions.billing).toMatchObject({ creditsCharged: 3, liveFetches: 3 });
  });

  it('throws the gateway error code on a bad key', async () => {
    const client = createGatewayClient({ url: demo.baseUrl, apiKey: 'sk_not_a_key_0000' });
    await expect(client.query(SubredditWithAuthorsDocument, { subreddit: DEMO_SUBREDDIT })).rejects.toThrow(GatewayGraphQLError);
    await expect(client.query(SubredditWithAuthorsDocument, { subreddit: DEMO_SUBREDDIT })).rejects.toThrow(/invalid_api_key/);
  });

  it('runs the example: posts with authors, then two live events over SSE', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'examples/subreddit-with-authors.ts'], {
      env: { ...process.env, GATEWAY_URL: demo.baseUrl, GATEWAY_API_KEY: demo.apiKey, WATCH_INTERVAL_SECONDS: '1', WATCH_EVENTS: '2' },
      timeout: 60_000,
    });
    expect(stdout).toContain(`r/${DEMO_SUBREDDIT}: 5 posts`);
    expect(stdout).toMatch(/by u\/\w+ \(\d+ followers\)/);
    const points = [...stdout.matchAll(/event \d at \S+: top post "[^"]+" has (\d+) points/g)].map((match) => Number(match[1]));
    expect(points).toHaveLength(2);
    expect(points[1]).toBeGreaterThan(points[0]!);
  }, 90_000);
});
