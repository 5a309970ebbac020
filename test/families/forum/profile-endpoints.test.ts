import { describe, expect, it } from 'vitest';
import type { GatewayError } from '../../../src/errors.js';
import { forumSubredditDetailsEndpoint } from '../../../src/families/forum/endpoints/subreddit-details.js';
import { forumUserEndpoint } from '../../../src/families/forum/endpoints/user.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { asSingle, blocked, fixture, jsonAnswer, rawOf, runEndpoint, textAnswer } from './support.js';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as GatewayError).code;
  }
  return 'no error';
}

const ABOUT = 'https://www.reddit.com/r/examplesub/about.json?raw_json=1';
const PAGE = 'https://www.reddit.com/r/examplesub/';

describe('GET /v1/forum/subreddit/details', () => {
  it('reads about.json into a Creator with people online in raw', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('about-subreddit.json')));
    const result = asSingle(await runEndpoint(forumSubredditDetailsEndpoint, { subreddit: '/r/examplesub/' }, upstream));
    expect(upstream.calls).toEqual([{ url: ABOUT, passStatuses: [400, 403, 404] }]);
    expect(result.data).toMatchObject({
      id: '5x4m9',
      handle: 'examplesub',
      followerCount: 123456,
      isPrivate: false,
      createdAt: '2011-03-13T07:06:40.000Z',
    });
    expect(rawOf(result)).toMatchObject({ via: 'json', activeUsers: 321, subredditType: 'public' });
  });

  it('marks restricted communities readable and private ones private', async () => {
    for (const [type, isPrivate] of [
      ['restricted', false],
      ['private', true],
    ] as const) {
      const body = JSON.parse(fixture('about-subreddit.json')) as { data: Record<string, unknown> };
      body.data.subreddit_type = type;
      const result = asSingle(
        await runEndpoint(
          forumSubredditDetailsEndpoint,
          { subreddit: 'examplesub' },
          stubUpstream(() => jsonAnswer(body)),
        ),
      );
      expect(result.data?.isPrivate).toBe(isPrivate);
      expect(rawOf(result).subredditType).toBe(type);
    }
  });

  it.each([
    ['error-private.json', 403, 'private'],
    ['error-quarantined.json', 403, 'quarantined'],
    ['error-banned.json', 404, 'banned'],
    ['error-not-found.json', 404, 'not_found'],
  ])('classifies %s as an empty result', async (file, status, reason) => {
    const result = asSingle(
      await runEndpoint(
        forumSubredditDetailsEndpoint,
        { subreddit: 'examplesub' },
        stubUpstream(() => jsonAnswer(fixture(file), status)),
      ),
    );
    expect(result).toMatchObject({ data: null, emptyReason: reason });
  });

  it('reads a search Listing instead of a t5 (a community that does not exist) as not_found', async () => {
    const upstream = stubUpstream(() =>
      jsonAnswer(fixture('subreddit-search-redirect.json'), 200, 'https://www.reddit.com/subreddits/search.json?q=examplesub&raw_json=1'),
    );
    expect(asSingle(await runEndpoint(forumSubredditDetailsEndpoint, { subreddit: 'examplesub' }, upstream))).toMatchObject({
      data: null,
      emptyReason: 'not_found',
    });
    const noRedirect = stubUpstream(() => jsonAnswer(fixture('subreddit-search-redirect.json')));
    expect(asSingle(await runEndpoint(forumSubredditDetailsEndpoint, { subreddit: 'examplesub' }, noRedirect))).toMatchObject({
      data: null,
      emptyReason: 'not_found',
    });
  });

  it('falls back to the community page when JSON is blocked: weekly figures, null subscribers', async () => {
    const upstream = stubUpstream((_request, url) =>
      url.pathname.endsWith('.json') ? blocked() : textAnswer(fixture('subreddit-page.html'), 'text/html; charset=utf-8'),
    );
    const result = asSingle(await runEndpoint(forumSubredditDetailsEndpoint, { subreddit: 'examplesub' }, upstream));
    expect(upstream.calls.map((call) => call.url)).toEqual([ABOUT, PAGE]);
    expect(result.data).toMatchObject({
      id: '5x4m9',
      handle: 'examplesub',
      displayName: 'Example Gardening',
      bio: 'A place for gardeners & growers. Say "hi" > lurk.',
      avatarUrl: 'https://styles.redditmedia.com/t5_5x4m9/styles/communityIcon_abc.png?width=256&s=f00',
      followerCount: null,
      createdAt: null,
      isPrivate: null,
      url: PAGE,
    });
    expect(rawOf(result)).toMatchObject({ via: 'html', weeklyVisitors: 48213, weeklyContributions: 1204 });
  });

  it('rethrows the JSON error when the page has no header', async () => {
    const upstream = stubUpstream((_request, url) =>
      url.pathname.endsWith('.json') ? blocked() : textAnswer(fixture('subreddit-page-no-header.html'), 'text/html'),
    );
    expect(await codeOf(runEndpoint(forumSubredditDetailsEndpoint, { subreddit: 'examplesub' }, upstream))).toBe('upstream_blocked');
  });

  it('accepts url naming the same community and refuses another one', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('about-subreddit.json')));
    expect(
      asSingle(
        await runEndpoint(
          forumSubredditDetailsEndpoint,
          { subreddit: 'examplesub', url: 'https://www.reddit.com/r/ExampleSub/' },
          upstream,
        ),
      ).data?.handle,
    ).toBe('examplesub');
    expect(await codeOf(runEndpoint(forumSubredditDetailsEndpoint, { subreddit: 'examplesub', url: 'r/othersub' }, upstream))).toBe(
      'invalid_request',
    );
    expect(forumSubredditDetailsEndpoint.params.safeParse({ url: 'r/examplesub' }).success).toBe(false);
  });
});

