import { z } from 'zod';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import { invalidParam } from '../../../errors.js';
import type { Repository } from '../model.js';
import { parseTrendingRepositories } from '../trending/parse-repositories.js';
import { getWeb, webUrl } from '../upstream/github.js';
import { languageSlug, since, trendingLanguage } from './params.js';
import { trendingRaw } from './raw-fields.js';

/** The board shows at most 25 repositories. */
export const TRENDING_BOARD_SIZE = 25;

const params = z.object({
  language: trendingLanguage,
  since,
  spoken_language: z
    .string()
    .min(2)
    .max(2)
    .optional()
    .describe('ISO 639-1 code of the language the repositories are written in, e.g. en, zh'),
});

/** GET /v1/code/trending */
export const codeTrendingEndpoint = defineEndpoint({
  path: '/v1/code/trending',
  summary: "GitHub's trending repositories board, in the order served",
  description: [
    "Returns data.items: Repository[] exactly in the board's order (up to 25), each with starsInPeriod (stars gained today, this week or this month), starCount, forkCount, language and description as the board shows them.",
    "The board does not show creation dates, licenses or watchers: those are null. raw.repositories gives each entry's rank and the accounts listed as building it.",
    'Not batchable: a board is one page per language and period. A board with no entries is an empty result, never charged.',
  ].join(' '),
  params,
  raw: trendingRaw,
  flags: endpointFlags({ subscribable: true, batchable: false }),
  returns: { kind: 'list', type: 'Repository', maxItems: TRENDING_BOARD_SIZE },
  normaliseParams(input) {
    const spoken = input.spoken_language?.toLowerCase();
    if (spoken !== undefined && !/^[a-z]{2}$/.test(spoken))
      throw invalidParam('spoken_language', 'spoken_language must be an ISO 639-1 code of two letters, e.g. en.');
    return { ...input, language: languageSlug(input.language), spoken_language: spoken };
  },
  async fetch(input, ctx): Promise<ListResult<Repository>> {
    const path = input.language === undefined ? '/trending' : `/trending/${encodeURIComponent(input.language)}`;
    const url = webUrl(path, { since: input.since, spoken_language_code: input.spoken_language });
    const answer = await getWeb(ctx, url);
    if (answer.kind === 'empty') return emptyListResult(answer.reason, { via: 'html', url });
    const board = parseTrendingRepositories(answer.response.body, ctx.fetchedAt);
    return {
      items: board.items.slice(0, TRENDING_BOARD_SIZE),
      pagination: { cursor: null, hasMore: false },
      raw: { via: 'html', url, since: input.since, repositories: board.extras.slice(0, TRENDING_BOARD_SIZE) },
      ...(board.items.length === 0 ? { emptyReason: 'no_trending_repositories' } : {}),
    };
  },
});
