import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { FamilyName } from '../catalogue/endpoint.js';
import { GatewayError, isGatewayError } from '../errors.js';
import { endpointNamed, parseEndpointBody } from '../pipeline/endpoint-body.js';
import { validateRequest, type ValidatedRequest } from '../pipeline/params.js';
import { RESOLVE_PATH, resolveUrl } from '../pipeline/resolve-url.js';
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

/**
 * A create request, parsed and validated: nothing is queued unless every target is valid (on
 * /v1/resolve, a batch target no endpoint can run is kept, to fail alone without a fetch).
 */
export interface ValidatedJobRequest {
  kind: 'job' | 'batch';
  /** The endpoint the body names (/v1/resolve for URLs). */
  endpoint: string;
  targets: TargetSpec[];
  /** Target indexes by the family whose lane runs them, so each family's concurrency holds. */
  lanes: ReadonlyMap<FamilyName, readonly number[]>;
  /** Of the body as the caller sent it, with object keys sorted: the same body gives the same print. */
  fingerprint: string;
}

/** Validates POST /v1/jobs or /v1/jobs/batch bodies; 400 names the endpoint or each bad target. */
export function validateJobRequest(catalogue: Catalogue, kind: 'job' | 'batch', body: unknown): ValidatedJobRequest {
  const parsed: { endpoint: string; params?: Record<string, unknown>; targets?: Record<string, unknown>[] } = parseEndpointBody(
    kind === 'job' ? jobBodySchema : batchBodySchema,
    body,
  );
  const inputs = parsed.targets ?? [parsed.params ?? {}];
  if (parsed.endpoint === RESOLVE_PATH) return resolveJobRequest(catalogue, kind, inputs);
  const endpoint = endpointNamed(catalogue, parsed.endpoint, kind === 'batch' ? 'batchable' : undefined);
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
  const lanes = new Map([[endpoint.family, targets.map((_target, index) => index)]]);
  return { kind, endpoint: endpoint.path, targets, lanes, fingerprint: fingerprintOf({ kind, endpoint: endpoint.path, inputs }) };
}

/** What a refused target of /v1/resolve stands on: it runs nothing. */
const NOTHING_TO_RUN: ValidatedRequest = { params: {}, cacheMaxAgeSeconds: null, includeRaw: false };

/**
 * Each target's URL read into its endpoint and run in that endpoint's family lane. A job's one
 * URL that no endpoint can run is 400; in a batch such a target fails alone and costs nothing
 * (run in the first lane, where recording its failure takes no upstream work).
 */
function resolveJobRequest(catalogue: Catalogue, kind: 'job' | 'batch', inputs: Record<string, unknown>[]): ValidatedJobRequest {
  const targets: TargetSpec[] = [];
  const lanes = new Map<FamilyName, number[]>();
  const refused: number[] = [];
  for (const [index, input] of inputs.entries()) {
    try {
      const { url, ...options } = input;
      const { endpoint, request } = resolveUrl(catalogue, url, options);
      if (kind === 'batch') endpointNamed(catalogue, endpoint.path, 'batchable');
      targets.push({ input, request, endpoint: endpoint.path });
      const lane = lanes.get(endpoint.family) ?? [];
      lane.push(index);
      lanes.set(endpoint.family, lane);
    } catch (error) {
      if (!isGatewayError(error) || kind === 'job') throw error;
      targets.push({ input, request: NOTHING_TO_RUN, refusal: { code: error.code, message: error.message, details: error.details } });
      refused.push(index);
    }
  }
  if (refused.length > 0) {
    const [lane] = lanes.keys();
    const family = lane ?? catalogue.families[0]!.name;
    lanes.set(family, [...(lanes.get(family) ?? []), ...refused]);
  }
  return { kind, endpoint: RESOLVE_PATH, targets, lanes, fingerprint: fingerprintOf({ kind, endpoint: RESOLVE_PATH, inputs }) };
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
