import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { decodeCursor, encodeCursor } from '../input/cursor.js';
import { showRaw, str } from '../normalise/apple.js';
import { episodePost, episodeRaw } from '../normalise/episode.js';
import { fetchFeed } from '../upstream/feed.js';
import { lookupShow } from '../upstream/itunes.js';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import { REASONS } from './outcomes.js';
import { canonicalShow, country, cursor, episodesLimit, show } from './params.js';

const params = z.object({ show, country, limit: episodesLimit, cursor });

/** GET /v1/podcasts/show/episodes */
export const podcastsShowEpisodesEndpoint = defineEndpoint({
  path: '/v1/podcasts/show/episodes',
  summary: "A podcast show's episodes from its own RSS feed, newest first",
  description: [
    'Returns data.items: Post[] of type episode, newest first (undated last), read from the whole feed as a stream.',
    'The cursor holds the last episode served, so a new episode published between pages neither repeats nor hides one.',
    "With include_raw, raw.episodes[i] holds each item's guid, html, enclosure, episodeType, season, episode and transcripts; raw.itemCount counts the feed's episodes and raw.skipped its items that are none (no audio, blocked, live).",
    'Empty results (not charged): not_found, no_feed, feed_gone, no_episodes, publisher_blocked (the publisher asks other platforms not to show it).',
    'Subscribable: a new episode on the first page is a change.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true }),
  returns: { kind: 'list', type: 'Post' },
  raw: z.object({
    episodes: z
      .array(z.record(z.string(), z.unknown()))
      .describe("each item's guid, html, enclosure, episodeType, season, episode and transcripts"),
    itemCount: z.number().describe("the feed's episodes"),
    skipped: z.number().describe("the feed's items that are no episode"),
    show: z.record(z.string(), z.unknown()).describe("the show's feed URLs and channel facts"),
  }),
  normaliseParams: (input) => {
    const canonical = canonicalShow(input);
    if (canonical.cursor !== undefined) decodeCursor(canonical.cursor, canonical.show);
    return canonical;
  },
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const record = await lookupShow(ctx, input.show, input.country ?? 'us');
    if (record === null) return emptyListResult(REASONS.notFound, {});
    const feedUrl = str(record.feedUrl);
    if (feedUrl === null) return emptyListResult(REASONS.noFeed, { show: showRaw(record, null, null) });
    const after = input.cursor === undefined ? null : decodeCursor(input.cursor, input.show);
    const answer = await fetchFeed(ctx, feedUrl, { kind: 'page', limit: input.limit, after });
    if (answer.kind === 'gone') return emptyListResult(REASONS.feedGone, { show: showRaw(record, null, answer.finalUrl) });
    const { channel, items, itemCount, skipped, hasMore } = answer.read;
    const raw = { show: showRaw(record, channel, answer.finalUrl), itemCount, skipped };
    if (channel.blocked) return emptyListResult(REASONS.publisherBlocked, { ...raw, episodes: [] });
    if (items.length === 0) return emptyListResult(REASONS.noEpisodes, { ...raw, episodes: [] });
    const identity = { id: input.show, name: str(record.collectionName) };
    const last = items.at(-1)!;
    return {
      items: items.map((item) => episodePost(item, identity, channel, ctx.fetchedAt)),
      pagination: { cursor: hasMore ? encodeCursor(input.show, last) : null, hasMore },
      raw: { ...raw, episodes: items.map(episodeRaw) },
    };
  },
});
