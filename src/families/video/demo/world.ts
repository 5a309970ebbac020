import { demoExample, type DemoExample, type DemoWorld } from '../../../catalogue/demo-world.js';
import { videoPlatformRoute } from './platform.js';

/** One example per video endpoint, answered by the demo world (`npm run demo` prints them). */
export const VIDEO_DEMO_EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/video/post', 'a video from its watch URL', { url: 'https://www.youtube.com/watch?v=vidDemo0001' }),
  demoExample('/v1/video/post/comments', 'top comments, the pinned one first (raw.comments: hearted, edited)', {
    url: 'https://youtu.be/vidDemo0001',
    include_raw: 'true',
  }),
  demoExample('/v1/video/post/transcript', 'the English captions as cues', { url: 'vidDemo0001' }),
  demoExample('/v1/video/channel', 'a channel from its @handle', { handle: '@ana' }),
  demoExample('/v1/video/channel/videos', "a channel's videos, newest first", { handle: 'https://www.youtube.com/@ana/videos' }),
  demoExample('/v1/video/channel/shorts', "a channel's shorts", { handle: 'ana' }),
  demoExample('/v1/video/search', 'video search, shelves skipped', { query: 'demo', include_raw: 'true' }),
];

/** A synthetic channel with videos, a short, a live stream, comments and captioned videos; counts move with time. */
export const videoDemo: DemoWorld = {
  async start({ changeEveryMs }) {
    const tick = () => Math.floor(Date.now() / changeEveryMs);
    return { routes: [videoPlatformRoute({ tick, uploads: () => 3 + (tick() % 3) })], examples: VIDEO_DEMO_EXAMPLES };
  },
};
