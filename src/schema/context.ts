import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { JobService } from '../jobs/service.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';
import type { ValidatedRequest } from '../pipeline/params.js';
import type { ApiKeyRecord } from '../state/ports.js';

/** Per-request billing, summed over every live fetch and cache hit the query made. */
export interface BillingTotals {
  creditsCharged: number;
  liveFetches: number;
  cacheHits: number;
}

/** The GraphQL context: built once per HTTP request after authentication. */
export interface GraphQLContext {
  account: ApiKeyRecord;
  requestId: string;
  billing: BillingTotals;
  /**
   * Runs one endpoint through the pipeline for this caller, adds it to `billing`, and
   * throws a GraphQLError carrying the spec's code on failure.
   */
  run(endpoint: EndpointDefinition, request: ValidatedRequest): Promise<EndpointOutcome>;
  /** Jobs and batches (createJob, createBatch, job, jobProgress); absent on a server without them. */
  jobs?: JobService;
}
