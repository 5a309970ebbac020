/** Daily caps count credits per UTC day. */

/** The UTC day a charge counts towards, YYYY-MM-DD. */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

/** Seconds until the next UTC midnight, when daily caps reset. */
export function secondsToNextUtcDay(now: Date = new Date()): number {
  return Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);
}
