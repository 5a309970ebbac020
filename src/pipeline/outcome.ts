import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { Pagination } from '../catalogue/results.js';

/** What the pipeline hands back to a door for one endpoint call. */
export interface EndpointOutcome {
  endpoint: EndpointDefinition;
  /** JSON of `{"data":…,"pagination":…}` (pagination only on list endpoints), as served and cached. */
  payloadJson: string;
  /** JSON of the raw upstream payload; only when include_raw was asked for. */
  rawJson: string | null;
  fetchedAt: string;
  cached: boolean;
  /** Age of a cached result in seconds; null on a live fetch. */
  ageSeconds: number | null;
  creditsCharged: number;
  empty: boolean;
  emptyReason: string | null;
}

export interface OutcomePayload {
  data: unknown;
  pagination?: Pagination;
}

/** Parses the payload once per outcome, for doors that need objects (GraphQL, jobs). */
export function outcomePayload(outcome: EndpointOutcome): OutcomePayload {
  return JSON.parse(outcome.payloadJson) as OutcomePayload;
}
