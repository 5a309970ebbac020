import type { CallerNamedHosts } from '../../catalogue/caller-named-hosts.js';
import type { BudgetCeiling } from '../../config/upstream-budgets.js';

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
