/** What a family's fetch code sees of the network: one method, already classified. */

export interface UpstreamRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * Non-2xx statuses the caller interprets itself (e.g. 403 and 404 bodies that say
   * "private" or "not found"). Every other non-2xx status is classified by the
   * upstream layer and thrown as a GatewayError.
   */
  passStatuses?: readonly number[];
  /** Aborts the request (the caller went away); the pipeline sets it, families need not. */
  signal?: AbortSignal;
  /**
   * How long this request may take, when the caller's door has its own deadline (jobs wait
   * longer than a synchronous request); the pipeline sets it, families need not. Requests that
   * share one in-flight fetch share the first one's deadline.
   */
  timeoutMs?: number;
  /**
   * Reads a successful JSON answer as a stream instead of as text (an answer too large to hold
   * whole), returning the text the response carries as its body: what the reader kept of it.
   */
  bodyReader?: BodyReader;
  /**
   * The caller's parameter the URL's host came from (`domain`, `instance`), for a family that
   * fetches hosts its callers name: a host the outbound policy or the allowlist refuses is then
   * 400 `invalid_request` naming it, nothing fetched, instead of 502 `upstream_blocked`.
   */
  hostParam?: string;
  /**
   * A GET whose 2xx answer may be reused (a side document such as a store's name and currency):
   * an answer at most `maxAgeMs` old from the gateway's shared result cache (every process,
   * bounded and expiring like results) is served without a request, and one fetched live is
   * kept there. `maxAgeMs: 0` always fetches, and keeps the answer for the next caller.
   */
  reuse?: { maxAgeMs: number };
}

/**
 * A way of reading a large 2xx body piece by piece: a JSON one, or with `anyType` any 2xx answer
 * (an XML feed); the other answers are read as text.
 */
export interface BodyReader {
  /** Names the reading: requests of one URL read differently never share one fetch. */
  id: string;
  /** The most bytes read; a larger answer is upstream_schema_drift naming the cap. */
  maxBytes: number;
  /** Streams every 2xx answer, whatever its content type (a feed is XML, often served as text/html or octet-stream). */
  anyType?: boolean;
  read(chunks: AsyncIterable<Buffer>): Promise<string>;
}

export interface UpstreamResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
  /** Final URL after redirects (always on a declared host of the family). */
  url: string;
}

export interface Upstream {
  /**
   * Fetches a URL on one of the family's declared hosts. Throws GatewayError with
   * upstream_blocked, upstream_rate_limited, upstream_timeout or invalid_request (for an
   * undeclared host) instead of returning a block page, a 429 or a time-out.
   */
  fetch(request: UpstreamRequest): Promise<UpstreamResponse>;
}
