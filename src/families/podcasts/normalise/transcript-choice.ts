import type { TranscriptTag } from './item.js';
import type { TranscriptFormat } from './transcript-files.js';

/**
 * Which of an item's `podcast:transcript` tags is read: only the formats the family reads (other
 * types, e.g. text/plain, are ignored); with a `language`, only tags whose language (the tag's,
 * else the channel's) has that primary subtag; then VTT before SRT before JSON before HTML,
 * and feed order among equals. Only that tag's file is fetched.
 */

const FORMATS: Readonly<Record<string, TranscriptFormat>> = {
  'text/vtt': 'vtt',
  'application/x-subrip': 'srt',
  'application/srt': 'srt',
  'text/srt': 'srt',
  'application/json': 'json',
  'text/html': 'html',
};
const PREFERENCE: readonly TranscriptFormat[] = ['vtt', 'srt', 'json', 'html'];

export interface UsableTag extends TranscriptTag {
  format: TranscriptFormat;
  /** The tag's language, else the channel's, lower-cased; null when neither says. */
  resolvedLanguage: string | null;
}

export type TranscriptChoice =
  { kind: 'chosen'; tag: UsableTag } | { kind: 'none' } | { kind: 'language_unavailable'; availableLanguages: string[] };

const primary = (language: string): string => language.toLowerCase().split('-')[0]!;

export function chooseTranscript(
  tags: readonly TranscriptTag[],
  channelLanguage: string | null,
  language: string | undefined,
): TranscriptChoice {
  const usable: UsableTag[] = [];
  for (const tag of tags) {
    const format = FORMATS[(tag.type ?? '').split(';')[0]!.trim().toLowerCase()];
    if (format === undefined) continue;
    usable.push({ ...tag, format, resolvedLanguage: (tag.language ?? channelLanguage)?.toLowerCase() ?? null });
  }
  if (usable.length === 0) return { kind: 'none' };
  const wanted =
    language === undefined
      ? usable
      : usable.filter((tag) => tag.resolvedLanguage !== null && primary(tag.resolvedLanguage) === primary(language));
  if (wanted.length === 0) {
    const availableLanguages = [...new Set(usable.flatMap((tag) => (tag.resolvedLanguage === null ? [] : [tag.resolvedLanguage])))];
    return { kind: 'language_unavailable', availableLanguages };
  }
  // A stable sort keeps feed order among tags of one format.
  const [best] = [...wanted].sort((a, b) => PREFERENCE.indexOf(a.format) - PREFERENCE.indexOf(b.format));
  return { kind: 'chosen', tag: best! };
}
