import { schemaDrift } from '../../../errors.js';
import { NPM_DOWNLOADS_HOST } from '../constants.js';
import type { DownloadCount } from '../model.js';
import { count, text, type Json } from '../normalise/values.js';
import type { Period } from '../normalise/periods.js';

/**
 * npm's point API (`/downloads/point/{period}/{name}`): the total of a period with its first and
 * last day. Unlike the registry's own path, a scoped name keeps its slash here.
 */
export const npmDownloadsUrl = (name: string, period: Period): string => `https://${NPM_DOWNLOADS_HOST}/downloads/point/${period}/${name}`;

/** The count, or null when the answer is the pre-2017 form of "no statistics" (a 200 with an `error`). */
export function npmDownloadCount(body: Json, name: string, period: Period, fetchedAt: string): DownloadCount | null {
  if (body.error !== undefined) return null;
  const downloads = count(body.downloads);
  const start = day(body.start);
  const end = day(body.end);
  if (downloads === null || start === null || end === null)
    throw schemaDrift('The npm downloads answer had no count, start or end.', { package: name });
  return { platform: 'npm', packageName: text(body.package) ?? name, period, downloads, start, end, fetchedAt };
}

const day = (value: unknown): string | null => {
  const raw = text(value);
  return raw !== null && /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : null;
};
