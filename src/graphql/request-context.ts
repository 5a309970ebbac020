import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { JobService } from '../jobs/service.js';
import { cacheKey } from '../pipeline/cache-key.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';
import type { ValidatedRequest } from '../pipeline/params.js';
import { resolveUrl } from '../pipeline/resolve-url.js';
import { runEndpoint, type CallContext, type PipelineDeps } from '../pipeline/run-endpoint.js';
import type { PubSubEventTarget } from '../state/pubsub-event-target.js';
import type { ApiKeyRecord } from '../state/ports.js';
import type { WatchHub } from '../subscriptions/watch-hub.js';
import { PollingWatchStreams, type WatchStreams } from '../subscriptions/watch-stream.js';
import type { BillingTotals, GraphQLContext, SubscriptionLookup } from '../schema/context.js';
import { toGraphQLError } from '../schema/errors.js';

/** The contract's default SUBSCRIPTION_MIN_INTERVAL_SECONDS. */
const DEFAULT_MIN_INTERVAL_SECONDS = 60;

/** Services the GraphQL doors reach besides the pipeline. */
export interface GraphQLExtras {
  jobs?: JobService;
  subscriptions?: SubscriptionLookup;
  /** Shared watches: `watch*` streams follow their target's polls (without them, each stream polls on its own). */
  watches?: WatchHub;
  /** SUBSCRIPTION_MIN_INTERVAL_SECONDS: the shortest interval of a watch field (default 60). */
  watchMinIntervalSeconds?: number;
}

export interface CallerRequest {
  account: ApiKeyRecord;
  requestId: string;
  /** Aborts upstream work when the caller goes away (an HTTP request's signal). */
  signal?: AbortSignal;
  /** Told each charge, for a publishable key's own daily cap. */
  onCharged?: (credits: number) => void;
  /** The request's Cache-Control max-age: the cacheMaxAge of every call that gives none (root fields, node, edges). */
  cacheMaxAgeDefault?: number | null;
}

/**
 * Builds the GraphQL context for both doors (Yoga on /graphql, graphql-sse on
 * /graphql/stream), so the caller, billing and the per-request memo are the same.
 */
export class GraphQLContextFactory {
  readonly #deps: PipelineDeps;
  readonly #events: PubSubEventTarget;
  readonly #extras: GraphQLExtras;
  readonly #watches: WatchStreams;

  constructor(deps: PipelineDeps, events: PubSubEventTarget, extras: GraphQLExtras = {}) {
    this.#deps = deps;
    this.#events = events;
    this.#extras = extras;
    this.#watches = new PollingWatchStreams(deps, extras.watches ?? null);
  }

  create(caller: CallerRequest): GraphQLContext {
    return {
      account: caller.account,
      requestId: caller.requestId,
      events: this.#events,
      watches: this.#watches,
      jobs: this.#extras.jobs,
      subscriptions: this.#extras.subscriptions,
      watchMinIntervalSeconds: this.#extras.watchMinIntervalSeconds ?? DEFAULT_MIN_INTERVAL_SECONDS,
      resolveUrl: (url, options, reading) => resolveUrl(this.#deps.catalogue, url, options, 'url', reading),
      ...this.#billedRun(caller),
    };
  }

  #billedRun(caller: CallerRequest): Pick<GraphQLContext, 'billing' | 'run' | 'forEvent'> {
    const billing: BillingTotals = { creditsCharged: 0, liveFetches: 0, cacheHits: 0 };
    // Within one result, the same endpoint and parameters run once, whichever field asks. Made on
    // the first call: a subscription stream's own context (ten thousand may be open) never runs one.
    let inFlight: Map<string, Promise<EndpointOutcome>> | undefined;
    let call: CallContext | undefined;
    const run = (endpoint: EndpointDefinition, validated: ValidatedRequest): Promise<EndpointOutcome> => {
      inFlight ??= new Map();
      call ??= {
        account: caller.account,
        requestId: caller.requestId,
        signal: caller.signal,
        upstreamMemo: new Map(),
        cacheMaxAgeDefault: caller.cacheMaxAgeDefault,
      };
      const key = `${cacheKey(endpoint.path, validated.params)}|${validated.cacheMaxAgeSeconds}|${validated.includeRaw}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = runEndpoint(this.#deps, endpoint, validated, call).then(
          (outcome) => {
            billing.creditsCharged += outcome.creditsCharged;
            if (outcome.creditsCharged > 0) caller.onCharged?.(outcome.creditsCharged);
            if (outcome.cached) billing.cacheHits += 1;
            else billing.liveFetches += 1;
            return outcome;
          },
          (error: unknown) => {
            throw toGraphQLError(error);
          },
        );
        inFlight.set(key, pending);
      }
      return pending;
    };
    return { billing, run, forEvent: () => this.#billedRun(caller) };
  }
}
