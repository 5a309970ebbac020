import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { CHANNEL_FORMS } from '../input/refs.js';
import { channelTabPage } from './channel-tab.js';
import { canonicalChannel, channelHandle, cursor } from './params.js';

const listRaw = z.object({
  via: z.enum(['browse', 'feed']).describe('browse (the channel tab), or feed (the channel feed, when browse is refused)'),
  posts: z.array(z.looseObject({})).describe('per item: its id and approximate (the count fields read from rounded text)'),
  skipped: z.looseObject({}).describe('items that are not videos (shelves, playlists, ads), counted by kind'),
});

/** GET /v1/video/channel/videos */
export const videoChannelVideosEndpoint = defineEndpoint({
  path: '/v1/video/channel/videos',
  summary: "A YouTube channel's videos, newest first",
  description: [
    'Returns data.items: Post[] from the channel\'s Videos tab, newest first: views (rounded text parsed; raw.posts[i].approximate names it), the duration, publishedAt as the platform\'s relative text ("3 days ago").',
    'When the tab of a channel given by id is refused, the channel feed answers instead (its latest 15 uploads: exact views, likes, no duration, no further page; raw.via feed, else browse).',
    'An unknown channel is an empty result (meta.reason not_found), a removed one removed, a channel without videos no_results; never charged.',
  ].join(' '),
  params: z.object({ handle: channelHandle, cursor }),
  flags: endpointFlags({ subscribable: true, parameterConstraints: CHANNEL_FORMS }),
  returns: { kind: 'list', type: 'Post', maxItems: 60 },
  raw: listRaw,
  normaliseParams: canonicalChannel,
  fetch: (input, ctx): Promise<ListResult<Post>> => channelTabPage(ctx, input, 'videos'),
});

/** GET /v1/video/channel/shorts */
export const videoChannelShortsEndpoint = defineEndpoint({
  path: '/v1/video/channel/shorts',
  summary: "A YouTube channel's shorts",
  description: [
    "Returns data.items: Post[] of type short from the channel's Shorts tab: title and views (rounded text parsed; raw.posts[i].approximate names it); no duration or date (the tab shows none).",
    'An unknown channel is an empty result (meta.reason not_found), a removed one removed, a channel without shorts no_results; never charged.',
  ].join(' '),
  params: z.object({ handle: channelHandle, cursor }),
  flags: endpointFlags({ subscribable: true, parameterConstraints: CHANNEL_FORMS }),
  returns: { kind: 'list', type: 'Post', maxItems: 60 },
  raw: listRaw.omit({ via: true }),
  normaliseParams: canonicalChannel,
  fetch: (input, ctx): Promise<ListResult<Post>> => channelTabPage(ctx, input, 'shorts'),
});
