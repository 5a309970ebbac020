import type { FakeReply, FakeRoute, RecordedRequest } from '../../../catalogue/demo-world.js';
import {
  accountOn,
  usernameOfId,
  HOME,
  instanceDocumentV1,
  instanceDocumentV2,
  OTHER_HOME,
  reblogOn,
  statusOn,
  type Json,
} from './entities.js';

/**
 * The demo's synthetic Mastodon-compatible instances (also the tests' fake), answering the public
 * API by the host asked (x-forwarded-host) and the names asked about:
 *
 * - `one.example.net` serves the v2 instance document, `two.example.org` only v1;
 *   `plain.example.net` is a web site (HTML everywhere: not Mastodon), `flaky.example.net` an
 *   instance whose API answers HTML (a failing instance);
 * - statuses: the world's own by id, any other id of 9 digits or more alice's, a shorter one missing;
 * - accounts: `quiet…` opted out of indexing, `shy…` not discoverable, `missing…` 404,
 *   `gone…` suspended, `closed…` refused to logged-out readers (401), `limited…` a 429 without
 *   Retry-After, `drift…` a 200 of another shape; any other name is an account.
 *
 * Every list (an account's posts, a thread, a hashtag, a search) holds an opted-out account's
 * item, so the consent rules show everywhere. The newest post's key moves with `tick`, so a
 * watch sees a new post.
 */

export const INSTANCE_HOSTS = [HOME, OTHER_HOME, 'plain.example.net', 'flaky.example.net'] as const;

export interface InstanceApiOptions {
  /** The newest post's key changes with this value (the demo moves it with time). */
  tick?: () => number;
  /** X-RateLimit headers on every answer of a host, when set and it names some. */
  rateLimit?: (host: string) => { remaining: string; reset: string } | undefined;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): FakeReply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});
const error = (message: string, status: number) => json({ error: message }, status);
const html = (status = 200): FakeReply => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: '<!doctype html><html><body>Welcome</body></html>',
});

/** The answer a name stands for before anything reads it; undefined for a healthy account. */
function accountFailure(username: string): FakeReply | undefined {
  if (username.startsWith('missing')) return error('Record not found', 404);
  if (username.startsWith('closed')) return error('This method requires an authenticated user', 401);
  if (username.startsWith('limited')) return json({ error: 'Too many requests' }, 429, { 'x-ratelimit-remaining': '0' });
  return undefined;
}

/** Every status `host` knows, newest first, by author and key. */
function statusesOf(host: string, tick: number): Json[] {
  const elsewhere = host === HOME ? OTHER_HOME : HOME;
  return [
    statusOn(host, 'alice', `t${tick}`, {
      text: `News number ${tick}`,
      tags: ['maps'],
      createdAt: new Date(Date.UTC(2025, 6, 11) + tick * 1000).toISOString(),
    }),
    statusOn(host, 'alice', 'photos', { media: 2, warning: 'eye strain', tags: ['maps'] }),
    statusOn(host, 'quiet', 'secret', { tags: ['maps'] }),
    statusOn(host, 'shy', 'hello', { home: elsewhere, tags: ['maps'] }),
    statusOn(host, 'alice', 'older', { text: 'An older post' }),
  ];
}

const byKey = (statuses: Json[], key: string) => statuses.find((each) => String(each.uri).endsWith(key) || each.id === key);

function accountStatuses(host: string, username: string, query: URLSearchParams, tick: number): FakeReply {
  const all = statusesOf(host, tick);
  const own = all.filter((each) => (each.account as Json).username === username && (each.account as Json).acct === username);
  if (query.get('pinned') === 'true') return json(own.slice(1, 2));
  const first = [
    own[0] ?? statusOn(host, username, 'first'),
    reblogOn(host, username, 'boost-quiet', all[2]!),
    own[1] ?? statusOn(host, username, 'second'),
    reblogOn(host, username, 'boost-shy', all[3]!),
  ];
  const page = query.has('max_id') ? [own[2] ?? statusOn(host, username, 'third')] : first;
  const last = page[page.length - 1]!;
  const link: Record<string, string> = query.has('max_id')
    ? {}
    : {
        link: `<https://${host}/api/v1/accounts/${query.get('account_id') ?? 'x'}/statuses?max_id=${String(last.id)}>; rel="next", <https://${host}/api/v1/accounts/x/statuses?min_id=1>; rel="prev"`,
      };
  return json(page, 200, link);
}

