import type { FakeReply, FakeRoute } from '../../../catalogue/demo-world.js';
import { didFor, feedItem, handleFor, notFoundNode, postUri, postView, profileView, quoteEmbed, threadNode, type Json } from './views.js';

/**
 * The demo's synthetic anonymous AppView (public.api.bsky.app), also the tests' fake, answering by
 * the names it is asked about:
 * any handle is an account, and its name picks the platform's answer.
 *
 * - `quiet…`: the account carries the `!no-unauthenticated` self-label (opted out);
 * - `missing…`, `gone…`, `banned…`, `blocker…`: not found, deactivated, taken down, blocking;
 * - `html…`: the platform's 403 HTML page; `drift…`: a 200 of another shape; `limited…`: a 429.
 *
 * Every account's feed, thread, followers, list and custom feed hold a friend's item and an
 * opted-out account's item, so the opt-out rule shows on every list.
 */

export const APPVIEW_HOST = 'public.api.bsky.app';
export const FRIEND = 'friend.example.com';
export const QUIET = 'quiet.example.com';
export const OTHER = 'other.example.com';

export interface AppViewOptions {
  /** RateLimit headers on every answer (the platform's draft-polli headers), when set. */
  rateLimit?: () => { remaining: string; reset: string };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): FakeReply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});
const xrpcError = (error: string, message: string): FakeReply => json({ error, message }, 400);

const actorHandle = (actor: string): string => (actor.startsWith('did:') ? (handleFor(actor) ?? 'unknown.example.com') : actor);
const profile = (handle: string, detailed = false) => profileView(handle, { optedOut: handle.startsWith('quiet'), detailed });

