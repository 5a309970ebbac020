import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { postExtras, statusToPost } from '../normalise/post.js';
import { canonicalStatus, STATUS_FORMS, statusUrl } from './params.js';
import { emptySingle, reasonedSingle } from './results.js';
import { lookupStatus } from './status.js';

const params = z.object({ url: statusUrl });

/** GET /v1/fediverse/post */
export const fediversePostEndpoint = defineEndpoint({
  path: '/v1/fediverse/post',
  summary: 'One fediverse post (status), from the instance its URL names',
  description: [
    "Returns one Post: id is the status's ActivityPub uri (the same on every instance), title its content warning, text the text of its HTML (links as their hrefs), hashtags and mentions from the status's own lists, mentions as full accts.",
    'raw.rebloggedBy, raw.sensitive, raw.visibility, raw.poll and raw.quote (the quoted uri) give the rest.',
    'A missing status is an empty result (meta.reason not_found; login_required when the instance refuses logged-out readers), never charged; a status whose author opted out of indexing (noindex) is an empty result with meta.reason author_opted_out.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: STATUS_FORMS }),
  returns: { kind: 'single', type: 'Post' },
  raw: z.object({
    rebloggedBy: z.string().nullable().describe("the reblogger's full acct when the URL named a reblog, else null"),
    sensitive: z.boolean().nullable().describe('marked sensitive by its author'),
    visibility: z.string().nullable().describe('public or unlisted'),
    poll: z.looseObject({}).nullable().describe('the poll as served, or null'),
    quote: z.string().nullable().describe("the quoted status's uri, or null"),
  }),
  normaliseParams: canonicalStatus,
  async fetch(input, ctx): Promise<SingleResult<Post>> {
    const found = await lookupStatus(ctx, input.url);
    if (found.kind === 'empty') return emptySingle(found.answer);
    if (found.kind === 'refused') return reasonedSingle(found.url, found.reason);
    const { uri: _uri, ...extras } = postExtras(found.status, found.host);
    return {
      data: statusToPost(found.status, found.host, ctx.fetchedAt),
      raw: { via: 'api', url: found.url, ...extras, payload: found.body },
    };
  },
});
