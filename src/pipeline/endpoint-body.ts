import type { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition, EndpointFlags } from '../catalogue/endpoint.js';
import { GatewayError } from '../errors.js';

/**
 * Parses a JSON body that names an endpoint (a job, a batch, a subscription): 400
 * invalid_request naming the first bad field, or the field that is not one of the body's.
 */
export function parseEndpointBody<Schema extends z.ZodObject>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.code === 'unrecognized_keys' ? issue.keys[0]! : issue.path.join('.') || 'body';
  const message =
    issue.code === 'unrecognized_keys' ? `is not a field of this body (${Object.keys(schema.shape).join(', ')})` : issue.message;
  throw new GatewayError('invalid_request', `Invalid \`${field}\`: ${message}.`, { details: { param: field } });
}

/** The catalogue endpoint a body names; 400 when there is none, or when it lacks the flag this use needs. */
export function endpointNamed(
  catalogue: Catalogue,
  path: string,
  needs?: keyof Pick<EndpointFlags, 'batchable' | 'subscribable'>,
): EndpointDefinition {
  const endpoint = catalogue.byPath.get(path);
  if (!endpoint)
    throw new GatewayError('invalid_request', `Unknown endpoint \`${path}\`; see /openapi.json for the data endpoints.`, {
      details: { param: 'endpoint' },
    });
  if (needs && !endpoint.flags[needs]) {
    const use = needs === 'batchable' ? 'batched' : 'subscribed to';
    throw new GatewayError('invalid_request', `${endpoint.path} cannot be ${use} (x-${needs} is false).`, {
      details: { param: 'endpoint', endpoint: endpoint.path },
    });
  }
  return endpoint;
}
