import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { CHANNEL_FORMS } from '../input/refs.js';
import { browseToCreator } from '../normalise/creator.js';
import { missingRoot } from '../upstream/innertube.js';
import { browseChannel } from './channel-browse.js';
import { canonicalChannel, channelHandle } from './params.js';
import { emptySingle, payloadOf } from './results.js';

const params = z.object({ handle: channelHandle });

/** GET /v1/video/channel */
export const videoChannelEndpoint = defineEndpoint({
  path: '/v1/video/channel',
  summary: 'A YouTube channel',
  description: [
    'Returns one Creator: id is the channel id (UC…), handle without @ when the channel has one, followerCount the subscribers and postCount the videos as the header shows them (rounded text such as "3.68M" parsed; raw.approximate names those fields), verified true for a verified badge else null, externalLinks the header link.',
    'An unknown channel is an empty result (meta.reason not_found), a removed or terminated one removed; never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: CHANNEL_FORMS }),
  returns: { kind: 'single', type: 'Creator' },
  raw: z.object({ approximate: z.array(z.string()).describe('the count fields read from rounded text') }),
  normaliseParams: canonicalChannel,
  async fetch(input, ctx): Promise<SingleResult<Creator>> {
    const outcome = await browseChannel(ctx, input.handle, 'videos');
    if (outcome.kind === 'empty') return emptySingle(outcome.reason);
    const read = browseToCreator(outcome.answer.json, ctx.fetchedAt);
    if (read === null) throw missingRoot('browse', 'metadata.channelMetadataRenderer');
    return { data: read.creator, raw: { via: 'innertube', ...read.extras, payload: payloadOf(outcome.answer) } };
  },
});
