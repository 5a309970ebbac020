import { z } from 'zod';
import type { EndpointDefinition } from './endpoint.js';

/** The page sizes a `limit` takes: how many items when it is not given, and the most. */
export interface PageBounds {
  default: number;
  max: number;
}

interface LimitJsonSchema {
  properties?: Record<string, { default?: unknown; maximum?: unknown }>;
}

/**
 * The bounds of the endpoint's `limit` parameter (its default and maximum), read from its params
 * schema, so what serves the endpoint (a GraphQL edge, the cost limit) never repeats its numbers.
 * A `limit` without a default is taken at its maximum. Null when the endpoint has no bounded `limit`.
 */
export function limitBounds(endpoint: EndpointDefinition): PageBounds | null {
  const limit = (z.toJSONSchema(endpoint.params, { io: 'input', unrepresentable: 'any' }) as LimitJsonSchema).properties?.limit;
  if (typeof limit?.maximum !== 'number') return null;
  return { default: typeof limit.default === 'number' ? limit.default : limit.maximum, max: limit.maximum };
}
