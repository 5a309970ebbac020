import { FakeUpstream } from '../../test/support/fake-upstream-server.js';
import { listing, postsByAuthors, userAbout } from '../../test/families/forum/forum-data.js';

/** The benchmark key: enough credits that no run ever meets a 402. */
export const BENCH_KEY = 'sk_test_bench_0001';

/**
 * A loopback Reddit stand-in for the benchmarks: every /r/{name}/{sort}.json is a listing of
 * `limit` posts by 5 distinct authors, every /user/{name}/about.json a t2. Bodies are built
 * once per URL, so the fake costs the gateway's measurements as little as possible.
 */
export async function startForumUpstream(delayMs = 0): Promise<{ upstream: FakeUpstream; origin: string }> {
  const upstream = new FakeUpstream();
  const bodies = new Map<string, string>();
  const bodyFor = (key: string, build: () => unknown) => {
    let body = bodies.get(key);
    if (body === undefined) {
      body = JSON.stringify(build());
      bodies.set(key, body);
    }
    return body;
  };
  const headers = { 'content-type': 'application/json; charset=UTF-8' };
  upstream.on((_request, url) => {
    const user = /^\/user\/([^/]+)\/about\.json$/.exec(url.pathname);
    if (user) return { body: bodyFor(url.pathname, () => userAbout(user[1]!)), headers, delayMs };
    if (!/^\/r\/[^/]+\/[a-z]+\.json$/.test(url.pathname)) return undefined;
    const limit = Number(url.searchParams.get('limit') ?? 25);
    return { body: bodyFor(`${url.pathname}?${limit}`, () => listing(postsByAuthors(limit, 5))), headers, delayMs };
  });
  return { upstream, origin: await upstream.start() };
}
