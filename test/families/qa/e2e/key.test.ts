import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/config/config.js';
import { expectPaid } from '../../../support/envelope.js';
import { catalogue } from '../../../support/registered-catalogue.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { createStackApi, DEMO_QUESTION } from '../../../../src/families/qa/demo/stack-api.js';
import { encodePage } from '../../../../src/families/qa/input/params.js';

const APP_KEY = 'AppKey0((123';

/** With STACKEXCHANGE_KEY set, every request carries it as `key`, pages past the 25th are asked, and nothing shows it. */
describe('the qa family with a registration key', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ STACKEXCHANGE_KEY: APP_KEY });
    harness.upstream.on(createStackApi().route);
  }, 60_000);
  afterAll(() => harness.close());

  it('sends the key on every request and pages past the 25th, never echoing the key', async () => {
    const question = await harness.get(`/v1/qa/question?id=${DEMO_QUESTION}&include_raw=true`);
    expectPaid(question, 'single');
    const page = await harness.get(`/v1/qa/questions?limit=1&cursor=${encodePage(30, 1)}&include_raw=true`);
    expect(page.status).toBe(200);
    expect(page.body.raw.cap).toBeUndefined();
    const sent = harness.upstream.requests.map((request) => new URL(request.url, 'https://api.stackexchange.com'));
    expect(sent.map((url) => url.searchParams.get('key'))).toEqual([APP_KEY, APP_KEY]);
    expect(sent[1]!.searchParams.get('page')).toBe('30');
    expect(JSON.stringify([question.body, page.body])).not.toContain(APP_KEY);
  });

  it('refuses a key of the wrong shape at start-up, without echoing it', () => {
    const load = () => loadConfig({ API_KEYS: 'sk_test_qa_key=1', STACKEXCHANGE_KEY: 'bad key with spaces' }, catalogue.families);
    expect(load).toThrow(/STACKEXCHANGE_KEY/);
    expect(load).not.toThrow(/bad key with spaces/);
    expect(
      loadConfig({ API_KEYS: 'sk_test_qa_key=1', STACKEXCHANGE_KEY: '' }, catalogue.families).settings.STACKEXCHANGE_KEY,
    ).toBeUndefined();
  });
});
