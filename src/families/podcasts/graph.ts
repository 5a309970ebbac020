import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import { EPISODES_LIMIT, PLATFORM } from './constants.js';

/** Pages an edge may ask for: the episodes endpoint's own bounds. */
const PAGE = { default: EPISODES_LIMIT.default, max: EPISODES_LIMIT.max };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Loader keys are JSON arrays: a show id, a page size and an episode's guid never collide. */
const keyOf = (...parts: (string | number)[]): string => JSON.stringify(parts);
const partsOf = (key: string): (string | number)[] => JSON.parse(key) as (string | number)[];

/**
 * The podcasts graph beyond REST: an episode's show (once per show), a show's episodes, and an
 * episode's transcript (by its show and its id in the feed), each one call billed like its REST
 * endpoint. Resources of other platforms get null without a request.
 */
export function podcastsEdges(kit: EdgeKit): EdgeDefinition[] {
  const show = kit.endpoint('/v1/podcasts/show');
  const episodes = kit.endpoint('/v1/podcasts/show/episodes');
  const transcript = kit.endpoint('/v1/podcasts/episode/transcript');
  return [
    {
      on: 'Post',
      field: 'author',
      platform: PLATFORM,
      returns: { kind: 'single', type: 'Creator' },
      upstreamCost: kit.cost(show),
      description: "The episode's show (1 credit per distinct show, through /v1/podcasts/show).",
      key: (post: Resource) => text(post.authorId),
      load: kit.loadSingles(show, (id) => ({ show: id })),
    },
    {
      on: 'Creator',
      field: 'posts',
      platform: PLATFORM,
      returns: { kind: 'list', type: 'Post' },
      limit: PAGE,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...PAGE } },
      description: "The show's episodes, newest first (1 credit, through /v1/podcasts/show/episodes).",
      key: (creator: Resource, { limit }) => {
        const id = text(creator.id);
        return id === null ? null : keyOf(id, limit ?? PAGE.default);
      },
      load: kit.loadLists(episodes, (key) => {
        const [id, limit] = partsOf(key);
        return { show: id, limit };
      }),
    },
    {
      on: 'Post',
      field: 'transcript',
      platform: PLATFORM,
      returns: { kind: 'single', type: 'Transcript' },
      upstreamCost: kit.cost(transcript),
      description:
        "The episode's transcript from its feed's files; null when it has none (1 credit, through /v1/podcasts/episode/transcript).",
      key: (post: Resource) => {
        const [showId, guid] = [text(post.authorId), text(post.id)];
        return showId === null || guid === null ? null : keyOf(showId, guid);
      },
      load: kit.loadSingles(transcript, (key) => {
        const [showId, guid] = partsOf(key);
        return { show: showId, guid };
      }),
    },
  ];
}
