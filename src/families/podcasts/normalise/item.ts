import type { XmlElement } from '../../../upstream/xml-stream.js';
import { rfc822ToIso } from './times.js';
import { httpUrl, isYes, keyOf, textOf } from './feed-elements.js';

/** A `<podcast:transcript>` tag as the item names it. */
export interface TranscriptTag {
  url: string;
  type: string | null;
  language: string | null;
  rel: string | null;
}

/** What the family keeps of one feed item: small, JSON, the source of one Post. */
export interface FeedItem {
  /** The Post id: the trimmed guid, else the enclosure URL. */
  id: string;
  guid: string | null;
  title: string | null;
  /** The HTML (or text) the Post's text is read from: content:encoded, else description, else itunes:summary. */
  html: string | null;
  link: string | null;
  imageUrl: string | null;
  enclosure: { url: string; type: string | null; length: number | null };
  duration: string | null;
  publishedAt: string | null;
  episodeType: string | null;
  season: number | null;
  episode: number | null;
  transcripts: TranscriptTag[];
}

/** An item read: an episode, or why it is none (no enclosure, blocked, a live item). */
export type ItemReading = { kind: 'episode'; item: FeedItem } | { kind: 'skipped' };

const wholeNumber = (text: string | null): number | null => (text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null);

/** Reads an `<item>` (or a `podcast:liveItem`, never an episode) of the channel. */
export function readItem(element: XmlElement): ItemReading {
  if (keyOf(element) !== 'rss:item') return { kind: 'skipped' };
  const fields = new Map<string, XmlElement>();
  const transcripts: TranscriptTag[] = [];
  for (const child of element.children) {
    const key = keyOf(child);
    if (key === 'podcast:transcript') {
      const url = httpUrl(child.attributes.url);
      if (url !== null) {
        const attribute = (name: string) => child.attributes[name]?.trim() || null;
        transcripts.push({ url, type: attribute('type'), language: attribute('language'), rel: attribute('rel') });
      }
    } else if (!fields.has(key)) fields.set(key, child);
  }
  const enclosureUrl = httpUrl(fields.get('rss:enclosure')?.attributes.url);
  if (enclosureUrl === null || isYes(textOf(fields.get('itunes:block')))) return { kind: 'skipped' };
  const enclosure = fields.get('rss:enclosure')!;
  const guid = textOf(fields.get('rss:guid'));
  const html = textOf(fields.get('content:encoded')) ?? textOf(fields.get('rss:description')) ?? textOf(fields.get('itunes:summary'));
  const length = enclosure.attributes.length?.trim() ?? '';
  return {
    kind: 'episode',
    item: {
      id: guid ?? enclosureUrl,
      guid,
      title: textOf(fields.get('rss:title')) ?? textOf(fields.get('itunes:title')),
      html,
      link: httpUrl(textOf(fields.get('rss:link'))),
      imageUrl: httpUrl(fields.get('itunes:image')?.attributes.href),
      enclosure: {
        url: enclosureUrl,
        type: enclosure.attributes.type?.trim() || null,
        length: /^\d{1,15}$/.test(length) ? Number(length) : null,
      },
      duration: textOf(fields.get('itunes:duration')),
      publishedAt: rfc822ToIso(textOf(fields.get('rss:pubDate'))),
      episodeType: textOf(fields.get('itunes:episodeType')),
      season: wholeNumber(textOf(fields.get('itunes:season'))),
      episode: wholeNumber(textOf(fields.get('itunes:episode'))),
      transcripts,
    },
  };
}
