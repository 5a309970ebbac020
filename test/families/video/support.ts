import type { z } from 'zod';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import type { EndpointResult, ListResult, SingleResult } from '../../../src/catalogue/results.js';
import { catalogue } from '../../support/registered-catalogue.js';
import type { Upstream } from '../../../src/catalogue/upstream.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { videoPlatformRoute, type VideoPlatformOptions } from '../../../src/families/video/demo/platform.js';

/** Shared helpers for the video family's unit and conformance tests. */

export const FETCHED_AT = '2026-05-20T12:00:00.000Z';

/**
 * Runs an endpoint the way the pipeline does: params through its zod schema and its
 * normaliseParams, then fetch; every resource is checked against its published schema.
 */
export async function runEndpoint<Params extends z.ZodObject, Item>(
  endpoint: EndpointDefinition<Params, Item>,
  input: Record<string, unknown>,
  upstream: Upstream,
): Promise<EndpointResult<Item>> {
  const parsed = endpoint.params.parse(input);
  const params = endpoint.normaliseParams ? endpoint.normaliseParams(parsed) : parsed;
  const result = await endpoint.fetch(params, { upstream, fetchedAt: FETCHED_AT });
  const resources = 'items' in result ? result.items : result.data === null ? [] : [result.data];
  for (const resource of resources) catalogue.resource(endpoint.returns.type).parse(resource);
  return result;
}

export function asList<Item>(result: EndpointResult<Item>): ListResult<Item> {
  if (!('items' in result)) throw new Error('expected a list result');
  return result;
}

export function asSingle<Item>(result: EndpointResult<Item>): SingleResult<Item> {
  if ('items' in result) throw new Error('expected a single result');
  return result;
}

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
