import type { AccountUsage } from '../state/ports.js';

/**
 * x-credits-* headers, and the IETF RateLimit / RateLimit-Policy fields
 * (draft-ietf-httpapi-ratelimit-headers) describing the daily cap when the key has one.
 */
export function billingHeaders(creditsCharged: number, usage: Pick<AccountUsage, 'balance' | 'dailyUsed' | 'dailyCap'>, now = new Date()): Record<string, string> {
  const headers: Record<string, string> = {
    'x-credits-charged': String(creditsCharged),
    'x-credits-remaining': String(usage.balance),
  };
  if (usage.dailyCap !== null) {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const reset = Math.ceil((midnight - now.getTime()) / 1000);
    headers['ratelimit-policy'] = `"daily";q=${usage.dailyCap};w=86400`;
    headers.ratelimit = `"daily";r=${Math.max(0, usage.dailyCap - usage.dailyUsed)};t=${reset}`;
  }
  return headers;
}
