import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { statusListSchema } from '../schemas/mastodon.js';
import { getApi } from '../upstream/api.js';
import { canonicalTag, cursor, flag, instance, INSTANCE_FORMS, pageLimit, TAG_FORMS } from './params.js';
import { emptyList, parseShape, readStatuses, statusPageResult } from './results.js';

const SCOPES = { all: {}, local: { local: true }, remote: { remote: true } } as const;
type Scope = keyof typeof SCOPES;

const params = z.object({
  instance,
  tag: z.string().min(1).max(200).describe('the hashtag, with or without #'),
  scope: z
    .enum(Object.keys(SCOPES) as [Scope, ...Scope[]])
    .default('all')
    .describe("all, local (the instance's own accounts) or remote (other instances')"),
  only_media: flag(false, 'only posts with attachments'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/fediverse/hashtag */
export const fediverseHashtagEndpoint = defineEndpoint({
  path: '/v1/fediverse/hashtag',
  summary: "A hashtag's public timeline on one instance, newest first",
  description: [
    "Returns data.items: Post[] newest first, as the instance knows them (its own and federated posts); raw.posts[i] gives rebloggedBy, sensitive, visibility, poll and quote. pagination.cursor is the instance's next page (hasMore exactly when it names one).",
    'Posts by accounts that opted out of indexing (noindex) are left out and counted in meta.warnings (a page may come back shorter than limit, or empty with a cursor).',
    'An instance that closes hashtag feeds to logged-out readers answers an empty result with meta.reason login_required, never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: `${INSTANCE_FORMS}; ${TAG_FORMS}` }),
  returns: { kind: 'list', type: 'Post' },
  raw: z.object({ posts: z.array(z.looseObject({})).describe('per item: its uri, rebloggedBy, sensitive, visibility, poll and quote') }),
  normaliseParams: canonicalTag,
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const answer = await getApi(
      ctx,
      { host: input.instance, param: 'instance' },
      `/api/v1/timelines/tag/${encodeURIComponent(input.tag)}`,
      {
        ...SCOPES[input.scope],
        only_media: input.only_media ? true : undefined,
        limit: input.limit,
        max_id: input.cursor,
      },
    );
    if (answer.kind === 'empty') return emptyList(answer);
    const statuses = parseShape(statusListSchema, answer.body, 'hashtag timeline');
    return statusPageResult(readStatuses(statuses, input.instance, ctx.fetchedAt), answer.url, answer.nextMaxId);
  },
});
