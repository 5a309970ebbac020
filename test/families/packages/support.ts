import type { z } from 'zod';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import type { EndpointResult, ListResult, SingleResult } from '../../../src/catalogue/results.js';
import { catalogue } from '../../../src/catalogue/index.js';
import { GatewayError } from '../../../src/errors.js';
import { classifyResponse } from '../../../src/upstream/classify.js';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../../src/upstream/types.js';

/** Shared helpers for the packages family's unit and conformance tests. */

export const FETCHED_AT = '2026-04-14T12:00:00.000Z';

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

/**
 * Runs an endpoint the way the pipeline does: params through its zod schema and normaliseParams,
 * then fetch; every resource is checked against its published schema.
 */
export async function runEndpoint<Params extends z.ZodObject, Item>(
  endpoint: EndpointDefinition<Params, Item>,
  input: Record<string, unknown>,
  upstream: Upstream,
): Promise<EndpointResult<Item>> {
  const params = canonical(endpoint, input);
  const result = await endpoint.fetch(params, { upstream, fetchedAt: FETCHED_AT });
  const resources = 'items' in result ? result.items : result.data === null ? [] : [result.data];
  for (const resource of resources) catalogue.resource(endpoint.returns.type).parse(resource);
  return result;
}

export function canonical<Params extends z.ZodObject>(
  endpoint: EndpointDefinition<Params>,
  input: Record<string, unknown>,
): z.output<Params> {
  const parsed = endpoint.params.parse(input);
  return endpoint.normaliseParams ? endpoint.normaliseParams(parsed) : parsed;
}

export function asList<Item>(result: EndpointResult<Item>): ListResult<Item> {
  if (!('items' in result)) throw new Error('expected a list result');
  return result;
}

export function asSingle<Item>(result: EndpointResult<Item>): SingleResult<Item> {
  if ('items' in result) throw new Error('expected a single result');
  return result;
}

/** The GatewayError a call throws (fails the test when it succeeds). */
export async function errorOf(run: () => unknown): Promise<GatewayError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError, got a result');
}
