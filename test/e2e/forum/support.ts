import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FakeReply, FakeRoute } from '../../support/fake-upstream-server.js';
import type { Harness } from '../../support/gateway.js';
import { t3, type SyntheticPost } from '../../support/forum-data.js';
export { balanceOf, expectEmpty, expectError, expectPaid, upstreamUrls, type GatewayResponse } from '../../support/envelope.js';

/**
 * Helpers for the forum end-to-end tests: the real gateway on loopback against a
 * FakeUpstream. Bodies are the synthetic fixtures of test/fixtures/forum or built here
 * (invented data only).
 */


const FIXTURES = fileURLToPath(new URL('../../fixtures/forum/', import.meta.url));

/** A synthetic fixture from test/fixtures/forum, as text. */
export function fixture(name: string): string {
  return readFileSync(`${FIXTURES}${name}`, 'utf8');
}

// ---------------------------------------------------------------- replies

/** A JSON answer (a fixture's text or an object). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): FakeReply {
  return { status, body: typeof body === 'string' ? body : (body as object), headers: { 'content-type': 'application/json; charset=UTF-8', ...headers } };
}

/** An Atom feed answer. */
export function atom(xml: string): FakeReply {
  return { body: xml, headers: { 'content-type': 'application/atom+xml; charset=UTF-8' } };
}

/** Any text answer with a content type (manifests, captions, HTML pages). */
export function text(body: string, contentType: string, status = 200): FakeReply {
  return { status, body, headers: { 'content-type': contentType } };
}

/** Reddit's classic bot page: a 403 HTML "whoa there, pardner". */
export const BLOCK_PAGE: FakeReply = text('<!doctype html><html><head><title>Blocked</title></head><body><h1>whoa there, pardner!</h1></body></html>', 'text/html; charset=utf-8', 403);

/** Reddit's 429 with a Retry-After header. */
export function rateLimited(retryAfterSeconds: number): FakeReply {
  return json({ message: 'Too Many Requests', error: 429 }, 429, { 'retry-after': String(retryAfterSeconds) });
}

/** Reddit's own "not found" body. */
export const NOT_FOUND: FakeReply = json({ message: 'Not Found', error: 404 }, 404);

// ---------------------------------------------------------------- routes

/** Answers `reply` for one exact path on `host` (any query string). */
export function at(path: string, reply: FakeReply, host = 'www.reddit.com'): FakeRoute {
  return (_request, url) => (url.hostname === host && url.pathname === path ? reply : undefined);
}

/** Answers for any path on `host` matching `pattern`. */
export function matching(pattern: RegExp, reply: FakeReply, host = 'www.reddit.com'): FakeRoute {
  return (_request, url) => (url.hostname === host && pattern.test(url.pathname) ? reply : undefined);
}

/** Upstream requests whose path starts with `prefix`. */
export function requestsTo(harness: Harness, prefix: string): string[] {
  return harness.upstream.requests.map((request) => request.url).filter((url) => url.startsWith(prefix));
}

/** The query parameters of a recorded request URL. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'https://www.reddit.com').searchParams);
}

// ---------------------------------------------------------------- envelope checks

// ---------------------------------------------------------------- synthetic Reddit bodies

export interface SyntheticComment {
  id: string;
  /** Parent comment id; omitted for a top-level comment. */
  parent?: string;
  author: string;
  body?: string;
  replies?: object[];
}

/** A t1 comment thing on post `postId`. */
export function comment(postId: string, spec: SyntheticComment) {
  return {
    kind: 't1',
    data: {
      id: spec.id,
      name: `t1_${spec.id}`,
      parent_id: spec.parent === undefined ? `t3_${postId}` : `t1_${spec.parent}`,
      link_id: `t3_${postId}`,
      body: spec.body ?? `Comment ${spec.id}`,
      author: spec.author,
      author_fullname: `t2_${spec.author.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
      score: 3,
      score_hidden: false,
      stickied: false,
      created_utc: 1_700_000_100,
      replies: spec.replies === undefined || spec.replies.length === 0 ? '' : { kind: 'Listing', data: { after: null, before: null, children: spec.replies } },
    },
  };
}

/** A comments page: `[post Listing, comment Listing]`. */
export function thread(post: SyntheticPost, comments: object[] = []) {
  return [
    { kind: 'Listing', data: { after: null, before: null, dist: 1, children: [t3(post)] } },
    { kind: 'Listing', data: { after: null, before: null, dist: null, children: comments } },
  ];
}

export interface FeedEntry {
  id: string;
  author: string;
  subreddit?: string;
  title?: string;
  body?: string;
}

const escapeXml = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A Reddit-style Atom feed of self posts (bodies between the SC_OFF/SC_ON markers). */
export function atomFeed(entries: FeedEntry[]): string {
  const items = entries.map((entry) => {
    const subreddit = entry.subreddit ?? 'synthetic';
    const permalink = `https://www.reddit.com/r/${subreddit}/comments/${entry.id}/synthetic_post/`;
    const body = entry.body === undefined ? '' : `<!-- SC_OFF --><div class="md"><p>${entry.body}</p></div><!-- SC_ON -->`;
    const content = `${body} submitted by <a href="https://www.reddit.com/user/${entry.author}"> /u/${entry.author} </a> <span><a href="${permalink}">[link]</a></span> <span><a href="${permalink}">[comments]</a></span>`;
    return [
      '  <entry>',
      `    <author><name>/u/${entry.author}</name><uri>https://www.reddit.com/user/${entry.author}</uri></author>`,
      `    <category term="${subreddit}" label="r/${subreddit}"/>`,
      `    <content type="html">${escapeXml(content)}</content>`,
      `    <id>t3_${entry.id}</id>`,
      `    <link href="${permalink}"/>`,
      '    <updated>2025-11-02T10:00:00+00:00</updated>',
      '    <published>2025-11-02T10:00:00+00:00</published>',
      `    <title>${escapeXml(entry.title ?? `Feed post ${entry.id}`)}</title>`,
      '  </entry>',
    ].join('\n');
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">', '  <title>synthetic feed</title>', ...items, '</feed>'].join('\n');
}
