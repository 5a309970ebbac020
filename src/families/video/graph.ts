import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource, ResourceList } from '../../catalogue/resource.js';
import { VIDEO_PLATFORM } from './constants.js';

/** A channel page an edge may ask for, cut from the tab's first page. */
const POSTS_PAGE = { default: 30, max: 30 };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** `channelId|limit`, read back by the loader (a channel id holds no `|`). */
const paged = (key: string | null, limit: number | undefined): string | null =>
  key === null ? null : `${key}|${limit ?? POSTS_PAGE.default}`;
const limitOf = (key: string): number => Number(key.slice(key.lastIndexOf('|') + 1));
const channelOf = (key: string): string => key.slice(0, key.lastIndexOf('|'));

const isList = (value: unknown): value is ResourceList => typeof value === 'object' && value !== null && 'items' in value;

/** A first page cut to `limit`: `hasMore` true when anything was cut. */
function cut(value: unknown, limit: number): unknown {
  if (!isList(value) || value.items.length <= limit) return value;
  return { ...value, items: value.items.slice(0, limit), pagination: { ...value.pagination, hasMore: true } };
}

/**
 * The video graph beyond REST: a video's channel, comments and transcript, a channel's videos;
 * each one call billed like REST, batched per request by the loaders.
 */
export function videoEdges(kit: EdgeKit): EdgeDefinition[] {
  const channel = kit.endpoint('/v1/video/channel');
  const videos = kit.endpoint('/v1/video/channel/videos');
  const comments = kit.endpoint('/v1/video/post/comments');
  const transcript = kit.endpoint('/v1/video/post/transcript');
  const platform = VIDEO_PLATFORM;
  const loadVideos = kit.loadLists(videos, (key) => ({ handle: channelOf(key) }));

  return [
    {
      on: 'Post',
      field: 'author',
      platform,
      returns: { kind: 'single', type: 'Creator' },
      upstreamCost: kit.cost(channel),
      description: "The video's channel, with its counts (1 credit per distinct channel, through /v1/video/channel).",
      key: (post: Resource) => text(post.authorId),
      load: kit.loadSingles(channel, (channelId) => ({ handle: channelId })),
    },
    {
      on: 'Post',
      field: 'comments',
      platform,
      returns: { kind: 'list', type: 'Comment' },
      upstreamCost: kit.cost(comments),
      description: "The video's top-level comments, top first (1 credit, through /v1/video/post/comments).",
      key: (post: Resource) => text(post.id),
      load: kit.loadLists(comments, (url) => ({ url })),
    },
    {
      on: 'Post',
      field: 'transcript',
      platform,
      returns: { kind: 'single', type: 'Transcript' },
      upstreamCost: kit.cost(transcript),
      description:
        "The video's transcript with the defaults (English, person-written first); null when there is none (1 credit, through /v1/video/post/transcript).",
      key: (post: Resource) => text(post.id),
      load: kit.loadSingles(transcript, (url) => ({ url })),
    },
    {
      on: 'Creator',
      field: 'posts',
      platform,
      returns: { kind: 'list', type: 'Post' },
      limit: POSTS_PAGE,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...POSTS_PAGE } },
      description:
        "The channel's videos, newest first: the first page cut to limit, hasMore true when cut (1 credit, through /v1/video/channel/videos).",
      key: (creator: Resource, { limit }) => paged(text(creator.id), limit),
      load: async (keys, context) => {
        const pages = await loadVideos(keys, context);
        return pages.map((page, index) => cut(page, limitOf(keys[index]!)) as (typeof pages)[number]);
      },
    },
  ];
}
