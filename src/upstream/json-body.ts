import type { z } from 'zod';
import type { UpstreamResponse } from '../catalogue/upstream.js';
import { schemaDrift } from '../errors.js';

/**
 * Reading an upstream answer's JSON. An answer that is not JSON, or not in the shape a family
 * expects, is upstream_schema_drift: the platform changed or lied, and the caller is not charged.
 */

/** The parsed body, or undefined when it is not JSON (an error page, a truncated answer). */
export function tryParseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The parsed body; a body that is not JSON is upstream_schema_drift naming `what` was asked for. */
export function parseJsonBody(response: UpstreamResponse, what: string): unknown {
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    throw schemaDrift(`The ${what} answer was not JSON.`, { url: response.url });
  }
}

/** Validates an upstream value; a mismatch is upstream_schema_drift naming the first three problems. */
export function parseShape<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw schemaDrift(`The ${what} answer did not have the expected shape.`, { problems });
}
