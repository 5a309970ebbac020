import { GatewayError } from '../../src/errors.js';
import { registeredFamilies } from '../../src/families/registry.js';
import { classifyResponse } from '../../src/upstream/classify.js';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../src/catalogue/upstream.js';

export type StubAnswer = (Partial<UpstreamResponse> & { status?: number }) | GatewayError;
export type StubHandler = (request: UpstreamRequest, url: URL) => StubAnswer | undefined;

/**
 * An in-memory Upstream for unit tests of fetch functions: answers from a handler,
 * classifies like the real client, and records every request.
 * An unanswered request fails the test loudly.
 */
/** Every registered family's block-page markers: a unit test's stub classifies any platform's pages. */
const ALL_BLOCK_PAGES = {
  markers: registeredFamilies.flatMap((family) => family.blockPages?.markers ?? []),
  titles: registeredFamilies.flatMap((family) => family.blockPages?.titles ?? []),
};

export function stubUpstream(handler: StubHandler): Upstream & { calls: UpstreamRequest[] } {
  const calls: UpstreamRequest[] = [];
  return {
    calls,
    async fetch(request) {
      calls.push(request);
      const url = new URL(request.url);
      const answer = handler(request, url);
      if (answer === undefined) throw new Error(`stubUpstream: no answer for ${request.method ?? 'GET'} ${request.url}`);
      if (answer instanceof GatewayError) throw answer;
      const response: UpstreamResponse = {
        status: answer.status ?? 200,
        headers: answer.headers ?? { 'content-type': 'application/json' },
        body: answer.body ?? '',
        url: answer.url ?? request.url,
      };
      const failure = classifyResponse(response, request.passStatuses, ALL_BLOCK_PAGES);
      if (failure) throw failure;
      return response;
    },
  };
}
