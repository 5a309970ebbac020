import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import {
  creatorPosts,
  fieldsOfKey,
  keyField,
  keyFields,
  postAuthor,
  postTranscript,
  throughPage,
  throughSingle,
} from '../../catalogue/standard-edges.js';
import { PLATFORM } from './constants.js';

/**
 * The podcasts graph beyond REST: an episode's show (once per show), a show's episodes, and an
 * episode's transcript (by its show and its id in the feed), each one call billed like its REST
 * endpoint. Resources of other platforms get null without a request.
 */
export function podcastsEdges(kit: EdgeKit): EdgeDefinition[] {
  const platform = PLATFORM;
  return [
    postAuthor({
      platform,
      description: "The episode's show (1 credit per distinct show, through /v1/podcasts/show).",
      key: keyField('authorId'),
      ...throughSingle(kit, kit.endpoint('/v1/podcasts/show'), 'show'),
    }),
    creatorPosts({
      platform,
      description: "The show's episodes, newest first (1 credit, through /v1/podcasts/show/episodes).",
      ...throughPage(kit, kit.endpoint('/v1/podcasts/show/episodes'), {
        keyOf: keyField('id'),
        params: (show, limit) => ({ show, limit }),
      }),
    }),
    postTranscript({
      platform,
      description:
        "The episode's transcript from its feed's files; null when it has none (1 credit, through /v1/podcasts/episode/transcript).",
      key: keyFields('authorId', 'id'),
      ...throughSingle(kit, kit.endpoint('/v1/podcasts/episode/transcript'), (key) => {
        const [show, guid] = fieldsOfKey(key);
        return { show, guid };
      }),
    }),
  ];
}
