import type { BudgetCeiling } from '../budget/guard.js';

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

export const DEFAULT_MAX_REDIRECTS = 5;

/** What the gate applies, read from the family's declaration and its settings. */
export interface CallerHostPolicy {
  family: string;
  /** Hosts the family declares: fetched as usual, never through the gate. */
  declaredHosts: ReadonlySet<string>;
  /** Null when any public host may be fetched. */
  allowlist: ReadonlySet<string> | null;
  allowlistDetail: string;
  /** Null when calls per host are not bounded beyond UPSTREAM_BUDGETS. */
  hostCeiling: BudgetCeiling | null;
  maxRedirects: number;
  allowHttp: boolean;
  anyPort: boolean;
}

/**
 * The policy of a family from its declaration and its parsed settings (`config.settings`, where
 * the gateway's configuration put the values of the settings `callerHostSettings` declared).
 */
export function callerHostPolicy(
  family: { name: string; hosts: readonly string[]; callerNamedHosts: CallerNamedHosts },
  settings: Readonly<Record<string, unknown>>,
): CallerHostPolicy {
  const declaration = family.callerNamedHosts;
  const allowlist = declaration.allowlistEnv ? settings[declaration.allowlistEnv] : undefined;
  const ceiling = declaration.hostBudgetEnv ? settings[declaration.hostBudgetEnv] : undefined;
  return {
    family: family.name,
    declaredHosts: new Set(family.hosts.map((host) => host.toLowerCase())),
    allowlist: allowlist instanceof Set ? (allowlist as ReadonlySet<string>) : null,
    allowlistDetail: declaration.allowlistDetail ?? 'allowedHosts',
    hostCeiling: isCeiling(ceiling) ? ceiling : null,
    maxRedirects: declaration.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    allowHttp: declaration.allowHttp === true,
    anyPort: declaration.anyPort === true,
  };
}

const isCeiling = (value: unknown): value is BudgetCeiling =>
  typeof value === 'object' && value !== null && 'limit' in value && 'windowMs' in value;
