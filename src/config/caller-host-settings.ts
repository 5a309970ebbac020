import { z } from 'zod';
import { parseCallerHost } from '../outbound/caller-host.js';
import { parseCeiling } from './upstream-budgets.js';
import type { CallerNamedHosts } from '../catalogue/caller-named-hosts.js';

/** Most hosts an allowlist may name: it is read into memory and listed in refusals. */
const MAX_ALLOWLIST_HOSTS = 1000;

/**
 * An allowlist setting: a comma list of host names (`social.example.org,town.example.net`), read by the
 * caller-host rules (lower-cased, IDN as punycode); unset or empty: no allowlist (undefined). A
 * bad entry stops start-up naming it.
 */
export const hostAllowlistSetting = z
  .string()
  .optional()
  .transform((value, ctx): ReadonlySet<string> | undefined => {
    if (!value?.trim()) return undefined;
    const entries = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (entries.length > MAX_ALLOWLIST_HOSTS) {
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_ALLOWLIST_HOSTS} hosts` });
      return z.NEVER;
    }
    const hosts = new Set<string>();
    for (const entry of entries) {
      const parsed = parseCallerHost(entry);
      if (!parsed.ok || parsed.url !== null) {
        const why = parsed.ok ? 'must be a bare host name' : parsed.message;
        ctx.addIssue({ code: 'custom', message: `entry "${entry.slice(0, 80)}" ${why}` });
        return z.NEVER;
      }
      hosts.add(parsed.host);
    }
    return hosts;
  });

/** A per-host ceiling setting, `N/window` (window in s, m or h), with its default when unset. */
export const hostBudgetSetting = (fallback: string | undefined) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() || fallback;
      if (text === undefined) return undefined;
      const ceiling = parseCeiling(text);
      if (!ceiling) {
        ctx.addIssue({ code: 'custom', message: `"${text.slice(0, 40)}" is not requests/window (e.g. 60/60s, 15m or 1h windows)` });
        return z.NEVER;
      }
      return ceiling;
    });

/**
 * The settings a family's `callerNamedHosts` names, as schemas for the gateway's configuration
 * (which adds them to the family's own `settings`), so a family declares each only once.
 */
export function callerHostSettings(declaration: CallerNamedHosts | undefined): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  if (declaration?.allowlistEnv) shape[declaration.allowlistEnv] = hostAllowlistSetting;
  if (declaration?.hostBudgetEnv) shape[declaration.hostBudgetEnv] = hostBudgetSetting(declaration.hostBudgetDefault);
  return shape;
}
