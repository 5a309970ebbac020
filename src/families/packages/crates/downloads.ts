import type { DownloadCount } from '../model.js';
import { array, count, record, text, type Json } from '../normalise/values.js';
import { PERIOD_DAYS, daysBefore, type Period } from '../normalise/periods.js';
import { API_ORIGIN } from './crate.js';

/**
 * crates.io's downloads (`/api/v1/crates/{name}/downloads`): 90 days of per-day rows for the
 * five highest versions (`version_downloads`) and the rest summed per day (`meta.extra_downloads`).
 * A period ends on the latest day in the answer; a day without rows counts 0; an answer without
 * rows is 0 ending yesterday (UTC).
 */

export const crateDownloadsUrl = (name: string): string => `${API_ORIGIN}/crates/${name}/downloads`;

interface Row {
  day: string;
  downloads: number;
}

function rowsOf(body: Json): Row[] {
  return [...array(body.version_downloads), ...array(record(body.meta)?.extra_downloads)].flatMap((each) => {
    const row = record(each);
    const day = text(row?.date);
    const downloads = count(row?.downloads);
    return day !== null && /^\d{4}-\d{2}-\d{2}$/.test(day) && downloads !== null ? [{ day, downloads }] : [];
  });
}

export function cratesDownloadCount(body: Json, name: string, period: Period, fetchedAt: string): DownloadCount {
  const rows = rowsOf(body);
  const end =
    rows.reduce<string | null>((latest, row) => (latest === null || row.day > latest ? row.day : latest), null) ??
    daysBefore(fetchedAt.slice(0, 10), 1);
  const start = daysBefore(end, PERIOD_DAYS[period] - 1);
  const downloads = rows.filter((row) => row.day >= start && row.day <= end).reduce((sum, row) => sum + row.downloads, 0);
  return { platform: 'crates', packageName: name, period, downloads, start, end, fetchedAt };
}
