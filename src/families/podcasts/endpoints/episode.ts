import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { findEpisode } from './episode-source.js';
import { EPISODE_CONSTRAINT, canonicalEpisode, episodeIdentity } from './params.js';

const params = z.object(episodeIdentity);

/** GET /v1/podcasts/episode */
export const podcastsEpisodeEndpoint = defineEndpoint({
  path: '/v1/podcasts/episode',
  summary: 'One podcast episode as a Post, from its show feed (or Apple’s record when the feed lacks it)',
  description: [
    "Returns the episode as a Post of type episode from its show's feed item: by url (an episode page with ?i=) or id, through Apple's episode record; by show with guid, through the show's feed.",
    "An episode by url or id whose feed lacks it, or whose feed is gone, is Apple's record (raw.source apple) with meta.warnings.",
    'With include_raw, raw.episode holds the guid, html, enclosure, episodeType, season, episode and transcripts.',
    'Empty results (not charged): not_found, no_feed, feed_gone, publisher_blocked.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: EPISODE_CONSTRAINT }),
  returns: { kind: 'single', type: 'Post' },
  raw: z.object({
    episode: z.record(z.string(), z.unknown()).describe("the item's guid, html, enclosure, episodeType, season, episode and transcripts"),
    source: z.string().describe('apple when the Post is Apple’s record alone'),
  }),
  normaliseParams: canonicalEpisode,
  async fetch(input, ctx): Promise<SingleResult<Post>> {
    const found = await findEpisode(ctx, input);
    if (found.kind === 'empty') return { data: null, raw: found.raw, emptyReason: found.reason };
    if (found.kind === 'apple') return { data: found.post, raw: found.raw, warnings: found.warnings };
    return { data: found.post, raw: found.raw };
  },
});
