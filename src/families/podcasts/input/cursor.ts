import { invalidParam } from '../../../errors.js';

/**
 * The opaque cursor of a show's episodes: the show it belongs to and the last served episode's
 * place in the order (its publishedAt, null when undated, and its id). The next page starts
 * after that place, so an episode published meanwhile neither repeats an episode nor hides one.
 */

export interface EpisodePlace {
  publishedAt: string | null;
  id: string;
}

const MAX_CURSOR_LENGTH = 4000;

export function encodeCursor(show: string, place: EpisodePlace): string {
  return Buffer.from(JSON.stringify({ s: show, p: place.publishedAt, i: place.id }), 'utf8').toString('base64url');
}

const notOurs = () =>
  invalidParam('cursor', 'Invalid parameter `cursor`: pass pagination.cursor of a previous page of the same show, unchanged.');

/** The place a cursor holds, checked to belong to `show`. */
export function decodeCursor(cursor: string, show: string): EpisodePlace {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw notOurs();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw notOurs();
  }
  const { s, p, i } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (s !== show || typeof i !== 'string' || i === '') throw notOurs();
  if (p !== null && (typeof p !== 'string' || Number.isNaN(Date.parse(p)))) throw notOurs();
  return { publishedAt: p, id: i };
}
