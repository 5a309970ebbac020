import { stubUpstream } from '../../support/stub-upstream.js';
import { videoPlatformRoute, type VideoPlatformOptions } from '../../../src/families/video/demo/platform.js';
import { endpointRunner } from '../../support/run-endpoint.js';
export { asList, asSingle } from '../../support/run-endpoint.js';

/** Shared helpers for the video family's unit and conformance tests. */

export const FETCHED_AT = '2026-05-20T12:00:00.000Z';
export const { runEndpoint } = endpointRunner(FETCHED_AT);

export { errorOf, rawOf } from '../../support/unit-results.js';

/** The synthetic platform of demo/platform.ts as a unit test's upstream (no sockets). */
export function stubPlatform(options: VideoPlatformOptions = {}) {
  const route = videoPlatformRoute(options);
  return stubUpstream((request, url) => {
    const reply = route(
      { method: request.method ?? 'GET', url: url.pathname + url.search, host: url.host, headers: {}, body: request.body ?? '' },
      url,
    );
    if (reply === undefined) return undefined;
    return {
      status: reply.status ?? 200,
      headers: reply.headers ?? {},
      body: typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body),
    };
  });
}

/** The InnerTube method and parsed body of each call a stub saw. */
export const innertubeCalls = (upstream: ReturnType<typeof stubPlatform>) =>
  upstream.calls.map((call) => ({
    method: new URL(call.url).pathname.replace('/youtubei/v1/', ''),
    body: call.body === undefined ? null : (JSON.parse(call.body) as Record<string, unknown>),
  }));
