import { z } from 'zod';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import { invalidParam } from '../../../errors.js';
import { ACTIVITY_EVENT_CAP } from '../constants.js';
import { parseLogin } from '../input/refs.js';
import type { ActivityEvent } from '../model.js';
import { eventToActivity } from '../normalise/event.js';
import { eventBodySchema } from '../schemas/event.js';
import { emptyList } from '../upstream/answers.js';
import { apiUrl, getApi } from '../upstream/github.js';
import { encodeCursor, nextPageOf, pageOf } from '../upstream/paging.js';
import { canonicalUserPage, cursor, pageLimit, username } from './params.js';
import { activityRaw } from './raw-fields.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

const params = z.object({ username, limit: pageLimit, cursor });

/** What raw.cap says when the feed stops at the platform's cap. */
const CAP_NOTE = {
  maxEvents: ACTIVITY_EVENT_CAP,
  reason: 'GitHub serves at most 300 public events per account (and none older than 90 days), whatever the paging.',
};

/** GitHub answers 422 for a page past the cap. */
const PAST_CAP_STATUS = 422;

/** GET /v1/code/user/activity */
export const codeUserActivityEndpoint = defineEndpoint({
  path: '/v1/code/user/activity',
  summary: "An account's public activity feed, newest first (at most 300 events within 90 days)",
  description: [
    'Returns data.items: ActivityEvent[] newest first, each with the platform\'s event type and a readable summary ("pushed 3 commits to main", "opened issue #12: ...", "starred owner/name").',
    'The platform serves at most 300 events and none older than 90 days: the feed stops there whatever the paging, with hasMore false and raw.cap saying why.',
    'A missing account is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  raw: activityRaw,
  flags: endpointFlags({
    subscribable: true,
    parameterConstraints: 'pass a cursor with the same limit it was made with; the feed ends at 300 events',
  }),
  returns: { kind: 'list', type: 'ActivityEvent' },
  normaliseParams(input) {
    const canonical = canonicalUserPage(input);
    if ((pageOf(canonical.cursor, canonical.limit) - 1) * canonical.limit >= ACTIVITY_EVENT_CAP) {
      // The feed stops at the cap, so this gateway never issues such a cursor.
      throw invalidParam('cursor', `cursor points past the ${ACTIVITY_EVENT_CAP}-event cap of the activity feed.`);
    }
    return canonical;
  },
  async fetch(input, ctx): Promise<ListResult<ActivityEvent>> {
    const page = pageOf(input.cursor, input.limit);
    const offset = (page - 1) * input.limit;
    const url = apiUrl(`/users/${encodeURIComponent(parseLogin(input.username))}/events/public`, { per_page: input.limit, page });
    const answer = await getApi(ctx, url, [PAST_CAP_STATUS]);
    if (answer.kind === 'empty') return emptyList(url, answer);
    if (answer.response.status === PAST_CAP_STATUS) return emptyListResult('activity_cap', { via: 'api', url, cap: CAP_NOTE });
    const payload = parseJsonBody(answer.response, 'activity feed');
    const events = parseShape(z.array(eventBodySchema), payload, 'activity feed');
    // At most `limit`, and never past the cap: a page that straddles it is cut at the 300th event.
    const kept = events.slice(0, Math.min(input.limit, ACTIVITY_EVENT_CAP - offset));
    const atCap = offset + kept.length >= ACTIVITY_EVENT_CAP;
    const next = atCap ? null : nextPageOf(answer.response.headers.link);
    return {
      items: kept.map((event) => eventToActivity(event, ctx.fetchedAt)),
      pagination:
        next === null ? { cursor: null, hasMore: false } : { cursor: encodeCursor({ page: next, perPage: input.limit }), hasMore: true },
      raw: {
        via: 'api',
        url,
        pollIntervalSeconds: pollInterval(answer.response.headers['x-poll-interval']),
        ...(atCap ? { cap: CAP_NOTE } : {}),
        payload,
      },
    };
  },
});

function pollInterval(value: string | undefined): number | null {
  const seconds = Number(value);
  return value !== undefined && Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}
