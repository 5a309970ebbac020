import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { at, BLOCK_PAGE, expectEmpty, expectError, expectPaid, fixture, json, NOT_FOUND, upstreamUrls } from './support.js';

/** GET /v1/forum/user end to end (spec 4.2 rule 8). */

const user = (name: string, extra = '') => `/v1/forum/user?username=${encodeURIComponent(name)}${extra}`;

describe('GET /v1/forum/user over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('reads the account for every name form, with karma under raw.karma', async () => {
    harness.upstream.on(at('/user/maple_writer/about.json', json(fixture('about-user.json'))));
    const forms = [
      'maple_writer',
      'u/maple_writer',
      '/u/maple_writer',
      '/user/maple_writer',
      'https://www.reddit.com/user/maple_writer/',
      'https://old.reddit.com/u/maple_writer',
    ];
    for (const form of forms) {
      const response = await harness.get(user(form, '&include_raw=true'));
      expectPaid(response, 'single');
      expect(response.body.data).toMatchObject({
        platform: 'reddit',
        id: 'k1x9q',
        handle: 'maple_writer',
        displayName: 'Maple Writes',
        followerCount: 87,
        verified: true,
        url: 'https://www.reddit.com/user/maple_writer/',
        createdAt: '2017-07-14T02:40:00.000Z',
      });
      expect(response.body.data.karma).toBeUndefined();
      expect(response.body.raw.karma).toEqual({ link: 1500, comment: 4200, total: 5800, awarder: 20, awardee: 80 });
    }
    expect(upstreamUrls(harness)).toEqual(forms.map(() => 'www.reddit.com/user/maple_writer/about.json?raw_json=1'));
  });

  it.each([
    ['404 {"error":404}', NOT_FOUND],
    ['400 USER_DOESNT_EXIST', json(fixture('error-user-doesnt-exist.json'), 400)],
  ])('answers a missing account (%s) with an empty not_found result, 0 credits', async (_what, reply) => {
    harness.upstream.on(at('/user/ghost_user/about.json', reply));
    expectEmpty(await harness.get(user('ghost_user')), 'single', 'not_found');
  });

  it('answers a suspended account with an empty suspended result, 0 credits', async () => {
    harness.upstream.on(at('/user/banned_gardener/about.json', json(fixture('about-user-suspended.json'))));
    expectEmpty(await harness.get(user('u/banned_gardener')), 'single', 'suspended');
  });

  it('has no fallback: a blocked JSON surface is 502 upstream_blocked after one request', async () => {
    harness.upstream.on(at('/user/maple_writer/about.json', BLOCK_PAGE));
    expectError(await harness.get(user('maple_writer')), 502, 'upstream_blocked');
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('refuses a name Reddit cannot have with 400 naming username', async () => {
    const response = await harness.get(user('no spaces allowed'));
    expectError(response, 400, 'invalid_request');
    expect(response.body.error.details.param).toBe('username');
    expect(harness.upstream.requests).toHaveLength(0);
  });
});
