import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { Pagination } from '../catalogue/results.js';

/** The normalised result of one endpoint call, as the envelope's `data` (and `pagination` on list endpoints). */
export interface OutcomePayload {
  data: unknown;
  pagination?: Pagination;
}

/**
 * What the pipeline hands back to a door for one endpoint call. Doors read the objects; the JSON
 * text is produced once, and only when something needs bytes (the REST envelope, the cache).
 * A cache hit holds the stored text and parses it only if a door asks for the objects.
 */
export interface EndpointOutcome {
  readonly endpoint: EndpointDefinition;
  readonly payload: OutcomePayload;
  /** JSON of `payload`, as served and cached. */
  readonly payloadJson: string;
  /** The raw upstream payload; null unless include_raw was asked for. */
  readonly raw: unknown;
  /** JSON of `raw`; null unless include_raw was asked for. */
  readonly rawJson: string | null;
  readonly fetchedAt: string;
  readonly cached: boolean;
  /** Age of a cached result in seconds; null on a live fetch. */
  readonly ageSeconds: number | null;
  readonly creditsCharged: number;
  readonly empty: boolean;
  readonly emptyReason: string | null;
  /** Parts of a partial result that could not be read (e.g. a price); empty when the result is whole. */
  readonly warnings: readonly string[];
}

type OutcomeFacts = Omit<EndpointOutcome, 'payload' | 'payloadJson' | 'raw' | 'rawJson'>;

/** A value held as an object, as text, or both; each form is made from the other at most once. */
function lazyPair<T>(value: { object: T } | { text: string }): { readonly object: T; readonly text: string } {
  let object = 'object' in value ? value.object : undefined;
  let text = 'text' in value ? value.text : undefined;
  return {
    get object() {
      return (object ??= JSON.parse(text!) as T);
    },
    get text() {
      return (text ??= JSON.stringify(object));
    },
  };
}

/**
 * An outcome from a payload held as objects (a live fetch) or as stored text (a cache hit).
 * `raw` is given only when the caller asked for it.
 */
export function makeOutcome(
  facts: OutcomeFacts,
  payload: { object: OutcomePayload } | { text: string },
  raw: { object: unknown } | { text: string } | null,
): EndpointOutcome {
  const payloadPair = lazyPair(payload);
  const rawPair = raw === null ? null : lazyPair(raw);
  return {
    ...facts,
    get payload() {
      return payloadPair.object;
    },
    get payloadJson() {
      return payloadPair.text;
    },
    get raw() {
      return rawPair === null ? null : rawPair.object;
    },
    get rawJson() {
      return rawPair === null ? null : rawPair.text;
    },
  };
}
