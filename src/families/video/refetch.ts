import type { RefetchDeclaration } from '../../catalogue/family.js';
import { refetchByField } from '../../catalogue/standard-refetch.js';
import { VIDEO_PLATFORM } from './constants.js';

/** Video resources fetched again by key: a channel by its id, a video by its id. */
export const videoRefetch: readonly RefetchDeclaration[] = [
  refetchByField('Creator', VIDEO_PLATFORM, 'id', { endpoint: '/v1/video/channel', param: 'handle' }),
  refetchByField('Post', VIDEO_PLATFORM, 'id', { endpoint: '/v1/video/post', param: 'url' }),
];
