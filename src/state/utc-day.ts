/** Daily caps count credits per UTC day. */

/** The UTC day a charge counts towards, YYYY-MM-DD. */
export function utcDay(at: Date = new Date()): string {
  const ms = at.getTime();
  // Every balance read asks; formatting a date each time showed in profiles, so the day is kept until it ends.
  if (ms >= latest.startMs && ms < latest.endMs) return latest.day;
  const startMs = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  latest = { startMs, endMs: startMs + 86_400_000, day: at.toISOString().slice(0, 10) };
  return latest.day;
}

let latest = { startMs: 0, endMs: 0, day: '' };

/** Seconds until the next UTC midnight, when daily caps reset. */
export function secondsToNextUtcDay(now: Date = new Date()): number {
  return Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);
}
