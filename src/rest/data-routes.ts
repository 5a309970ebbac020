import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { ValidatedRequest } from '../pipeline/params.js';
import { runEndpoint, startCacheRead, type CallContext, type PipelineDeps } from '../pipeline/run-endpoint.js';
import { successBytes } from '../render/envelope.js';
import { accountIdForKey } from '../state/key-hash.js';
import type { AccountUsage, ApiKeyRecord } from '../state/ports.js';
import { billingHeaders } from './billing-headers.js';
import { authenticateRest } from './door.js';
import { ValidationMemo } from './validation-memo.js';

/** One GET route per catalogue endpoint. */
export function registerDataRoutes(app: FastifyInstance, catalogue: Catalogue, deps: PipelineDeps): void {
  const memo = new ValidationMemo();
  for (const endpoint of catalogue.endpoints) {
    app.get(endpoint.path, async (request, reply) => {
      const presented = request.headers['x-api-key'];
      const validation = validateOrError(memo, endpoint, request.raw.url, request.query as Record<string, unknown>);
      const early =
        'validated' in validation
          ? startHitReads(deps, endpoint, validation.validated, presented, request.admittedAccount?.id, request.earlyUsage)
          : null;
      const account = await authenticateRest(deps.state.keys, request);
      if ('error' in validation) throw validation.error;
      const { validated } = validation;
      let signal: AbortSignal | undefined;
      // Lazy: only a live fetch reads the signal, so a cache hit never pays for a controller and a listener.
      const call: CallContext = {
        account,
        requestId: request.id,
        cachedEntry: early?.entry,
        get signal() {
          return (signal ??= abortOnDisconnect(reply));
        },
      };
      const outcome = await runEndpoint(deps, endpoint, validated, call);
      // A live result moved the balance: read it after the charge was settled.
      const earlyUsage = outcome.cached && early ? await early.usage : null;
      const usage =
        earlyUsage && earlyUsage.accountId === account.id
          ? { ...earlyUsage.usage, dailyCap: account.dailyCap }
          : await readUsage(deps, account);
      return reply
        .code(200)
        .headers(billingHeaders(outcome.creditsCharged, usage))
        .type('application/json; charset=utf-8')
        .send(successBytes(outcome));
    });
  }
}

/** Validation runs before authentication but reports after it: a request with no key is 401 even when its query is bad. */
function validateOrError(
  memo: ValidationMemo,
  endpoint: EndpointDefinition,
  rawUrl: string | undefined,
  query: Record<string, unknown>,
): { validated: ValidatedRequest } | { error: unknown } {
  try {
    return { validated: memo.validate(endpoint, rawUrl, query) };
  } catch (error) {
    return { error };
  }
}

/**
 * When a cache hit is possible, the cache entry and the caller's balance are read at the same
 * time as the key is looked up: on Redis the three commands leave in one round trip instead of
 * two. Both are only used once the key proved valid (results are public, and the balance read
 * is keyed by the id the key's hash gives, checked against the account the lookup returns).
 * A hit charges nothing, so a balance read beside the cache read is as true as one after it.
 * The rate-limit hook may have read the balance already, beside the key lookup.
 */
function startHitReads(
  deps: PipelineDeps,
  endpoint: EndpointDefinition,
  validated: ValidatedRequest,
  presented: string | string[] | undefined,
  knownAccountId: string | undefined,
  usageReadAlready: Promise<{ accountId: string; usage: AccountUsage } | null> | null | undefined,
) {
  const key = Array.isArray(presented) ? presented[0] : presented;
  if (key === undefined) return null;
  const entry = startCacheRead(deps, endpoint, validated);
  if (entry === null) return null;
  if (usageReadAlready) return { entry, usage: usageReadAlready };
  // The rate-limit hook has usually found the account already: no second hash of the key.
  const accountId = knownAccountId ?? accountIdForKey(key.trim());
  const usage = deps.state.ledger.usage(accountId, null).then(
    (read) => ({ accountId, usage: read }),
    () => null,
  );
  return { entry, usage };
}

/** The result is settled before the balance is read: a failed reading must not turn it into an error. */
function readUsage(deps: PipelineDeps, account: ApiKeyRecord): Promise<AccountUsage | null> {
  return deps.state.ledger.usage(account.id, account.dailyCap).catch(() => null);
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
