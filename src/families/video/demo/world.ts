import type { DemoExample, DemoWorld } from '../../../catalogue/demo-world.js';
import { videoPlatformRoute } from './platform.js';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** One example per video endpoint, answered by the demo world (`npm run demo` prints them). */
export const VIDEO_DEMO_EXAMPLES: readonly DemoExample[] = [
  {
    endpoint: '/v1/video/post',
    what: 'a video from its watch URL',
    path: `/v1/video/post?${query({ url: 'https://www.youtube.com/watch?v=vidDemo0001' })}`,
  },
  {
    endpoint: '/v1/video/post/comments',
    what: 'top comments, the pinned one first (raw.comments: hearted, edited)',
    path: `/v1/video/post/comments?${query({ url: 'https://youtu.be/vidDemo0001', include_raw: 'true' })}`,
  },
  {
    endpoint: '/v1/video/post/transcript',
    what: 'the English captions as cues',
    path: `/v1/video/post/transcript?${query({ url: 'vidDemo0001' })}`,
  },
  { endpoint: '/v1/video/channel', what: 'a channel from its @handle', path: `/v1/video/channel?${query({ handle: '@ana' })}` },
  {
    endpoint: '/v1/video/channel/videos',
    what: "a channel's videos, newest first",
    path: `/v1/video/channel/videos?${query({ handle: 'https://www.youtube.com/@ana/videos' })}`,
  },
  { endpoint: '/v1/video/channel/shorts', what: "a channel's shorts", path: `/v1/video/channel/shorts?${query({ handle: 'ana' })}` },
  {
    endpoint: '/v1/video/search',
    what: 'video search, shelves skipped',
    path: `/v1/video/search?${query({ query: 'demo', include_raw: 'true' })}`,
  },
];

/** A synthetic channel with videos, a short, a live stream, comments and captioned videos; counts move with time. */
export const videoDemo: DemoWorld = {
  async start({ changeEveryMs }) {
    const tick = () => Math.floor(Date.now() / changeEveryMs);
    return { routes: [videoPlatformRoute({ tick, uploads: () => 3 + (tick() % 3) })], examples: VIDEO_DEMO_EXAMPLES };
  },
};
