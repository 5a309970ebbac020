import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../../src/catalogue/upstream.js';
import { classifyResponse } from '../../../src/upstream/classify.js';

/** Shared helpers for the podcasts family's unit and conformance tests. */

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_HOPS = 5;

/**
 * An in-memory Upstream that answers like the real client: redirects followed (five hops) with
 * the final URL reported, 2xx bodies read through the request's reader in small chunks, statuses
 * classified the same way. Records every URL asked (hops included); an unanswered one fails loudly.
 */
export function podcastStub(handler: (url: URL) => Reply | undefined): Upstream & { calls: string[]; requests: UpstreamRequest[] } {
  const calls: string[] = [];
  const requests: UpstreamRequest[] = [];
  return {
    calls,
    requests,
    async fetch(request) {
      requests.push(request);
      let url = new URL(request.url);
      for (let hop = 0; ; hop++) {
        calls.push(url.href);
        const reply = handler(url);
        if (reply === undefined) throw new Error(`podcastStub: no answer for ${url.href}`);
        const status = reply.status ?? 200;
        const headers: Record<string, string> = { ...reply.headers };
        if (REDIRECTS.has(status) && headers.location !== undefined && hop < MAX_HOPS) {
          url = new URL(headers.location, url);
          continue;
        }
        const text = reply.body ?? '';
        const body = request.bodyReader && status >= 200 && status < 300 ? await request.bodyReader.read(chunked(text)) : text;
        const response: UpstreamResponse = { status, headers, body, url: url.href };
        const failure = classifyResponse(response, request.passStatuses);
        if (failure) throw failure;
        return response;
      }
    },
  };
}

async function* chunked(text: string): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += 997) yield bytes.subarray(at, at + 997);
}

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
