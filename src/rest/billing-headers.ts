import { secondsToNextUtcDay } from '../state/utc-day.js';
import type { AccountUsage } from '../state/ports.js';

/**
 * x-credits-* headers, and the IETF RateLimit / RateLimit-Policy fields
 * (draft-ietf-httpapi-ratelimit-headers) describing the daily cap when the key has one.
 */
export function billingHeaders(
  creditsCharged: number,
  usage: Pick<AccountUsage, 'balance' | 'dailyUsed' | 'dailyCap'> | null,
  now = new Date(),
): Record<string, string> {
  const headers: Record<string, string> = { 'x-credits-charged': String(creditsCharged) };
  // Without a balance reading (the store failed after the charge was settled) only the charge is stated.
  if (usage === null) return headers;
  headers['x-credits-remaining'] = String(usage.balance);
  if (usage.dailyCap !== null) {
    headers['ratelimit-policy'] = `"daily";q=${usage.dailyCap};w=86400`;
    headers.ratelimit = `"daily";r=${Math.max(0, usage.dailyCap - usage.dailyUsed)};t=${secondsToNextUtcDay(now)}`;
  }
  return headers;
}
