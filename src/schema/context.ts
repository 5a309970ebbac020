import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { UrlReading } from '../catalogue/url-forms.js';
import type { JobService } from '../jobs/service.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';
import type { ValidatedRequest } from '../pipeline/params.js';
import type { ResolvedUrl } from '../pipeline/resolve-url.js';
import type { PubSubEventTarget } from '../state/pubsub-event-target.js';
import type { ApiKeyRecord } from '../state/ports.js';
import type { WatchStreams } from '../subscriptions/watch-stream.js';

/** Per-request billing, summed over every live fetch and cache hit the query made. */
export interface BillingTotals {
  creditsCharged: number;
  liveFetches: number;
  cacheHits: number;
}

/**
 * What `subscriptionEvents(id)` needs of the change-subscription service: the record when
 * `id` belongs to the account, null otherwise (unknown, removed, or another key's).
 */
export interface SubscriptionLookup {
  get(accountId: string, id: string): Promise<unknown>;
}

/** The GraphQL context: built once per operation after authentication, and afresh for each subscription event. */
export interface GraphQLContext {
  account: ApiKeyRecord;
  requestId: string;
  billing: BillingTotals;
  /**
   * Runs one endpoint through the pipeline for this caller, adds it to `billing`, and
   * throws a GraphQLError carrying the spec's code on failure.
   */
  run(endpoint: EndpointDefinition, request: ValidatedRequest): Promise<EndpointOutcome>;
  /**
   * The parts that must not outlive one result: billing, the per-request memo of endpoint
   * calls and upstream answers, and (through a new context object) the DataLoaders. A
   * subscription executes each event with `{ ...context, ...context.forEvent() }`.
   */
  forEvent(): Pick<GraphQLContext, 'billing' | 'run' | 'forEvent'>;
  /**
   * Reads a page URL into the endpoint that serves it, through this gateway's URL forms (those
   * whose hosts a setting lists included: the schema is built once per process, its settings are
   * the gateway's); throws the refusal. `reading: 'node'` reads a page that shows a list as the
   * one resource it is about (a community page as the community).
   */
  resolveUrl(url: unknown, options?: Record<string, unknown>, reading?: UrlReading): ResolvedUrl;
  /** Watch streams (`watch*` fields): the first result, then each change, billed to this caller. */
  watches: WatchStreams;
  /** Topic events from every gateway process (Redis pub/sub, or in-process without Redis). */
  events: PubSubEventTarget;
  /** Jobs and batches (createJob, createBatch, job, jobProgress); absent on a server without them. */
  jobs?: JobService;
  /** Change subscriptions (subscriptionEvents); absent on a server without them. */
  subscriptions?: SubscriptionLookup;
  /** The shortest interval a watch field may ask for (SUBSCRIPTION_MIN_INTERVAL_SECONDS). */
  watchMinIntervalSeconds: number;
}

declare module '../catalogue/edge.js' {
  /** An edge's load receives the GraphQL context: the kit's loaders run their endpoints through it. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the catalogue's contract, filled in here
  interface EdgeLoadContext extends GraphQLContext {}
}
