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
  /**
   * An object that lives as long as this payload's text does: the cache entry a hit was read
   * from (shared by every hit on it), the outcome itself otherwise. Renderers key memos on it.
   */
  readonly payloadIdentity: object;
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

type OutcomeFacts = Omit<EndpointOutcome, 'payload' | 'payloadJson' | 'payloadIdentity' | 'raw' | 'rawJson'>;

/** A value held as an object, as text, or both; each form is made from the other at most once. */
class LazyPair<T> {
  #object: T | undefined;
  #text: string | undefined;

  constructor(value: { object: T } | { text: string }) {
    if ('object' in value) this.#object = value.object;
    else this.#text = value.text;
  }

  get object(): T {
    return (this.#object ??= JSON.parse(this.#text!) as T);
  }

  get text(): string {
    return (this.#text ??= JSON.stringify(this.#object));
  }
}

/**
 * An outcome from a payload held as objects (a live fetch) or as stored text (a cache hit).
 * `raw` is given only when the caller asked for it; `identity` is the cache entry of a hit.
 * A class, so the lazy forms are prototype getters: one made per request costs no closures.
 */
class LazyOutcome implements EndpointOutcome {
  readonly endpoint: EndpointDefinition;
  readonly fetchedAt: string;
  readonly cached: boolean;
  readonly ageSeconds: number | null;
  readonly creditsCharged: number;
  readonly empty: boolean;
  readonly emptyReason: string | null;
  readonly warnings: readonly string[];
  readonly #payload: LazyPair<OutcomePayload>;
  readonly #raw: LazyPair<unknown> | null;
  readonly payloadIdentity: object;

  constructor(
    facts: OutcomeFacts,
    payload: { object: OutcomePayload } | { text: string },
    raw: { object: unknown } | { text: string } | null,
    identity: object | undefined,
  ) {
    this.endpoint = facts.endpoint;
    this.fetchedAt = facts.fetchedAt;
    this.cached = facts.cached;
    this.ageSeconds = facts.ageSeconds;
    this.creditsCharged = facts.creditsCharged;
    this.empty = facts.empty;
    this.emptyReason = facts.emptyReason;
    this.warnings = facts.warnings;
    this.#payload = new LazyPair(payload);
    this.#raw = raw === null ? null : new LazyPair(raw);
    this.payloadIdentity = identity ?? this;
  }

  get payload(): OutcomePayload {
    return this.#payload.object;
  }

  get payloadJson(): string {
    return this.#payload.text;
  }

  get raw(): unknown {
    return this.#raw === null ? null : this.#raw.object;
  }

  get rawJson(): string | null {
    return this.#raw === null ? null : this.#raw.text;
  }
}

export function makeOutcome(
  facts: OutcomeFacts,
  payload: { object: OutcomePayload } | { text: string },
  raw: { object: unknown } | { text: string } | null,
  identity?: object,
): EndpointOutcome {
  return new LazyOutcome(facts, payload, raw, identity);
}
