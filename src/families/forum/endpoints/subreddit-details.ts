import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import { invalidParam } from '../../../errors.js';
import { parseSubredditRef } from '../input/name-ref.js';
import { fetchSubredditAboutJson, fetchSubredditPage } from '../services/subreddit-about.js';
import { withFallback } from '../upstream/fallback.js';
import { canonicalCommunity } from './canonical.js';

const params = z.object({
  subreddit: z.string().min(1).max(2048).describe('community name, name with r/ prefix, or full community URL'),
  url: z
    .string()
    .min(1)
    .max(2048)
    .optional()
    .describe('the community URL (same forms as subreddit); when given it must name the same community'),
});

/** GET /v1/forum/subreddit/details */
export const forumSubredditDetailsEndpoint = defineEndpoint({
  path: '/v1/forum/subreddit/details',
  summary: "A community's profile: title, description, icon, banner, subscribers, creation date",
  description: [
    'Returns one Creator for the community: handle is its name, displayName its title, bio its public description, followerCount its subscribers, isPrivate true only for private communities (restricted ones are readable: false, raw.subredditType says which), category its advertiser category.',
    'raw.activeUsers holds the people online now; raw.via names the surface.',
    'When the JSON surface is blocked the community\'s web page answers instead (raw.via "html"): subscribers, creation date and privacy are then null and raw.weeklyVisitors and raw.weeklyContributions carry the weekly activity figures.',
    'Private, quarantined, banned and non-existent communities are empty results with meta.reason, never charged.',
  ].join(' '),
  params,
  raw: z.object({
    via: z.enum(['json', 'html']).describe("the surface that answered (html: the community's web page, when JSON is blocked)"),
    subredditType: z.string().nullable().describe('public, restricted, private, ...'),
    activeUsers: z.number().nullable().describe('people online now'),
    weeklyVisitors: z.number().nullable().describe('from the web page'),
    weeklyContributions: z.number().nullable().describe('from the web page'),
  }),
  flags: endpointFlags({
    subscribable: false,
    parameterConstraints: 'subreddit is required; url, when also given, must name the same community',
  }),
  returns: { kind: 'single', type: 'Creator' },
  normaliseParams: canonicalCommunity,
  async fetch(input, ctx) {
    const name = parseSubredditRef(input.subreddit, 'subreddit');
    if (input.url !== undefined && parseSubredditRef(input.url, 'url').toLowerCase() !== name.toLowerCase()) {
      throw invalidParam('url', 'url names a different community than subreddit; pass the same community or leave url out.');
    }
    return withFallback(
      () => fetchSubredditAboutJson(name, ctx),
      () => fetchSubredditPage(name, ctx),
    );
  },
});
