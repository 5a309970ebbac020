import type { BodyReader } from '../../../catalogue/upstream.js';
import type { FetchContext } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import { streamXml } from '../../../upstream/xml-stream.js';
import { MAX_FEED_BYTES, MAX_FEED_DEPTH, MAX_FEED_RECORDS, MAX_ITEM_CHARS, PODCASTS_USER_AGENT } from '../constants.js';
import type { EpisodePlace } from '../input/cursor.js';
import { emptyChannel, readChannelElement, type ChannelInfo } from '../normalise/channel.js';
import { readItem, type FeedItem } from '../normalise/item.js';
import { PageSelector } from '../normalise/order.js';

/**
 * A show's RSS feed, read as a stream: only what the call needs is kept (the channel, one page of
 * episodes, or one episode), so a feed of tens of thousands of items costs a page's memory. The
 * reading stops as soon as it has its answer (the channel at the first item, an episode when
 * found). A document that is not RSS 2.0 (Atom, HTML, JSON, broken XML) is upstream_schema_drift.
 */

export type FeedNeed = { kind: 'channel' } | { kind: 'page'; limit: number; after: EpisodePlace | null } | { kind: 'episode'; id: string };

export interface FeedRead {
  channel: ChannelInfo;
  /** The page's episodes in order, or the one episode found (none when it is not in the feed). */
  items: FeedItem[];
  /** Episodes seen (all of them for a page). */
  itemCount: number;
  /** Items that are no episode (no enclosure, blocked, live items). */
  skipped: number;
  hasMore: boolean;
}

export type FeedAnswer = { kind: 'feed'; read: FeedRead; finalUrl: string } | { kind: 'gone'; status: number; finalUrl: string };

const BOUNDS = { recordDepth: 2, maxRecordChars: MAX_ITEM_CHARS, maxDepth: MAX_FEED_DEPTH, maxRecords: MAX_FEED_RECORDS };

/** Reads a feed stream for one need; exported for the tests that stream generated feeds without a server. */
export async function readFeed(chunks: AsyncIterable<Buffer>, need: FeedNeed): Promise<FeedRead> {
  const channel = emptyChannel();
  const selector = need.kind === 'page' ? new PageSelector<FeedItem>(need.limit, need.after) : null;
  const found: FeedItem[] = [];
  let sawChannel = false;
  let itemCount = 0;
  let skipped = 0;
  for await (const event of streamXml(chunks, BOUNDS)) {
    if (event.kind === 'root') {
      if (event.element.local !== 'rss' || event.element.prefix !== '') throw notRss(`its root element is <${event.element.name}>`);
      continue;
    }
    if (event.path.length !== 1 || event.path[0] !== 'channel') continue;
    sawChannel = true;
    const { element } = event;
    if (element.local !== 'item' && element.local !== 'liveItem') {
      readChannelElement(channel, element);
      continue;
    }
    if (need.kind === 'channel') break;
    const reading = readItem(element);
    if (reading.kind === 'skipped') {
      skipped++;
      continue;
    }
    itemCount++;
    if (selector !== null) selector.offer(reading.item);
    else if (need.kind === 'episode' && reading.item.id === need.id) {
      found.push(reading.item);
      break;
    }
  }
  if (!sawChannel) throw notRss('it has no <channel>');
  if (selector === null) return { channel, items: found, itemCount, skipped, hasMore: false };
  const page = selector.page();
  return { channel, items: page.items, itemCount, skipped, hasMore: page.hasMore };
}

const notRss = (why: string) => schemaDrift(`The show's feed is not an RSS 2.0 feed: ${why}.`, { reason: 'not_rss' });

function needId(need: FeedNeed): string {
  if (need.kind === 'page') return `page:${need.limit}:${need.after?.publishedAt ?? ''}:${need.after?.id ?? ''}`;
  return need.kind === 'episode' ? `episode:${need.id}` : 'channel';
}

/**
 * GETs a feed (a URL Apple names: every hop through the outbound policy) and reads it for
 * `need`. 404 and 410 say the feed is gone; 429 is the host's throttle and any other refusal
 * upstream_blocked (both classified by the upstream client).
 */
export async function fetchFeed(ctx: FetchContext, feedUrl: string, need: FeedNeed): Promise<FeedAnswer> {
  const reader: BodyReader = {
    id: `podcasts-feed:${needId(need)}`,
    maxBytes: MAX_FEED_BYTES,
    anyType: true,
    read: async (chunks) => JSON.stringify(await readFeed(chunks, need)),
  };
  const response = await ctx.upstream.fetch({
    url: feedUrl,
    headers: { accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5', 'user-agent': PODCASTS_USER_AGENT },
    passStatuses: [404, 410],
    bodyReader: reader,
  });
  if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status, finalUrl: response.url };
  return { kind: 'feed', read: JSON.parse(response.body) as FeedRead, finalUrl: response.url };
}
