import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { VIDEO_FORMS } from '../input/refs.js';
import { availabilityOf, refuseBotCheck } from '../normalise/player.js';
import { playerToPost } from '../normalise/post.js';
import { postInnertube, missingRoot } from '../upstream/innertube.js';
import { canonicalVideo, videoUrl } from './params.js';
import { emptySingle, payloadOf } from './results.js';

const params = z.object({ url: videoUrl });

/** GET /v1/video/post */
export const videoPostEndpoint = defineEndpoint({
  path: '/v1/video/post',
  summary: 'One YouTube video, short or live stream',
  description: [
    'Returns one Post: type live for a live stream or its recording, short for a short, else video; exact views, likes (the exact count when the platform gives one), the comment count as the comments panel shows it.',
    'Counts read from rounded text ("2.7K") are named in raw.approximate. raw.playability is the player status {status, reason}: an age-gated, members-only or gone recording keeps its metadata with it; raw.keywords and raw.live (the broadcast details) follow.',
    'A private, removed or unknown video is an empty result (meta.reason private, removed, not_found or unplayable), never charged. raw never carries a stream URL.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: VIDEO_FORMS }),
  returns: { kind: 'single', type: 'Post' },
  raw: z.object({
    playability: z.looseObject({}).describe("the player's status and reason"),
    keywords: z.array(z.string()).describe("the video's keywords"),
    live: z.looseObject({}).nullable().describe('the broadcast details of a live stream, or null'),
    approximate: z.array(z.string()).describe('the count fields read from rounded text'),
  }),
  normaliseParams: canonicalVideo,
  async fetch(input, ctx): Promise<SingleResult<Post>> {
    const [player, next] = await Promise.all([
      postInnertube(ctx, 'player', { videoId: input.url }),
      postInnertube(ctx, 'next', { videoId: input.url }),
    ]);
    if (player.kind !== 'ok') return emptySingle('not_found');
    if (player.json.playabilityStatus === undefined) throw missingRoot('player', 'playabilityStatus');
    refuseBotCheck(player.json);
    const availability = availabilityOf(player.json);
    if (!availability.serve) return emptySingle(availability.reason, { playability: player.json.playabilityStatus ?? null });
    const { post, extras } = playerToPost(input.url, player.json, next.kind === 'ok' ? next.json : {}, ctx.fetchedAt);
    return {
      data: post,
      raw: { via: 'innertube', ...extras, payload: { player: payloadOf(player), next: payloadOf(next) } },
    };
  },
});
