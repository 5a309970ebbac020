import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { COLLECTIONS } from '../constants.js';
import { parseRecord } from '../input/refs.js';
import { isOptedOut } from '../normalise/opt-out.js';
import { text } from '../normalise/values.js';
import { listItemSchema, listPageSchema } from '../schemas/views.js';
import { getXrpc } from '../upstream/xrpc.js';
import { creatorsResult, didOf, emptyList, optedOutList, parseShape } from './pages.js';
import { canonicalRecord, cursor, listUrl, pageLimit, recordForms } from './params.js';

const params = z.object({ url: listUrl, limit: pageLimit(100, 50), cursor });

/** GET /v1/social/list */
export const socialListEndpoint = defineEndpoint({
  path: '/v1/social/list',
  summary: 'The members of a Bluesky list, in the order served',
  description: [
    "Returns data.items: Creator[] (the members; their counts are null: lists carry none). raw.list gives the list's name, purpose, description and listItemCount.",
    'The platform drops members it no longer shows, so a page may hold fewer than listItemCount or limit and still have more.',
    'Members who asked not to be shown to logged-out viewers are left out (meta.warnings says how many); a list made by such an account is an empty result with meta.reason author_opted_out.',
    'A missing list is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: recordForms('list') }),
  returns: { kind: 'list', type: 'Creator' },
  raw: z.object({ list: z.looseObject({}).nullable().describe("the list's name, purpose, description and listItemCount") }),
  normaliseParams: canonicalRecord('list'),
  async fetch(input, ctx): Promise<ListResult<Creator>> {
    const ref = parseRecord(input.url, 'list');
    const owner = await didOf(ctx, ref.actor);
    if ('kind' in owner) return emptyList(owner);
    const answer = await getXrpc(ctx, 'app.bsky.graph.getList', {
      list: `at://${owner.did}/${COLLECTIONS.list}/${ref.rkey}`,
      limit: input.limit,
      cursor: input.cursor,
    });
    if (answer.kind === 'empty') return emptyList(answer);
    const body = parseShape(listPageSchema, answer.body, 'getList');
    if (isOptedOut(body.list.creator)) return optedOutList(answer.url);
    const { list } = body;
    const subjects = body.items.map((item) => parseShape(listItemSchema, item, 'list item').subject);
    return creatorsResult(subjects, answer, body.cursor, ctx.fetchedAt, {
      list: {
        uri: list.uri,
        name: text(list.name),
        purpose: text(list.purpose),
        description: text(list.description),
        listItemCount: list.listItemCount ?? null,
        creator: list.creator?.did ?? null,
      },
    });
  },
});
