import type { ServerResponse } from 'node:http';
import { sendPieces } from '../../support/streamed-reply.js';

/**
 * A generated feed of many items in the recorded shape (itunes namespace, escaped HTML show
 * notes, an enclosure and a transcript tag each), about 2.1 KB an item: 20,000 items come to
 * about 42 MB, the size of the longest real feeds. Items are written oldest first, as many
 * feeds are, so the newest page is only known at the end.
 */

const NOTES = '&lt;p&gt;Show notes with a &lt;a href="https://example.org/link"&gt;link&lt;/a&gt; and some text. &lt;/p&gt;'.repeat(16);

export const itemDateMs = (index: number): number => Date.UTC(2000, 0, 1) + index * 3_600_000;

export function* feedPieces(items: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel><title>The Long Feed</title><link>https://long-feed.example.org/</link><language>en</language>
<itunes:author>Generated</itunes:author><itunes:summary>A feed of many items.</itunes:summary>
`;
  for (let index = 0; index < items; index++) {
    yield `<item><title>Episode ${index}</title><guid isPermaLink="false">long-${index}</guid>
<pubDate>${new Date(itemDateMs(index)).toUTCString()}</pubDate><itunes:duration>${index % 5000}</itunes:duration>
<description>${NOTES}</description>
<enclosure url="https://media.long-feed.example.org/episodes/${index}.mp3" type="audio/mpeg" length="${index * 1000}"/>
<podcast:transcript url="https://media.long-feed.example.org/transcripts/${index}.vtt" type="text/vtt"/></item>
`;
  }
  yield '</channel></rss>\n';
}

/** Writes the feed as it is produced (the body is never held whole). */
export function sendFeed(response: ServerResponse, items: number): Promise<void> {
  return sendPieces(response, 'application/rss+xml; charset=utf-8', feedPieces(items));
}
