/**
 * `cache_max_age` values: `30s`, `15m`, `12h`, `7d`, `2w`, a bare number of seconds, or an
 * ISO 8601 duration (`PT1H`, `P7D`, `P1W`, `P1DT12H`). Months and years are refused: their
 * length in seconds is not fixed.
 */
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
const SHORT_FORM = /^(\d{1,9})([smhdw])?$/;
const ISO_FORM = /^P(?:(\d{1,9})W)?(?:(\d{1,9})D)?(?:T(?:(\d{1,9})H)?(?:(\d{1,9})M)?(?:(\d{1,9}(?:\.\d+)?)S)?)?$/;

/** Seconds, or null when the text is not one of the accepted forms. */
export function parseDuration(text: string): number | null {
  const value = text.trim();
  const short = SHORT_FORM.exec(value);
  if (short) return Number(short[1]) * UNIT_SECONDS[short[2] ?? 's']!;
  const iso = ISO_FORM.exec(value.toUpperCase());
  if (!iso || value.length <= 1 || /T$/i.test(value)) return null;
  const [, weeks, days, hours, minutes, seconds] = iso;
  if ([weeks, days, hours, minutes, seconds].every((part) => part === undefined)) return null;
  return Math.floor(
    Number(weeks ?? 0) * 604_800 +
      Number(days ?? 0) * 86_400 +
      Number(hours ?? 0) * 3600 +
      Number(minutes ?? 0) * 60 +
      Number(seconds ?? 0),
  );
}
