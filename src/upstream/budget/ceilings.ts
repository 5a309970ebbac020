import { z } from 'zod';
import type { BudgetCeiling } from './guard.js';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
const ENTRY = /^([a-z0-9.-]+)=(\d{1,9}\/\d{1,6}[smh])$/;
const CEILING = /^(\d{1,9})\/(\d{1,6})(s|m|h)$/;

/** `requests/window` (`120/60s`, `1000/1h`) as a ceiling, or null when it is not one (at least 1 request per at least a second). */
export function parseCeiling(text: string): BudgetCeiling | null {
  const match = CEILING.exec(text.trim().toLowerCase());
  if (!match) return null;
  const limit = Number(match[1]);
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS];
  return limit >= 1 && windowMs >= 1000 ? { limit, windowMs } : null;
}

/**
 * UPSTREAM_BUDGETS: the operator's ceiling for hosts that announce no budget of their own,
 * `host=requests/window` comma-separated, the window in s, m or h:
 * `www.example.com=120/60s,api.example.org=1000/1h`. Enforced per host and egress across every
 * process. A bad entry stops start-up naming it.
 */
export const upstreamBudgetsSchema = z
  .string()
  .optional()
  .transform((value, ctx): Map<string, BudgetCeiling> => {
    const ceilings = new Map<string, BudgetCeiling>();
    if (!value?.trim()) return ceilings;
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const match = ENTRY.exec(entry.toLowerCase());
      const ceiling = match ? parseCeiling(match[2]!) : null;
      if (!match || !ceiling) {
        ctx.addIssue({
          code: 'custom',
          message: `entry "${entry}" is not host=requests/window (a whole number of requests, at least 1, per a window like 60s, 15m or 1h)`,
        });
        return z.NEVER;
      }
      if (ceilings.has(match[1]!)) {
        ctx.addIssue({ code: 'custom', message: `host ${match[1]} is given twice` });
        return z.NEVER;
      }
      ceilings.set(match[1]!, ceiling);
    }
    return ceilings;
  });
