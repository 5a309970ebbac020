/**
 * The order of a show's episodes: newest first by publishedAt, ties by id ascending, undated
 * episodes last by id ascending. A page is chosen while the feed streams: only the `limit + 1`
 * earliest episodes after the cursor's place are held, never the whole feed.
 */

export interface Placed {
  publishedAt: string | null;
  id: string;
}

/** Negative when `a` comes before `b`. publishedAt values are ISO 8601 UTC of one shape, so text order is time order. */
export function compareEpisodes(a: Placed, b: Placed): number {
  if (a.publishedAt !== b.publishedAt) {
    if (a.publishedAt === null) return 1;
    if (b.publishedAt === null) return -1;
    return a.publishedAt > b.publishedAt ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Keeps the first `limit` episodes after `after` (and whether more follow) from episodes offered in any order. */
export class PageSelector<T extends Placed> {
  readonly #kept: T[] = [];
  readonly #limit: number;
  readonly #after: Placed | null;

  constructor(limit: number, after: Placed | null) {
    this.#limit = limit;
    this.#after = after;
  }

  offer(item: T): void {
    if (this.#after !== null && compareEpisodes(item, this.#after) <= 0) return;
    const kept = this.#kept;
    if (kept.length > this.#limit && compareEpisodes(item, kept.at(-1)!) >= 0) return;
    let index = kept.length;
    while (index > 0 && compareEpisodes(item, kept[index - 1]!) < 0) index--;
    kept.splice(index, 0, item);
    if (kept.length > this.#limit + 1) kept.pop();
  }

  page(): { items: T[]; hasMore: boolean } {
    return { items: this.#kept.slice(0, this.#limit), hasMore: this.#kept.length > this.#limit };
  }
}
