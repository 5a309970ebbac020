/**
 * The two time shapes feeds write: `itunes:duration` (seconds, `MM:SS` or `H:MM:SS`) and RFC 822
 * `pubDate` (optional day name, 2- or 4-digit year, `GMT`/`UT`/US zone names or `±hhmm`). Anything
 * else is null, never a guess.
 */

/** Seconds of an `itunes:duration`: `4209`, `1234.5` (rounded), `26:53`, `01:43:01`; null otherwise. */
export function durationSeconds(text: string | null): number | null {
  const value = text?.trim() ?? '';
  if (/^\d{1,9}(?:\.\d+)?$/.test(value)) return Math.round(Number(value));
  const parts = /^(?:(\d{1,4}):)?(\d{1,2}):(\d{1,2})$/.exec(value);
  if (parts === null) return null;
  const [hours, minutes, seconds] = [Number(parts[1] ?? 0), Number(parts[2]), Number(parts[3])];
  if (seconds > 59 || (parts[1] !== undefined && minutes > 59)) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** RFC 822 zone names, in minutes east of UTC. */
const ZONES: Readonly<Record<string, number>> = {
  GMT: 0,
  UT: 0,
  UTC: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

const RFC822 =
  /^(?:[A-Za-z]{3},?\s+)?(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{4}|[A-Za-z]{1,3})?$/;

/** An RFC 822 date as ISO 8601 UTC, or null when it cannot be read. */
export function rfc822ToIso(text: string | null): string | null {
  const match = RFC822.exec(text?.trim() ?? '');
  if (match === null) return null;
  const [, day, monthName, yearText, hour, minute, second, zone] = match;
  const month = MONTHS.indexOf(monthName!.toLowerCase());
  if (month === -1) return null;
  let year = Number(yearText);
  if (yearText!.length === 2) year += year < 50 ? 2000 : 1900;
  const offset = zoneMinutes(zone);
  if (offset === null) return null;
  const [d, h, mi, s] = [Number(day), Number(hour), Number(minute), Number(second ?? 0)];
  if (d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const utc = Date.UTC(year, month, d, h, mi, Math.min(s, 59)) - offset * 60_000;
  const date = new Date(utc);
  // Day 31 of a 30-day month rolls over: not a date the feed meant.
  if (new Date(Date.UTC(year, month, d)).getUTCMonth() !== month) return null;
  return Number.isNaN(date.getTime()) ? null : date.toISOString().replace('.000Z', 'Z');
}

function zoneMinutes(zone: string | undefined): number | null {
  if (zone === undefined) return 0;
  const numeric = /^([+-])(\d{2})(\d{2})$/.exec(zone);
  if (numeric) {
    const minutes = Number(numeric[2]) * 60 + Number(numeric[3]);
    return numeric[1] === '-' ? -minutes : minutes;
  }
  return ZONES[zone.toUpperCase()] ?? null;
}
