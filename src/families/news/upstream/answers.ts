import type { z } from 'zod';
import { schemaDrift } from '../../../errors.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';

/** Parses a JSON body; anything else is upstream_schema_drift. */
export function parseJsonBody(response: UpstreamResponse, what: string): unknown {
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    throw schemaDrift(`The ${what} answer was not JSON.`, { url: response.url });
  }
}

/** Validates an upstream value; a mismatch is upstream_schema_drift naming the first problems. */
export function parseShape<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw schemaDrift(`The ${what} answer did not have the expected shape.`, { problems });
}
