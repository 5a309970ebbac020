import type { RefetchDeclaration } from '../../catalogue/family.js';
import { VIDEO_PLATFORM } from './constants.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Video resources fetched again by key: a channel by its id, a video by its id. */
export const videoRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'Creator',
    platform: VIDEO_PLATFORM,
    key: (channel) => text(channel.id),
    fetch: (id) => ({ endpoint: '/v1/video/channel', params: { handle: id } }),
  },
  {
    type: 'Post',
    platform: VIDEO_PLATFORM,
    key: (post) => text(post.id),
    fetch: (id) => ({ endpoint: '/v1/video/post', params: { url: id } }),
  },
];
