import { GatewayError, isGatewayError } from '../errors.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';

/**
 * The JSON envelope every non-GraphQL door answers with (REST, job results). The payload is
 * spliced in as the serialised text the pipeline (or the cache) produced, so a cache hit is
 * never parsed or re-serialised.
 */
export function successBody(outcome: EndpointOutcome, resolved?: ResolvedMeta): string {
  return envelopeText(outcome, envelopeTail(outcome, resolved));
}

/** `meta.resolved` of an answer to a URL: the endpoint that served it and its canonical parameters. */
export interface ResolvedMeta {
  endpoint: string;
  params: Record<string, unknown>;
}

/**
 * The same envelope as bytes. Hits on one cache entry within the same second share one buffer
 * (their envelopes differ only in `ageSeconds`), so a hit costs no encoding of its payload. Each
 * entry keeps at most its latest envelope, about the size of its text, while the entry lives.
 */
export function successBytes(outcome: EndpointOutcome): Buffer {
  const latest = latestEnvelopes.get(outcome.payloadIdentity);
  // Hits on one entry differ only in their age and in whether raw was asked for: the tail need not even be written.
  if (latest !== undefined && latest.ageSeconds === outcome.ageSeconds && latest.rawJson === outcome.rawJson) return latest.bytes;
  const tail = envelopeTail(outcome);
  if (latest?.tail === tail) return latest.bytes;
  const bytes = Buffer.from(envelopeText(outcome, tail));
  // Only hits are kept: their identity is the cache entry, which every other fact of their envelope comes from.
  if (outcome.cached && outcome.payloadIdentity !== outcome) {
    latestEnvelopes.set(outcome.payloadIdentity, { tail, bytes, ageSeconds: outcome.ageSeconds, rawJson: outcome.rawJson });
  }
  return bytes;
}

const latestEnvelopes = new WeakMap<object, { tail: string; bytes: Buffer; ageSeconds: number | null; rawJson: string | null }>();

/** The payload's members spliced between the envelope's head and its tail. */
function envelopeText(outcome: EndpointOutcome, tail: string): string {
  return `{"success":true,${outcome.payloadJson.slice(1, -1)}${tail}`;
}

/** Everything after the payload's members: `meta`, `raw` when asked for, and the closing brace. */
function envelopeTail(outcome: EndpointOutcome, resolved?: ResolvedMeta): string {
  // Written out rather than stringified from a fresh object: this runs on every cache hit.
  let meta = `{"creditsCharged":${outcome.creditsCharged},"cached":${outcome.cached},"fetchedAt":${JSON.stringify(outcome.fetchedAt)}`;
  if (outcome.ageSeconds !== null) meta += `,"ageSeconds":${outcome.ageSeconds}`;
  if (outcome.empty) meta += `,"empty":true,"reason":${JSON.stringify(outcome.emptyReason)}`;
  if (outcome.warnings.length > 0) meta += `,"warnings":${JSON.stringify(outcome.warnings)}`;
  if (resolved !== undefined) meta += `,"resolved":${JSON.stringify(resolved)}`;
  const raw = outcome.rawJson === null ? '' : `,"raw":${outcome.rawJson}`;
  return `,"meta":${meta}}${raw}}`;
}

export function errorBody(error: GatewayError, resolved?: ResolvedMeta): string {
  const meta = resolved === undefined ? { creditsCharged: 0 } : { creditsCharged: 0, resolved };
  return JSON.stringify({ success: false, error: errorFields(error), meta });
}

/** The `error` object of the error envelope. */
export function errorFields(error: GatewayError): Record<string, unknown> {
  const body: Record<string, unknown> = { code: error.code, message: error.message, retryable: error.retryable };
  if (error.details) body.details = error.details;
  return body;
}

/** The error a caller is shown: a GatewayError as it is, anything else a 500 without internals (the door logs it). */
export function shownError(error: unknown): GatewayError {
  return isGatewayError(error) ? error : new GatewayError('internal_error', 'Something went wrong on our side; nothing was charged.');
}
