import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { validateRequest, type ValidatedRequest } from '../pipeline/params.js';

/** Distinct query strings remembered per process; bounded so unique queries cannot grow memory. */
const MAX_ENTRIES = 4096;

/**
 * Validation of a REST query is a pure function of the endpoint and the query string, and a
 * hot cache-hit path sees the same few strings over and over: the parsed, canonical request
 * is remembered (frozen, so no step can change it for the next caller). Failures are not
 * remembered; they throw the same 400 each time.
 */
export class ValidationMemo {
  readonly #entries = new Map<string, ValidatedRequest>();

  /** The request a URL (the endpoint's path and a query) was validated into before, if it was. */
  known(url: string): ValidatedRequest | undefined {
    return this.#entries.get(url);
  }

  validate(endpoint: EndpointDefinition, rawUrl: string | undefined, query: Record<string, unknown>): ValidatedRequest {
    const queryStart = rawUrl?.indexOf('?') ?? -1;
    if (rawUrl === undefined || queryStart < 0) return validateRequest(endpoint, query);
    const key = `${endpoint.path}${rawUrl.slice(queryStart)}`;
    const known = this.#entries.get(key);
    if (known) return known;
    const validated = validateRequest(endpoint, query);
    Object.freeze(validated.params);
    Object.freeze(validated);
    // Dropping everything when full is crude but O(1); a real working set refills at once.
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(key, validated);
    return validated;
  }
}
