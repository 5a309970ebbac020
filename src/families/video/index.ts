import { defineFamily } from '../../catalogue/family.js';
import { VIDEO_HOSTS } from './constants.js';
import { videoChannelEndpoint } from './endpoints/channel.js';
import { videoChannelShortsEndpoint, videoChannelVideosEndpoint } from './endpoints/channel-videos.js';
import { videoPostCommentsEndpoint } from './endpoints/post-comments.js';
import { videoPostTranscriptEndpoint } from './endpoints/post-transcript.js';
import { videoPostEndpoint } from './endpoints/post.js';
import { videoSearchEndpoint } from './endpoints/search.js';
import { videoEdges } from './graph.js';
import { videoRefetch } from './refetch.js';
import { readThrottle } from './upstream/throttle.js';
import { videoUrlForms } from './url-forms.js';

/**
 * The video family: YouTube's public, logged-out surfaces (InnerTube, caption files, the channel
 * feed) without cookie, key or account. Videos, shorts and live streams, their comments and
 * transcripts, channels and their tabs, and search.
 */
export const videoFamily = defineFamily({
  name: 'video',
  hosts: VIDEO_HOSTS,
  blockPages: { markers: [/action="https:\/\/consent\.youtube\.com\/s"/, /g-recaptcha/] },
  readBudget: readThrottle,
  endpoints: [
    videoPostEndpoint,
    videoPostCommentsEndpoint,
    videoPostTranscriptEndpoint,
    videoChannelEndpoint,
    videoChannelVideosEndpoint,
    videoChannelShortsEndpoint,
    videoSearchEndpoint,
  ],
  urlForms: videoUrlForms,
  edges: videoEdges,
  refetch: videoRefetch,
  demo: async () => (await import('./demo/world.js')).videoDemo,
});