function context(host: string, root: Json): Json {
  const reply = (username: string, key: string, parent: Json, home = host) =>
    statusOn(host, username, key, {
      inReplyTo: String(parent.id),
      home,
      text: `@${String((parent.account as Json).username)} reply ${key}`,
    });
  const bob = reply('bob', 'r1', root, host === HOME ? OTHER_HOME : HOME);
  const author = reply(String((root.account as Json).username), 'r2', bob);
  const quiet = reply('quiet', 'r3', root);
  const underQuiet = reply('carol', 'r4', quiet);
  const carol = reply('carol', 'r5', root);
  return { ancestors: [], descendants: [bob, author, quiet, underQuiet, carol] };
}

function tagTimeline(host: string, query: URLSearchParams, tick: number): FakeReply {
  if (query.has('max_id')) return json([]);
  const page = statusesOf(host, tick).slice(0, 4);
  return json(page, 200, { link: `<https://${host}/api/v1/timelines/tag/maps?max_id=${String(page[3]!.id)}>; rel="next"` });
}

function search(host: string, query: URLSearchParams): FakeReply {
  if (query.get('q') === 'nobody') return json({ accounts: [], statuses: [], hashtags: [] });
  const elsewhere = host === HOME ? OTHER_HOME : HOME;
  return json({
    accounts: [accountOn(host, 'alice'), accountOn(host, 'quiet'), accountOn(host, 'shy', elsewhere), accountOn(host, 'bob', elsewhere)],
    statuses: [],
    hashtags: [],
  });
}

function mastodonApi(host: string, url: URL, tick: number): FakeReply {
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/api/v2/instance') return host === HOME ? json(instanceDocumentV2(host)) : error('Not Found', 404);
  if (path === '/api/v1/instance') return json(instanceDocumentV1(host));
  if (path === '/api/v1/accounts/lookup') {
    const username = (url.searchParams.get('acct') ?? '').split('@')[0]!;
    if (username.startsWith('drift')) return json([{ unexpected: true }]);
    return accountFailure(username) ?? json(accountOn(host, username));
  }
  const statuses = /^\/api\/v1\/accounts\/([^/]+)\/statuses$/.exec(path);
  if (statuses) {
    const username = usernameOfId(statuses[1]!);
    url.searchParams.set('account_id', statuses[1]!);
    return username === undefined ? error('Record not found', 404) : accountStatuses(host, username, url.searchParams, tick);
  }
  const status = /^\/api\/v1\/statuses\/([^/]+)(\/context)?$/.exec(path);
  if (status) {
    const found = byKey(statusesOf(host, tick), status[1]!) ?? anyStatus(host, status[1]!);
    if (!found) return error('Record not found', 404);
    return status[2] ? json(context(host, found)) : json(found);
  }
  const tag = /^\/api\/v1\/timelines\/tag\/([^/]+)$/.exec(path);
  if (tag) return tagTimeline(host, url.searchParams, tick);
  if (path === '/api/v2/search') return search(host, url.searchParams);
  return error('Not Found', 404);
}

/** Any other large id is one of alice's posts (so a test may name fresh ones); a small one is missing. */
function anyStatus(host: string, id: string): Json | undefined {
  if (!/^\d{9,18}$/.test(id)) return undefined;
  return {
    ...statusOn(host, 'alice', `any${id}`),
    id,
    url: `https://${host}/@alice/${id}`,
    uri: `https://${host}/users/alice/statuses/${id}`,
  };
}

export function instanceApiRoute(options: InstanceApiOptions = {}): FakeRoute {
  const tick = options.tick ?? (() => 0);
  return (request: RecordedRequest, url: URL) => {
    const host = request.host;
    if (host === undefined || !(INSTANCE_HOSTS as readonly string[]).includes(host)) return undefined;
    if (host === 'plain.example.net') return html();
    const isInstanceDocument = url.pathname.startsWith('/api/v1/instance') || url.pathname.startsWith('/api/v2/instance');
    if (host === 'flaky.example.net') return isInstanceDocument ? json(instanceDocumentV2(host)) : html(200);
    const reply = mastodonApi(host, url, tick());
    const limit = options.rateLimit?.(host);
    if (!limit) return reply;
    return {
      ...reply,
      headers: { ...reply.headers, 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': limit.remaining, 'x-ratelimit-reset': limit.reset },
    };
  };
}
