import type { Catalogue } from '../catalogue/catalogue.js';
import { GatewayError, isGatewayError } from '../errors.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';
import { isBudgetRefusal } from '../upstream/budget/guard.js';
import { MAX_RETRY_AFTER_SECONDS } from '../upstream/classify.js';
import { runEndpoint, type PipelineDeps } from '../pipeline/run-endpoint.js';
import { withChargeLookup } from '../pipeline/unconfirmed-charge.js';
import { errorBody, successBody, type ResolvedMeta } from '../render/envelope.js';
import type { JobStore } from './store.js';
import type { TargetResult, TargetTask } from './types.js';

export interface TargetWorkerDeps {
  pipeline: PipelineDeps;
  store: JobStore;
  catalogue: Catalogue;
  /** Upstream failures retried inside one task (after Retry-After or a back-off) before the target fails. */
  maxRetries?: number;
  /** First back-off step in ms when the platform gave no Retry-After (doubles each time). */
  backoffMs?: number;
  /** Longest wait honoured from a Retry-After header, in seconds. */
  maxRetryAfterSeconds?: number;
  /**
   * Waits for a host's budget to reset (a refusal that sent no request) before the target fails.
   * They do not count among `maxRetries`, and each lasts until the reset the refusal names.
   */
  maxBudgetWaits?: number;
  /** Upstream deadline of a job's fetch (JOB_UPSTREAM_TIMEOUT_MS): no synchronous ceiling applies inside a job. */
  upstreamTimeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

/** Upstream failures that may pass with time; anything else fails the target at once. */
const RETRIED_CODES = new Set(['upstream_rate_limited', 'upstream_timeout', 'upstream_blocked']);
/** The store or our own code failed: the queue runs the whole task again later. */
const INFRASTRUCTURE_CODES = new Set(['service_unavailable', 'internal_error']);

/** The reservation of a target's attempt: the first is `job:{jobId}:{index}`, later ones add the attempt. */
export const reservationIdFor = (task: TargetTask, attempt: number): string =>
  `job:${task.jobId}:${task.index}${attempt === 0 ? '' : `:${attempt}`}`;

/** The request id a target's usage entries carry: GET /v1/account?request_id= finds its charge by it. */
const requestIdFor = (task: TargetTask): string => `job:${task.jobId}:${task.index}`;

/**
 * Runs one target of a job through the same pipeline as REST, billed at most once:
 * - a target with a stored result is never run again (a charged one only gets its commit
 *   repeated, which the ledger ignores when it already happened);
 * - the reservation id is fixed per attempt, so a worker that died after reserving or
 *   committing reuses the same reservation and is not charged twice;
 * - a paid result is stored before its charge is committed (beforeCommit).
 * The attempt number only moves on after a failure whose credits were released.
 */
export async function processTarget(deps: TargetWorkerDeps, task: TargetTask): Promise<void> {
  const { store } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  const job = await store.get(task.jobId);
  if (!job || job.status === 'canceled') return;
  const stored = await store.result(task.jobId, task.index);
  if (stored) {
    // A commit the ledger could not confirm is sent again; a refusal again names where to look.
    if (stored.reservationId !== null)
      await deps.pipeline.state.ledger.commit(job.accountId, stored.reservationId).catch((error: unknown) => {
        throw withChargeLookup(error, requestIdFor(task));
      });
    return;
  }
  const spec = await store.target(task.jobId, task.index);
  const record = (result: TargetResult) => store.record(task.jobId, task.index, result, now());
  if (spec?.refusal) {
    const { code, message, details } = spec.refusal;
    return void (await record(failed(new GatewayError(code, message, { details }))));
  }
  // A target of /v1/resolve runs on the endpoint its URL resolved to.
  const endpoint = deps.catalogue.byPath.get(spec?.endpoint ?? job.endpoint);
  const account = await deps.pipeline.state.keys.get(job.accountId);
  if (!spec || !endpoint)
    return void (await record(failed(new GatewayError('internal_error', 'The job names an endpoint this gateway no longer serves.'))));
  if (!account || account.status === 'revoked')
    return void (await record(failed(new GatewayError('revoked_api_key', 'The API key that created this job has been revoked.'))));
  await store.markRunning(task.jobId, now());
  const resolved = spec.endpoint === undefined ? undefined : { endpoint: spec.endpoint, params: spec.request.params };

  let attempt = await store.attempt(task.jobId, task.index);
  let retries = 0;
  let budgetWaits = 0;
  for (;;) {
    const reservationId = reservationIdFor(task, attempt);
    try {
      const outcome = await runEndpoint(deps.pipeline, endpoint, spec.request, {
        account,
        requestId: requestIdFor(task),
        reservationId,
        upstreamTimeoutMs: deps.upstreamTimeoutMs,
        beforeCommit: async (paid) => void (await record(succeeded(paid, reservationId, resolved))),
      });
      // A paid result was recorded before its commit; recording again is a no-op.
      await record(succeeded(outcome, outcome.creditsCharged > 0 ? reservationId : null, resolved));
      return;
    } catch (error) {
      if (!isGatewayError(error) || INFRASTRUCTURE_CODES.has(error.code)) throw error;
      // A spent host was not called at all: the target waits for its reset instead of using up its retries.
      const budgetWait = isBudgetRefusal(error) && budgetWaits < (deps.maxBudgetWaits ?? 5);
      if (!budgetWait && (!RETRIED_CODES.has(error.code) || retries >= (deps.maxRetries ?? 3)))
        return void (await record(failed(error, resolved)));
      // runEndpoint released this attempt's reservation; the next one needs its own id.
      attempt = await store.nextAttempt(task.jobId, task.index);
      await (deps.sleep ?? delay)(
        budgetWait ? Math.min(error.retryAfter ?? 1, MAX_RETRY_AFTER_SECONDS) * 1000 : waitMs(deps, error, retries),
      );
      if (budgetWait) budgetWaits += 1;
      else retries += 1;
    }
  }
}

/** Retry-After when the platform sent one (capped), else exponential back-off. */
function waitMs(deps: TargetWorkerDeps, error: GatewayError, retries: number): number {
  if (error.retryAfter !== undefined) return Math.min(error.retryAfter, deps.maxRetryAfterSeconds ?? 60) * 1000;
  return (deps.backoffMs ?? 1000) * 2 ** retries;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function succeeded(outcome: EndpointOutcome, reservationId: string | null, resolved: ResolvedMeta | undefined): TargetResult {
  return { status: 'succeeded', creditsCharged: outcome.creditsCharged, reservationId, envelope: successBody(outcome, resolved) };
}

function failed(error: GatewayError, resolved?: ResolvedMeta): TargetResult {
  return { status: 'failed', creditsCharged: 0, reservationId: null, envelope: errorBody(error, resolved) };
}
