import { z } from 'zod';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { queryBoolean } from '../catalogue/query-params.js';
import { GatewayError } from '../errors.js';
import { parseDuration } from './duration.js';

/** Options every data endpoint accepts, in their REST spelling. */
export const commonParamsShape = {
  cache_max_age: z
    .string()
    .refine((value) => parseDuration(value) !== null, {
      message: 'expected a duration such as 30s, 15m, 12h, 7d, 2w, a number of seconds, or ISO 8601 (PT1H, P7D)',
    })
    .optional()
    .describe('serve a cached result no older than this (e.g. 7d, 12h, 3600, PT1H); a hit costs 0 credits'),
  include_raw: queryBoolean.default(false).describe('include the untouched upstream payload under `raw`'),
};

const fullSchemas = new WeakMap<EndpointDefinition, z.ZodObject>();

/** The endpoint's parameters plus the common options; unknown parameters are refused. */
export function requestSchema(endpoint: EndpointDefinition): z.ZodObject {
  let schema = fullSchemas.get(endpoint);
  if (!schema) {
    schema = endpoint.params.extend(commonParamsShape).strict();
    fullSchemas.set(endpoint, schema);
  }
  return schema;
}

export interface ValidatedRequest {
  /** The endpoint's own parameters, parsed (defaults applied). */
  params: Record<string, unknown>;
  cacheMaxAgeSeconds: number | null;
  includeRaw: boolean;
}

/** Validates raw input (query strings or GraphQL arguments in REST spelling); 400 names the parameter. */
export function validateRequest(endpoint: EndpointDefinition, input: Record<string, unknown>): ValidatedRequest {
  const result = requestSchema(endpoint).safeParse(input);
  if (!result.success) throw invalidRequestFrom(endpoint, result.error);
  return splitRequest(endpoint, result.data);
}

/**
 * Finishes validation of a request the endpoint's zod schema already parsed: separates the
 * common options and applies the endpoint's own cross-parameter rules and canonical form.
 */
export function splitRequest(endpoint: EndpointDefinition, parsed: Record<string, unknown>): ValidatedRequest {
  const { cache_max_age: cacheMaxAge, include_raw: includeRaw, ...own } = parsed;
  const params = endpoint.normaliseParams ? (endpoint.normaliseParams(own as never) as Record<string, unknown>) : own;
  return {
    params,
    cacheMaxAgeSeconds: typeof cacheMaxAge === 'string' ? parseDuration(cacheMaxAge) : null,
    includeRaw: includeRaw === true,
  };
}

function invalidRequestFrom(endpoint: EndpointDefinition, error: z.ZodError): GatewayError {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const allowed = Object.keys(requestSchema(endpoint).shape).join(', ');
    return new GatewayError(
      'invalid_request',
      `Unknown parameter ${issue.keys.map((key) => `\`${key}\``).join(', ')}; ${endpoint.path} accepts ${allowed}.`,
      {
        details: { param: issue.keys[0], unknown: issue.keys, allowed: Object.keys(requestSchema(endpoint).shape) },
      },
    );
  }
  const param = String(issue.path[0] ?? 'query');
  const allowedValues = issue.code === 'invalid_value' ? ` Allowed values: ${issue.values.map(String).join(', ')}.` : '';
  const message = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
  return new GatewayError('invalid_request', `Invalid parameter \`${param}\`: ${message}.${allowedValues}`, {
    details: { param, issues: error.issues.map((each) => ({ param: each.path.join('.'), message: each.message })) },
  });
}
