import { invalidParam } from '../../errors.js';

/**
 * A place in a list: the upstream cursor of the page (null for the first page) and how many of
 * that page's items come before it. An edge's cursor is the place right after its item, so
 * resuming from it neither skips nor repeats an item of an unchanged list.
 */
export interface ListPlace {
  /** The upstream page cursor, as `pagination.cursor` carries it; null for the first page. */
  pageCursor: string | null;
  /** Items of that page before the place. */
  offset: number;
}

/** What tells a gateway cursor from an upstream one (which `after` also accepts, as `pagination.cursor` carries it). */
const PREFIX = 'gwc1.';
/** Bounds of what a caller may send back: a cursor is small, and a page never has this many items. */
const MAX_CURSOR_LENGTH = 2048;
const MAX_UPSTREAM_CURSOR_LENGTH = 1024;
const MAX_OFFSET = 10_000;

/**
 * The opaque cursor of a place in the list `list` (the field that serves it, e.g.
 * `bookshelfShelf` or `Creator.posts`): a cursor of one list sent to another is refused.
 */
export function encodeCursor(list: string, place: ListPlace): string {
  return PREFIX + Buffer.from(JSON.stringify([list, place.pageCursor, place.offset]), 'utf8').toString('base64url');
}

/**
 * The place an `after` argument names on `list`: a gateway cursor (validated), or else an
 * upstream `pagination.cursor`, which is the start of its page.
 */
export function decodeCursor(list: string, after: string): ListPlace {
  if (after.length === 0 || after.length > MAX_CURSOR_LENGTH) throw refused(`a cursor is 1 to ${MAX_CURSOR_LENGTH} characters`);
  if (!after.startsWith(PREFIX)) {
    if (after.length > MAX_UPSTREAM_CURSOR_LENGTH) throw refused(`a page cursor is at most ${MAX_UPSTREAM_CURSOR_LENGTH} characters`);
    return { pageCursor: after, offset: 0 };
  }
  const decoded = parse(after.slice(PREFIX.length));
  if (!Array.isArray(decoded) || decoded.length !== 3) throw refused('not a cursor this gateway issued');
  const [owner, pageCursor, offset] = decoded as unknown[];
  if (typeof owner !== 'string') throw refused('not a cursor this gateway issued');
  if (owner !== list) throw refused(`the cursor belongs to another list (${owner.slice(0, 80)}), not ${list}`);
  if (pageCursor !== null && (typeof pageCursor !== 'string' || pageCursor.length > MAX_UPSTREAM_CURSOR_LENGTH)) {
    throw refused('not a cursor this gateway issued');
  }
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) {
    throw refused('not a cursor this gateway issued');
  }
  return { pageCursor, offset };
}

function parse(encoded: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  try {
    return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

const refused = (why: string) =>
  invalidParam('after', `Invalid argument \`after\`: ${why}; send an edge's \`cursor\` or a \`pagination.cursor\` of this list.`);
