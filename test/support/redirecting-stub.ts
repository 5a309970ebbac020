import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../src/catalogue/upstream.js';
import { classifyResponse } from '../../src/upstream/classify.js';

/** One answer of a redirecting stub: a status (200 by default), headers, a text or JSON body. */
export interface StubReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | object;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * An in-memory Upstream that answers like the real client for hosts a family does not declare:
 * redirects followed (up to `maxHops`) with the final URL reported, 2xx bodies read through the
 * request's reader in small chunks, statuses classified the same way. Records every URL asked
 * (redirect hops included); an unanswered one fails loudly.
 */
export function redirectingStub(
  handler: (url: URL) => StubReply | undefined,
  options: { maxHops: number; defaultHeaders?: Record<string, string> },
): Upstream & { calls: string[]; requests: UpstreamRequest[] } {
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
        if (reply === undefined) throw new Error(`redirectingStub: no answer for ${url.href}`);
        const status = reply.status ?? 200;
        const headers: Record<string, string> = { ...options.defaultHeaders, ...reply.headers };
        if (REDIRECTS.has(status) && headers.location !== undefined && hop < options.maxHops) {
          url = new URL(headers.location, url);
          continue;
        }
        const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
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
  for (let at = 0; at < bytes.length; at += 1021) yield bytes.subarray(at, at + 1021);
}