describe('GET /v1/forum/user', () => {
  it('reads about.json into a Creator with karma under raw.karma', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('about-user.json')));
    const result = asSingle(await runEndpoint(forumUserEndpoint, { username: 'https://www.reddit.com/user/maple_writer/' }, upstream));
    expect(upstream.calls).toEqual([
      { url: 'https://www.reddit.com/user/maple_writer/about.json?raw_json=1', passStatuses: [400, 403, 404] },
    ]);
    expect(result.data).toMatchObject({
      id: 'k1x9q',
      handle: 'maple_writer',
      displayName: 'Maple Writes',
      verified: true,
      followerCount: 87,
    });
    expect(rawOf(result).karma).toEqual({ link: 1500, comment: 4200, total: 5800, awarder: 20, awardee: 80 });
  });

  it('is empty for a suspended account', async () => {
    const result = asSingle(
      await runEndpoint(
        forumUserEndpoint,
        { username: 'banned_gardener' },
        stubUpstream(() => jsonAnswer(fixture('about-user-suspended.json'))),
      ),
    );
    expect(result).toMatchObject({ data: null, emptyReason: 'suspended' });
  });

  it.each([
    ['error-not-found.json', 404, 'not_found'],
    ['error-user-doesnt-exist.json', 400, 'not_found'],
  ])('is empty for a missing account (%s)', async (file, status, reason) => {
    const result = asSingle(
      await runEndpoint(
        forumUserEndpoint,
        { username: 'gone_user' },
        stubUpstream(() => jsonAnswer(fixture(file), status)),
      ),
    );
    expect(result).toMatchObject({ data: null, emptyReason: reason });
  });

  it('treats other shapes as schema drift and a reasonless 403 as a block', async () => {
    expect(
      await codeOf(
        runEndpoint(
          forumUserEndpoint,
          { username: 'maple_writer' },
          stubUpstream(() => jsonAnswer(fixture('about-subreddit.json'))),
        ),
      ),
    ).toBe('upstream_schema_drift');
    expect(
      await codeOf(
        runEndpoint(
          forumUserEndpoint,
          { username: 'maple_writer' },
          stubUpstream(() => jsonAnswer({ kind: 't2', data: { name: 'x' } })),
        ),
      ),
    ).toBe('upstream_schema_drift');
    expect(
      await codeOf(
        runEndpoint(
          forumUserEndpoint,
          { username: 'maple_writer' },
          stubUpstream(() => jsonAnswer(fixture('error-forbidden-no-reason.json'), 403)),
        ),
      ),
    ).toBe('upstream_blocked');
  });
});
