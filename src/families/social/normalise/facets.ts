import type { Facet } from '../schemas/views.js';

/**
 * Hashtags and mentions come from the record's facets, never from the text: text that merely
 * looks like `#tag` or `@name` is not one unless a facet says so. A facet's `byteStart`/`byteEnd`
 * count UTF-8 bytes (an emoji is four), not JavaScript string positions.
 */

const TAG = 'app.bsky.richtext.facet#tag';
const MENTION = 'app.bsky.richtext.facet#mention';
/** A post's text is at most 3000 bytes; a record claiming more facets than this is not read further. */
const MAX_FACETS = 200;

export interface FacetValues {
  hashtags: string[];
  mentions: string[];
}

export function facetValues(text: string, facets: readonly (Facet | null | undefined)[] | null | undefined): FacetValues {
  const bytes = Buffer.from(text, 'utf8');
  const hashtags = new Set<string>();
  const mentions = new Set<string>();
  for (const facet of (facets ?? []).slice(0, MAX_FACETS)) {
    if (!facet) continue;
    for (const feature of facet.features) {
      if (feature.$type === TAG && typeof feature.tag === 'string') {
        const tag = feature.tag.replace(/^#/, '').trim();
        if (tag !== '') hashtags.add(tag);
      } else if (feature.$type === MENTION) {
        const covered = coveredText(bytes, facet.index.byteStart, facet.index.byteEnd);
        if (covered !== '') mentions.add(covered);
      }
    }
  }
  return { hashtags: [...hashtags], mentions: [...mentions] };
}

/** The text a mention covers, without its @ (empty when the range does not fit the text). */
function coveredText(bytes: Buffer, start: number, end: number): string {
  if (end <= start || end > bytes.length) return '';
  return bytes.subarray(start, end).toString('utf8').trim().replace(/^@/, '');
}
