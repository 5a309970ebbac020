import { z } from 'zod';

/** An operator's ceiling for a host that announces no budget (UPSTREAM_BUDGETS). */
export interface BudgetCeiling {
  limit: number;
  windowMs: number;
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
const ENTRY = /^([a-z0-9.-]+)=(\d{1,9})\/(\d{1,6})(s|m|h)$/;

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
      const limit = Number(match?.[2]);
      const windowMs = Number(match?.[3]) * UNIT_MS[(match?.[4] ?? 's') as keyof typeof UNIT_MS];
      if (!match || limit < 1 || windowMs < 1000) {
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
      ceilings.set(match[1]!, { limit, windowMs });
    }
    return ceilings;
  });
