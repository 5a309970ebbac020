import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { statusListSchema } from '../schemas/mastodon.js';
import { getApi } from '../upstream/api.js';
import { lookupAccount } from './lookup.js';
import { ACCOUNT_FORMS, account, canonicalAccount, cursor, flag, pageLimit } from './params.js';
import { emptyList, parseShape, readStatuses, reasonedList, statusPageResult } from './results.js';

/** The gateway's filters and the statuses query each sends. */
export const ACCOUNT_FILTERS = {
  posts: { exclude_replies: true },
  posts_and_replies: {},
  media: { only_media: true },
  pinned: { pinned: true },
} as const;
type Filter = keyof typeof ACCOUNT_FILTERS;

const params = z.object({
  account,
  filter: z
    .enum(Object.keys(ACCOUNT_FILTERS) as [Filter, ...Filter[]])
    .default('posts')
    .describe('posts (no replies), posts_and_replies, media (with attachments) or pinned'),
  reblogs: flag(true, 'include reblogs (true) or leave them out (false)'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/fediverse/account/posts */
export const fediverseAccountPostsEndpoint = defineEndpoint({
  path: '/v1/fediverse/account/posts',
  summary: "A fediverse account's posts and reblogs, newest first",
  description: [
    "Returns data.items: Post[] newest first: id is the status's ActivityPub uri, title its content warning, a reblog an item with the original's fields (raw.posts[i].rebloggedBy names the reblogger).",
    'raw.posts[i] also gives sensitive, visibility, poll and quote. pagination.cursor is the next page of the instance (hasMore exactly when it names one).',
    "Posts by accounts that opted out of indexing (noindex) are left out and counted in meta.warnings; such an account's own posts are an empty result with meta.reason author_opted_out.",
    'A missing account is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: ACCOUNT_FORMS }),
  returns: { kind: 'list', type: 'Post' },
  raw: z.object({ posts: z.array(z.looseObject({})).describe('per item: its uri, rebloggedBy, sensitive, visibility, poll and quote') }),
  normaliseParams: canonicalAccount,
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const found = await lookupAccount(ctx, input.account);
    if (found.kind === 'empty') return emptyList(found.answer);
    if (found.kind === 'refused') return reasonedList(found.url, found.reason);
    const answer = await getApi(
      ctx,
      { host: found.host, param: 'account' },
      `/api/v1/accounts/${encodeURIComponent(found.account.id)}/statuses`,
      {
        ...ACCOUNT_FILTERS[input.filter],
        exclude_reblogs: input.reblogs ? undefined : true,
        limit: input.limit,
        max_id: input.cursor,
      },
    );
    if (answer.kind === 'empty') return emptyList(answer);
    const statuses = parseShape(statusListSchema, answer.body, 'account statuses');
    return statusPageResult(readStatuses(statuses, found.host, ctx.fetchedAt), answer.url, answer.nextMaxId);
  },
});