/** The answer an account's name stands for, before any method reads it; undefined for a healthy account. */
function accountFailure(handle: string): FakeReply | undefined {
  if (handle.startsWith('missing')) return xrpcError('InvalidRequest', 'Profile not found');
  if (handle.startsWith('gone')) return xrpcError('AccountDeactivated', 'Account is deactivated');
  if (handle.startsWith('banned')) return xrpcError('AccountTakedown', 'Account has been suspended');
  if (handle.startsWith('blocker')) return xrpcError('BlockedByActor', 'Requester is blocked by actor');
  if (handle.startsWith('html'))
    return { status: 403, headers: { 'content-type': 'text/html' }, body: '<html><body>Forbidden</body></html>' };
  if (handle.startsWith('drift')) return json({ unexpected: true });
  if (handle.startsWith('limited'))
    return json({ error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' }, 429, { 'retry-after': '30' });
  return undefined;
}

/** The record an at:// URI names: its author's handle and its key. */
function recordOf(uri: string | null): { handle: string; rkey: string } {
  const [authority = '', , rkey = ''] = (uri ?? '').replace('at://', '').split('/');
  return { handle: actorHandle(authority), rkey };
}

function authorFeed(handle: string, cursor: string | null): Json {
  const own = (rkey: string) => postView(handle, rkey, { author: profile(handle) });
  if (cursor === 'page2') return { feed: [feedItem(own('first1'))] };
  return {
    feed: [
      feedItem(own('pinned1'), { pin: true }),
      feedItem(own('latest1'), {}),
      feedItem(postView(FRIEND, 'shared1'), { repostBy: profile(handle) }),
      feedItem(postView(QUIET, 'hush1', { author: profile(QUIET) }), { repostBy: profile(handle) }),
      feedItem(own('pinned1')),
      feedItem(
        postView(handle, 'quoting1', { author: profile(handle), embed: quoteEmbed(postView(QUIET, 'hush2', { author: profile(QUIET) })) }),
      ),
    ],
    cursor: 'page2',
  };
}

function thread(handle: string, rkey: string, depth: number): FakeReply {
  if (rkey.startsWith('missing')) return xrpcError('NotFound', `Post not found: ${postUri(handle, rkey)}`);
  if (rkey.startsWith('deleted')) return json({ thread: notFoundNode(postUri(handle, rkey)) });
  const root = postView(handle, rkey, { author: profile(handle), replyCount: 3 });
  if (depth === 0) return json({ thread: threadNode(root) });
  const nested = (node: Json) => (depth >= 2 ? [node] : []);
  const replies = [
    threadNode(postView(FRIEND, 'reply1', { replyCount: 1 }), nested(threadNode(postView(handle, 'reply2', { author: profile(handle) })))),
    threadNode(postView(QUIET, 'reply3', { author: profile(QUIET), replyCount: 1 }), nested(threadNode(postView(OTHER, 'reply4')))),
    notFoundNode(postUri(OTHER, 'reply5')),
  ];
  return json({ thread: threadNode(root, replies) });
}

/** Answers by XRPC method and parameters; undefined for another host or path. */
export function appViewRoute(options: AppViewOptions = {}): FakeRoute {
  return (request, url) => {
    if (request.host !== APPVIEW_HOST || !url.pathname.startsWith('/xrpc/')) return undefined;
    const reply = answer(url.pathname.slice('/xrpc/'.length), url.searchParams);
    if (!options.rateLimit) return reply;
    const { remaining, reset } = options.rateLimit();
    return {
      ...reply,
      headers: { ...reply.headers, 'ratelimit-limit': '3000', 'ratelimit-remaining': remaining, 'ratelimit-reset': reset },
    };
  };
}

function answer(method: string, query: URLSearchParams): FakeReply {
  const actor = actorHandle(query.get('actor') ?? '');
  switch (method) {
    case 'app.bsky.actor.getProfile':
      return accountFailure(actor) ?? json(profile(actor, true));
    case 'app.bsky.feed.getAuthorFeed':
      return accountFailure(actor) ?? json(authorFeed(actor, query.get('cursor')));
    case 'app.bsky.graph.getFollowers':
      return (
        accountFailure(actor) ??
        json({ subject: profile(actor), followers: [profile(FRIEND), profile(QUIET), profile(OTHER)], cursor: 'rk2' })
      );
    case 'app.bsky.actor.searchActors':
      return query.get('q') === 'nobody' ? json({ actors: [] }) : json({ actors: [profile(FRIEND), profile(QUIET)] });
    case 'com.atproto.identity.resolveHandle': {
      const handle = query.get('handle') ?? '';
      return handle.startsWith('missing') ? xrpcError('InvalidRequest', 'Unable to resolve handle') : json({ did: didFor(handle) });
    }
    case 'app.bsky.feed.getPostThread': {
      const record = recordOf(query.get('uri'));
      return accountFailure(record.handle) ?? thread(record.handle, record.rkey, Number(query.get('depth') ?? 6));
    }
    case 'app.bsky.feed.getPosts': {
      const record = recordOf(query.get('uris'));
      const failure = accountFailure(record.handle);
      if (failure) return failure;
      return json({
        posts: record.rkey.startsWith('missing') ? [] : [postView(record.handle, record.rkey, { author: profile(record.handle) })],
      });
    }
    case 'app.bsky.feed.getFeed': {
      const record = recordOf(query.get('feed'));
      if (record.rkey.startsWith('missing')) return xrpcError('UnknownFeed', 'could not find feed');
      return json({
        feed: [
          feedItem(postView(FRIEND, 'pick1')),
          feedItem(postView(QUIET, 'pick2', { author: profile(QUIET) })),
          feedItem(postView(OTHER, 'pick3')),
        ],
        cursor: 'opaque+at://did:plc:x/app.bsky.feed.post/y',
      });
    }
    case 'app.bsky.graph.getList': {
      const record = recordOf(query.get('list'));
      if (record.rkey.startsWith('missing')) return xrpcError('InvalidRequest', 'List not found');
      const uri = `at://${didFor(record.handle)}/app.bsky.graph.list/${record.rkey}`;
      const item = (handle: string) => ({
        uri: `at://${didFor(record.handle)}/app.bsky.graph.listitem/${handle.split('.')[0]}`,
        subject: profile(handle),
      });
      return json({
        list: { uri, name: 'Synthetic list', purpose: 'app.bsky.graph.defs#curatelist', listItemCount: 3, creator: profile(record.handle) },
        items: [item(FRIEND), item(QUIET), item(OTHER)],
      });
    }
    default:
      return json({ error: 'MethodNotImplemented', message: 'Method Not Implemented' }, 501);
  }
}
