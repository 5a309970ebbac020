/**
 * A family that fetches hosts it cannot list in advance: hosts its callers name (a store, an
 * instance) or its platform names (a podcast's feed). Every such host (any host not in the
 * family's `hosts`) is fetched through the caller-host gate: its shape checked, the operator's
 * allowlist applied, every address of the name public and the socket connected to a checked
 * one, redirects followed by hand and each hop checked the same way. Budgets and ceilings are
 * kept per host, like a declared host's.
 */
export interface CallerNamedHosts {
  /**
   * The setting holding the operator's allowlist (`<NAME>_INSTANCES`-style: a comma list of hosts;
   * a bad entry stops start-up). When set, any other host is refused before a request: 400
   * `invalid_request` naming the request's `hostParam` (502 `upstream_blocked` without one).
   * Unset: any public host.
   */
  allowlistEnv?: string;
  /** The `details` field listing the allowed hosts in that refusal (default `allowedHosts`), e.g. `allowedInstances`. */
  allowlistDetail?: string;
  /**
   * The setting bounding calls per host (`N/window`, window in s, m or h, e.g. `60/60s`), counted
   * across processes, the window starting at a host's first request. Beyond it: 429
   * `upstream_rate_limited` without a request. An `UPSTREAM_BUDGETS` entry for the host wins.
   */
  hostBudgetEnv?: string;
  /** The value of `hostBudgetEnv` when it is unset; without it, an unset setting bounds nothing. */
  hostBudgetDefault?: string;
  /** Redirect hops followed from such a host, each checked like the first request (default 5). */
  maxRedirects?: number;
  /** Plain http accepted (a feed may be served over it); default https only. */
  allowHttp?: boolean;
  /** Any port accepted; default the scheme's own only. */
  anyPort?: boolean;
}
