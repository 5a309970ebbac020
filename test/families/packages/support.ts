import { classifyResponse } from '../../../src/upstream/classify.js';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../../src/catalogue/upstream.js';

/** Shared helpers for the packages family's unit and conformance tests. */

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body: string | object;
}

/**
 * An in-memory Upstream that answers like the real client: a request with a body reader gets
 * its 2xx JSON body streamed through it (in small chunks, so values straddle chunk boundaries),
 * and statuses are classified the same way. Records every request; an unanswered one fails loudly.
 */
export function registryStub(handler: (url: URL, request: UpstreamRequest) => Reply | undefined): Upstream & { calls: UpstreamRequest[] } {
  const calls: UpstreamRequest[] = [];
  return {
    calls,
    async fetch(request) {
      calls.push(request);
      const reply = handler(new URL(request.url), request);
      if (reply === undefined) throw new Error(`registryStub: no answer for ${request.url}`);
      const status = reply.status ?? 200;
      const headers = { 'content-type': 'application/json', ...reply.headers };
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      const body =
        request.bodyReader && status < 300 && headers['content-type'].includes('json')
          ? await request.bodyReader.read(chunked(text, 977))
          : text;
      const response: UpstreamResponse = { status, headers, body, url: request.url };
      const failure = classifyResponse(response, request.passStatuses);
      if (failure) throw failure;
      return response;
    },
  };
}

async function* chunked(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

// The generic runners are the code family's: params through the schema and normaliseParams, resources checked.
export { FETCHED_AT, asList, asSingle, canonical, errorOf, runEndpoint } from '../code/support.js';
