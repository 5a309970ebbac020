import type { FetchContext, SingleResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { FORUM_PLATFORM, REDDIT_ORIGIN } from '../constants.js';
import { parseSubredditHeader } from '../html/subreddit-header.js';
import { cleanImageUrl, subredditToCreator } from '../normalise/creator.js';
import { subredditDataSchema } from '../schemas/about.js';
import { thingSchema } from '../schemas/listing.js';
import { subredditAboutUrl, subredditPageUrl } from '../upstream/reddit-urls.js';
import { isRedirectToCommunitySearch, isRefusal, readRefusal, REFUSAL_STATUSES } from '../upstream/refusals.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

/**
 * Community details from two surfaces: about.json first, and the
 * community's HTML page when JSON is blocked. A non-existent community answers about.json
 * with a redirect to community search (a Listing instead of a t5): not_found.
 */

export async function fetchSubredditAboutJson(name: string, ctx: FetchContext): Promise<SingleResult<Creator>> {
  const url = subredditAboutUrl(name);
  const response = await ctx.upstream.fetch({ url, passStatuses: REFUSAL_STATUSES });
  if (isRefusal(response)) {
    const refusal = readRefusal(response);
    return { data: null, raw: { via: 'json', url, payload: refusal.payload }, emptyReason: refusal.reason };
  }
  const payload = parseJsonBody(response, 'community about');
  const thing = parseShape(thingSchema, payload, 'community about');
  if (isRedirectToCommunitySearch(response) || thing.kind === 'Listing')
    return { data: null, raw: { via: 'json', url, payload }, emptyReason: 'not_found' };
  if (thing.kind !== 't5') throw schemaDrift('The community about answer was not a community (t5).', { kind: thing.kind });
  const community = parseShape(subredditDataSchema, thing.data, 'community about');
  return {
    data: subredditToCreator(community, ctx.fetchedAt),
    raw: {
      via: 'json',
      url,
      payload,
      activeUsers: community.active_user_count ?? community.accounts_active ?? null,
      subredditType: community.subreddit_type ?? null,
    },
  };
}

/**
 * The HTML surface: subscribers, creation date and privacy are not shown there (null);
 * weekly visitors and contributions go to raw. The id is the page's t5 id, or the name
 * when the page does not carry one.
 */
export async function fetchSubredditPage(name: string, ctx: FetchContext): Promise<SingleResult<Creator>> {
  const url = subredditPageUrl(name);
  const response = await ctx.upstream.fetch({ url, passStatuses: [404], headers: { accept: 'text/html' } });
  if (response.status === 404) return { data: null, raw: { via: 'html', url }, emptyReason: 'not_found' };
  const header = parseSubredditHeader(response.body);
  if (header === null) throw schemaDrift('The community page has no community header.', { url });
  const handle = header.name ?? name;
  return {
    data: makeCreator({
      platform: FORUM_PLATFORM,
      id: header.id ?? handle,
      handle,
      displayName: header.title,
      bio: header.description,
      avatarUrl: cleanImageUrl(header.iconUrl),
      bannerUrl: cleanImageUrl(header.bannerUrl),
      url: `${REDDIT_ORIGIN}/r/${handle}/`,
      fetchedAt: ctx.fetchedAt,
    }),
    raw: {
      via: 'html',
      url,
      weeklyVisitors: header.weeklyVisitors,
      weeklyContributions: header.weeklyContributions,
      headerAttributes: header.attributes,
    },
  };
}
