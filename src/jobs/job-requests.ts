import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { GatewayError, isGatewayError } from '../errors.js';
import { endpointNamed, parseEndpointBody } from '../pipeline/endpoint-body.js';
import { validateRequest } from '../pipeline/params.js';
import type { TargetSpec } from './types.js';

/** Targets one batch may hold. */
export const MAX_BATCH_TARGETS = 500;

const paramsSchema = z.record(z.string(), z.unknown());
export const jobBodySchema = z.strictObject({ endpoint: z.string().min(1), params: paramsSchema.default({}) });
export const batchBodySchema = z.strictObject({
  endpoint: z.string().min(1),
  targets: z.array(paramsSchema).min(1).max(MAX_BATCH_TARGETS),
});

/** Longest Idempotency-Key accepted. */
export const MAX_IDEMPOTENCY_KEY = 255;

/** An idempotency key as given (1 to 255 characters), or 400 naming where it came from (`param`). */
export function checkedIdempotencyKey(key: string, param: string): string {
  if (key.trim() === '' || key.length > MAX_IDEMPOTENCY_KEY) {
    throw new GatewayError('invalid_request', `${param} must be 1 to ${MAX_IDEMPOTENCY_KEY} characters.`, { details: { param } });
  }
  return key;
}

/** A create request, parsed and validated: nothing is queued unless every target is valid. */
export interface ValidatedJobRequest {
  kind: 'job' | 'batch';
  endpoint: EndpointDefinition;
  targets: TargetSpec[];
  /** Of the body as the caller sent it, with object keys sorted: the same body gives the same print. */
  fingerprint: string;
}

/** Validates POST /v1/jobs or /v1/jobs/batch bodies; 400 names the endpoint or each bad target. */
export function validateJobRequest(catalogue: Catalogue, kind: 'job' | 'batch', body: unknown): ValidatedJobRequest {
  const parsed: { endpoint: string; params?: Record<string, unknown>; targets?: Record<string, unknown>[] } = parseEndpointBody(
    kind === 'job' ? jobBodySchema : batchBodySchema,
    body,
  );
  const endpoint = endpointNamed(catalogue, parsed.endpoint, kind === 'batch' ? 'batchable' : undefined);
  const inputs = parsed.targets ?? [parsed.params ?? {}];
  const targets: TargetSpec[] = [];
  const invalid: { index: number; param: unknown; message: string }[] = [];
  for (const [index, input] of inputs.entries()) {
    try {
      targets.push({ input, request: validateRequest(endpoint, input) });
    } catch (error) {
      if (!isGatewayError(error)) throw error;
      invalid.push({ index, param: error.details?.param ?? null, message: error.message });
    }
  }
  if (invalid.length > 0) {
    const message =
      kind === 'job'
        ? invalid[0]!.message
        : `${invalid.length} target(s) are invalid: ${invalid
            .slice(0, 5)
            .map((each) => `#${each.index} ${each.message}`)
            .join(' ')}`;
    throw new GatewayError('invalid_request', message, { details: kind === 'job' ? { param: invalid[0]!.param } : { targets: invalid } });
  }
  return { kind, endpoint, targets, fingerprint: fingerprintOf({ kind, endpoint: endpoint.path, inputs }) };
}

function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex');
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are one body. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, each]) => `${JSON.stringify(name)}:${stableJson(each)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
