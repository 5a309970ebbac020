import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUBREDDIT } from '../../src/families/forum/demo/examples.js';
import { startDemo, type Demo } from '../../src/demo/start-demo.js';
import { catalogue } from '../support/registered-catalogue.js';

/**
 * The demo never reaches the internet, webhooks included: the subscription sender resolves names
 * from the demo's fixed table, never through the system resolver, so no webhook URL leaves the machine.
 */

describe('webhooks of the offline demo', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await startDemo({ catalogue, port: 0, logLevel: 'silent', scoreTickMs: 100 });
  });
  afterAll(() => demo?.close());

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(demo.baseUrl + path, {
      method,
      headers: { 'x-api-key': demo.apiKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as Record<string, any>;
  };

  it('resolves webhook hosts from the demo table only: a name it does not know is never looked up elsewhere', async () => {
    const created = await call('POST', '/v1/subscriptions', {
      endpoint: '/v1/forum/subreddit',
      params: { subreddit: DEMO_SUBREDDIT },
      webhookUrl: 'https://localhost/hook',
      intervalSeconds: 3600,
    });
    const id = created.data.id as string;
    let attempt: Record<string, any> | undefined;
    for (let round = 0; attempt === undefined && round < 400; round += 1) {
      // The demo's thread gains a point every 100 ms: a check after the baseline sees a change.
      await demo.gateway.subscriptions.checkNow(id);
      attempt = (await call('GET', `/v1/subscriptions/${id}`)).data.recentDeliveries?.[0];
      if (attempt === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(attempt).toMatchObject({ statusCode: null, type: 'content.changed' });
    // The system resolver would answer 127.0.0.1 (and the loopback refusal would say so); the demo's table knows no such name.
    expect(attempt!.error).toMatch(/ENOTFOUND/);
    expect(attempt!.error).not.toMatch(/loopback/);
  });
});
