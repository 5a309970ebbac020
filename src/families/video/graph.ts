import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { ResourceList } from '../../catalogue/resource.js';
import {
  creatorPosts,
  keyField,
  pagedKey,
  postAuthor,
  postComments,
  postTranscript,
  splitPagedKey,
  throughList,
  throughSingle,
} from '../../catalogue/standard-edges.js';
import { VIDEO_PLATFORM } from './constants.js';

/**
 * A channel page an edge may ask for, cut from the tab's first page: its own bounds, as the
 * videos endpoint takes no `limit` to lend them.
 */
const POSTS_PAGE = { default: 30, max: 30 };

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
  const platform = VIDEO_PLATFORM;
  const loadVideos = kit.loadLists(kit.endpoint('/v1/video/channel/videos'), (key) => ({ handle: splitPagedKey(key).key }));

  return [
    postAuthor({
      platform,
      description: "The video's channel, with its counts (1 credit per distinct channel, through /v1/video/channel).",
      key: keyField('authorId'),
      ...throughSingle(kit, kit.endpoint('/v1/video/channel'), 'handle'),
    }),
    postComments({
      platform,
      description: "The video's top-level comments, top first (1 credit, through /v1/video/post/comments).",
      key: keyField('id'),
      ...throughList(kit, kit.endpoint('/v1/video/post/comments'), 'url'),
    }),
    postTranscript({
      platform,
      description:
        "The video's transcript with the defaults (English, person-written first); null when there is none (1 credit, through /v1/video/post/transcript).",
      key: keyField('id'),
      ...throughSingle(kit, kit.endpoint('/v1/video/post/transcript'), 'url'),
    }),
    creatorPosts({
      platform,
      limit: POSTS_PAGE,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...POSTS_PAGE } },
      description:
        "The channel's videos, newest first: the first page cut to limit, hasMore true when cut (1 credit, through /v1/video/channel/videos).",
      // The endpoint takes no limit: its first page is loaded and cut to the limit the key carries.
      key: (creator, { limit }) => pagedKey(keyField('id')(creator), limit ?? POSTS_PAGE.default),
      load: async (keys, context) => {
        const pages = await loadVideos(keys, context);
        return pages.map((page, index) => cut(page, splitPagedKey(keys[index]!).limit) as (typeof pages)[number]);
      },
    }),
  ];
}
