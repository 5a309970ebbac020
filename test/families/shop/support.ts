import { classifyResponse } from '../../../src/upstream/classify.js';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../../src/catalogue/upstream.js';

/** Shared helpers for the shop family's unit and conformance tests. */

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | object;
}

/** Redirect statuses the stub follows, as the upstream client does for a caller-named host. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_HOPS = 3;

/**
 * An in-memory Upstream that answers like the real client for a caller-named host: redirects
 * followed (at most three hops) with the final URL reported, bodies read through the request's
 * reader, statuses classified the same way. Records every request (redirect hops included); an
 * unanswered one fails loudly.
 */
export function storeStub(handler: (url: URL) => Reply | undefined): Upstream & { calls: string[]; requests: UpstreamRequest[] } {
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
        if (reply === undefined) throw new Error(`storeStub: no answer for ${url.href}`);
        const status = reply.status ?? 200;
        const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...reply.headers };
        const location = headers.location;
        if (REDIRECTS.has(status) && location !== undefined && hop < MAX_HOPS) {
          url = new URL(location, url);
          continue;
        }
        const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        const body = request.bodyReader && status < 300 ? await request.bodyReader.read(chunked(text)) : text;
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
  for (let at = 0; at < bytes.length; at += 1021) yield bytes.subarray(at, at + 1021);
}

export const html = (body: string, status = 200): Reply => ({ status, body, headers: { 'content-type': 'text/html; charset=utf-8' } });

export { FETCHED_AT, asList, asSingle, canonical, errorOf, runEndpoint } from '../code/support.js';
