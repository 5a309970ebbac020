import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import { videoPlatformRoute } from '../../../src/families/video/demo/platform.js';
import { channelIdFor, videoIdFor } from '../../../src/families/video/demo/answers.js';

/** A video and a channel of their own per variant: the fake platform answers any such name healthy. */
const video = (variant: number) => videoIdFor(`vidhealth${Math.floor(variant / 10) % 10}`, variant);
const channel = (variant: number) => `healthy${variant}`;

/** The video family's healthy platform for the hardening suites, and one request per endpoint. */
export const healthy: HealthyFamily = {
  route: videoPlatformRoute(),
  scenarios: {
    '/v1/video/post': (variant) => ({ url: `https://www.youtube.com/watch?v=${video(variant)}` }),
    '/v1/video/post/comments': (variant) => ({ url: `https://youtu.be/${video(variant)}` }),
    '/v1/video/post/transcript': (variant) => ({ url: video(variant) }),
    '/v1/video/channel': (variant) => ({ handle: `@${channel(variant)}` }),
    '/v1/video/channel/videos': (variant) => ({ handle: channelIdFor(channel(variant)) }),
    '/v1/video/channel/shorts': (variant) => ({ handle: `https://www.youtube.com/@${channel(variant)}/shorts` }),
    '/v1/video/search': (variant) => ({ query: `healthy ${variant}` }),
  },
  pages: ['https://youtu.be/vidResolve7?t=5'],
};
