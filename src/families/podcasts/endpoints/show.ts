import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { FetchContext, SingleResult } from '../../../catalogue/results.js';
import { isGatewayError } from '../../../errors.js';
import type { Creator } from '../../../model/content.js';
import { showCreator, showCreatorWithFeed, showRaw, str } from '../normalise/apple.js';
import { fetchFeed } from '../upstream/feed.js';
import { lookupShow, type AppleRecord } from '../upstream/itunes.js';
import { REASONS } from './outcomes.js';
import { canonicalShow, country, show } from './params.js';

const params = z.object({ show, country });

/** Apple's fields alone, with the reason the feed could not add its own. */
const appleOnly = (record: AppleRecord, ctx: FetchContext, warning: string, finalFeedUrl: string | null): SingleResult<Creator> => ({
  data: showCreator(record, ctx.fetchedAt),
  raw: { show: showRaw(record, null, finalFeedUrl), payload: record },
  warnings: [warning],
});

/** The show's feed up to its first item; a feed that cannot be read leaves Apple's fields with a warning. */
async function withFeed(record: AppleRecord, ctx: FetchContext): Promise<SingleResult<Creator>> {
  const feedUrl = str(record.feedUrl);
  if (feedUrl === null) return appleOnly(record, ctx, "Apple names no feed for this show: Apple's fields alone.", null);
  let answer;
  try {
    answer = await fetchFeed(ctx, feedUrl, { kind: 'channel' });
  } catch (error) {
    // Apple's throttle is the caller's to wait out; a feed that is refused, blocked or unreadable still leaves Apple's show.
    if (!isGatewayError(error) || error.code === 'internal_error' || error.code === 'invalid_request') throw error;
    return appleOnly(record, ctx, `The show's feed could not be read (${error.code}): Apple's fields alone.`, null);
  }
  if (answer.kind === 'gone')
    return appleOnly(record, ctx, `The show's feed is gone (HTTP ${answer.status}): Apple's fields alone.`, answer.finalUrl);
  const { channel } = answer.read;
  if (channel.blocked) {
    return appleOnly(record, ctx, "The show's feed asks other platforms not to show it: Apple's fields alone.", answer.finalUrl);
  }
  return {
    data: showCreatorWithFeed(record, channel, ctx.fetchedAt),
    raw: { show: showRaw(record, channel, answer.finalUrl), payload: record },
  };
}

/** GET /v1/podcasts/show */
export const podcastsShowEndpoint = defineEndpoint({
  path: '/v1/podcasts/show',
  summary: "A podcast show as a Creator: Apple's directory record and its own feed's channel",
  description: [
    "Returns the show as a Creator from Apple's lookup, its bio and link from its RSS feed (read up to the first item).",
    "With include_raw, raw.show holds feedUrl, finalFeedUrl (after the feed's redirects), author, categories, explicit, language, type, episodeCount and lastPublishedAt.",
    "A show whose feed is missing, gone or unreadable is Apple's fields with meta.warnings saying why. An id Apple does not know is an empty result (meta.reason not_found), not charged.",
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true }),
  returns: { kind: 'single', type: 'Creator' },
  raw: z.object({
    show: z
      .record(z.string(), z.unknown())
      .describe("the show's feed URLs, author, categories, explicit flag, language, type, episode count and last publication"),
  }),
  normaliseParams: canonicalShow,
  async fetch(input, ctx): Promise<SingleResult<Creator>> {
    const record = await lookupShow(ctx, input.show, input.country ?? 'us');
    if (record === null) return { data: null, raw: {}, emptyReason: REASONS.notFound };
    return withFeed(record, ctx);
  },
});
