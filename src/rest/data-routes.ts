import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { admittedCaller, type Caller } from '../admission/index.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { ValidatedRequest } from '../pipeline/params.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';
import { runEndpoint, type CallContext, type PipelineDeps } from '../pipeline/run-endpoint.js';
import { successBody, successBytes, type ResolvedMeta } from '../render/envelope.js';
import type { AccountUsage, ApiKeyRecord } from '../state/ports.js';
import { billingHeaders } from './billing-headers.js';
import type { ValidationMemo } from './validation-memo.js';

/** One GET route per catalogue endpoint. */
export function registerDataRoutes(app: FastifyInstance, catalogue: Catalogue, deps: PipelineDeps, memo: ValidationMemo): void {
  for (const endpoint of catalogue.endpoints) {
    app.get(endpoint.path, async (request, reply) =>
      answerEndpoint(deps, request, reply, endpoint, memo.validate(endpoint, request.raw.url, request.query as Record<string, unknown>)),
    );
  }
}

/**
 * Runs one validated call for the admitted caller and sends the envelope with the balance
 * headers. `resolved` is the endpoint and parameters a URL was read into (GET /v1/resolve).
 */
export async function answerEndpoint(
  deps: PipelineDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: EndpointDefinition,
  validated: ValidatedRequest,
  resolved?: ResolvedMeta,
): Promise<FastifyReply> {
  const caller = admittedCaller(request);
  const outcome = await runEndpoint(deps, endpoint, validated, new RestCall(caller, request.id, reply));
  return reply
    .code(200)
    .headers(billingHeaders(outcome.creditsCharged, await usageForAnswer(deps, caller, outcome)))
    .type(JSON_TYPE)
    .send(resolved === undefined ? successBytes(outcome) : successBody(outcome, resolved));
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The balance an answer states. A hit charged nothing: the balance read at admission is still
 * true. A live result moved it: it is read after the charge. The result is settled by then, so
 * a failed reading gives null (the answer states only the charge), never an error.
 */
export async function usageForAnswer(deps: PipelineDeps, caller: Caller, outcome: EndpointOutcome): Promise<AccountUsage | null> {
  const early = outcome.cached ? await caller.earlyBalance : null;
  return early ?? deps.state.ledger.usage(caller.account.id, caller.account.dailyCap).catch(() => null);
}

/**
 * The call of one REST request. Its abort signal is made lazily: only a live fetch reads it, so
 * a cache hit never pays for a controller and a listener. A class, so the getter is on the
 * prototype: an object literal with a getter is a dictionary-mode object V8 builds in its
 * runtime, and such objects (with the reply and request they reach) outlived every young-
 * generation collection until a full one, which made each scavenge copy and promote whole
 * requests (bench/profile-hit.ts with --trace-gc-nvp: 1.8 MB promoted per scavenge, then 30 KB).
 */
class RestCall implements CallContext {
  readonly account: ApiKeyRecord;
  readonly requestId: string;
  readonly cacheMaxAgeDefault: number | null;
  readonly #reply: FastifyReply;
  #signal: AbortSignal | undefined;

  constructor(caller: Caller, requestId: string, reply: FastifyReply) {
    this.account = caller.account;
    this.requestId = requestId;
    this.cacheMaxAgeDefault = caller.cacheMaxAgeDefault;
    this.#reply = reply;
  }

  get signal(): AbortSignal {
    return (this.#signal ??= abortOnDisconnect(this.#reply));
  }
}

/** Aborts upstream work when the caller disconnects before the answer is sent. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  // Asked for late (lazily): the caller may already have gone.
  if (reply.raw.destroyed && !reply.raw.writableFinished) controller.abort();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
