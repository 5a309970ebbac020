import { randomUUID } from 'node:crypto';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { GatewayError, isGatewayError } from '../errors.js';
import type { ValidatedRequest } from '../pipeline/params.js';
import { runEndpoint, type PipelineDeps } from '../pipeline/run-endpoint.js';
import type { ApiKeyRecord } from '../state/ports.js';
import { contentHash } from './content-hash.js';

/** Credits one delivered change costs, whatever the endpoint's fetch cost. */
export const CHANGE_COST = 1;

export type CheckOutcome =
  | { kind: 'baseline'; hash: string; data: unknown }
  | { kind: 'unchanged'; hash: string }
  /** A change is charged CHANGE_COST, except a change to an empty result (nothing found), which is free like every empty result. */
  | { kind: 'changed'; hash: string; previousHash: string; data: unknown; creditsCharged: 0 | 1 }
  /** The content changed and could not be paid for: nothing was charged, the caller keeps its old hash. */
  | { kind: 'insufficient_credits'; hash: string; data: unknown; reason?: 'insufficient_credits' | 'daily_cap_exceeded' }
  | { kind: 'failed'; error: GatewayError };

export interface CheckOptions {
  signal?: AbortSignal;
  /**
   * The ledger reservation of this change's charge. Reservations are idempotent per id, so a
   * check repeated after a crash (same subscription, same change number) is charged once.
   * Default: a fresh id.
   */
  reservationId?: string;
  /**
   * Runs right before a change is charged; a throw stops the check there, uncharged (a check
   * that lost its lease must not charge: the holder after it will).
   */
  beforeCharge?: () => Promise<void>;
}

/** What one live look at a target found: the data and its content hash, or why it failed. */
export type LookResult = { ok: true; hash: string; data: unknown; empty: boolean } | { ok: false; error: GatewayError };

/**
 * One live look at an endpoint (never from the cache), through the same pipeline as every door,
 * and free: a subscriber pays for a change, and a paused subscription must still see whether
 * content moved. Upstream failures come back as `ok: false`, never thrown.
 */
export async function lookLive(
  deps: PipelineDeps,
  endpoint: EndpointDefinition,
  params: Record<string, unknown>,
  account: ApiKeyRecord,
  requestId: string,
  signal?: AbortSignal,
): Promise<LookResult> {
  // No cache_max_age: runEndpoint never serves a check from the cache. No raw: it is not content.
  const request: ValidatedRequest = { params, cacheMaxAgeSeconds: null, includeRaw: false };
  try {
    const outcome = await runEndpoint(deps, endpoint, request, { account, requestId, signal, charge: false });
    const data = outcome.payload.data;
    return { ok: true, hash: contentHash(data, endpoint.changes?.unhashedFields), data, empty: outcome.empty };
  } catch (error) {
    // Upstream failures are retried at the next interval, never taken for a change.
    return {
      ok: false,
      error: isGatewayError(error) ? error : new GatewayError('internal_error', 'The check could not run.', { cause: error }),
    };
  }
}

/**
 * What a look means to one subscriber whose last known content is `previousHash`: charges
 * CHANGE_COST only when the hash differs. Baseline, unchanged and failed looks are free. An empty
 * result (data null, items []) is content like any other: a change to or from it is a change.
 * Shared watches call it once per subscriber with the one look of their target.
 */
export async function judgeLook(
  deps: PipelineDeps,
  endpoint: EndpointDefinition,
  look: LookResult,
  account: ApiKeyRecord,
  previousHash: string | null,
  options: CheckOptions = {},
): Promise<CheckOutcome> {
  if (!look.ok) return { kind: 'failed', error: look.error };
  const { hash, data } = look;
  if (previousHash === null) return { kind: 'baseline', hash, data };
  if (hash === previousHash) return { kind: 'unchanged', hash };
  // The content went away (deleted post, emptied listing): worth telling, never worth charging: an empty result is never charged.
  if (look.empty) return { kind: 'changed', hash, previousHash, data, creditsCharged: 0 };

  const reservationId = options.reservationId ?? `subscription-check:${randomUUID()}`;
  await options.beforeCharge?.();
  const reserved = await deps.state.ledger.reserve(account.id, reservationId, CHANGE_COST, account.dailyCap, {
    endpoint: endpoint.path,
    requestId: reservationId,
  });
  if (!reserved.ok) return { kind: 'insufficient_credits', hash, data, reason: reserved.reason };
  await deps.state.ledger.commit(account.id, reservationId);
  return { kind: 'changed', hash, previousHash, data, creditsCharged: CHANGE_COST };
}

/**
 * One check of a subscription on its own: a live look (lookLive) judged against `previousHash`
 * (judgeLook). Explicit checks (checkNow) and watches without a shared registry use it.
 */
export async function checkForChange(
  deps: PipelineDeps,
  endpoint: EndpointDefinition,
  params: Record<string, unknown>,
  account: ApiKeyRecord,
  previousHash: string | null,
  options: CheckOptions = {},
): Promise<CheckOutcome> {
  const reservationId = options.reservationId ?? `subscription-check:${randomUUID()}`;
  const look = await lookLive(deps, endpoint, params, account, reservationId, options.signal);
  return judgeLook(deps, endpoint, look, account, previousHash, { ...options, reservationId });
}
