import { redirectingStub, type StubReply } from '../../support/redirecting-stub.js';

/** Shared helpers for the podcasts family's unit and conformance tests. */

export type Reply = StubReply;

/** Apple, feeds and transcript hosts in memory: redirects followed up to five hops, as the family's policy does. */
export const podcastStub = (handler: (url: URL) => Reply | undefined) => redirectingStub(handler, { maxHops: 5 });

export const appleReply = (body: string, status = 200): Reply => ({
  status,
  body,
  headers: { 'content-type': 'text/javascript; charset=utf-8' },
});
export const xmlReply = (body: string, status = 200): Reply => ({ status, body, headers: { 'content-type': 'application/rss+xml' } });
export const textReply = (body: string, contentType: string, status = 200): Reply => ({
  status,
  body,
  headers: { 'content-type': contentType },
});

export { FETCHED_AT, asList, asSingle, canonical, errorOf, runEndpoint } from '../code/support.js';
