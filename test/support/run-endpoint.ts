import type { z } from 'zod';
import type { EndpointDefinition } from '../../src/catalogue/endpoint.js';
import type { EndpointResult, ListResult, SingleResult } from '../../src/catalogue/results.js';
import type { Upstream } from '../../src/catalogue/upstream.js';
import { catalogue } from './registered-catalogue.js';

/**
 * Runs endpoints the way the pipeline does, for a family's unit and conformance tests: params
 * through the endpoint's zod schema and its normaliseParams, then its fetch at a fixed time, and
 * every resource checked against its published schema.
 */
export function endpointRunner(fetchedAt: string) {
  return {
    async runEndpoint<Params extends z.ZodObject, Item>(
      endpoint: EndpointDefinition<Params, Item>,
      input: Record<string, unknown>,
      upstream: Upstream,
    ): Promise<EndpointResult<Item>> {
      const result = await endpoint.fetch(canonical(endpoint, input), { upstream, fetchedAt });
      const resources = 'items' in result ? result.items : result.data === null ? [] : [result.data];
      for (const resource of resources) catalogue.resource(endpoint.returns.type).parse(resource);
      return result;
    },
  };
}

/** The canonical parameters an input becomes (or the error normaliseParams throws). */
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
