import { z } from 'zod';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { parseTrendingDevelopers } from '../trending/parse-developers.js';
import { getWeb, webUrl } from '../upstream/github.js';
import { languageSlug, since, trendingLanguage } from './params.js';
import { TRENDING_BOARD_SIZE } from './trending.js';
import { trendingDevelopersRaw } from './raw-fields.js';

const params = z.object({ language: trendingLanguage, since });

/** GET /v1/code/trending/developers */
export const codeTrendingDevelopersEndpoint = defineEndpoint({
  path: '/v1/code/trending/developers',
  summary: "GitHub's trending developers board, in the order served",
  description: [
    "Returns data.items: Creator[] in the board's order (up to 25): handle (login), displayName, avatarUrl and url; counts the board does not show are null.",
    "raw.developers gives each entry's rank, its popular repository (raw.developers[i].popularRepo: fullName and description, null when the board shows an employer instead) and that employer line.",
    'Not batchable. A board with no entries is an empty result, never charged.',
  ].join(' '),
  params,
  raw: trendingDevelopersRaw,
  flags: endpointFlags({ subscribable: true, batchable: false }),
  returns: { kind: 'list', type: 'Creator', maxItems: TRENDING_BOARD_SIZE },
  normaliseParams: (input) => ({ ...input, language: languageSlug(input.language) }),
  async fetch(input, ctx): Promise<ListResult<Creator>> {
    const path = input.language === undefined ? '/trending/developers' : `/trending/developers/${encodeURIComponent(input.language)}`;
    const url = webUrl(path, { since: input.since });
    const answer = await getWeb(ctx, url);
    if (answer.kind === 'empty') return emptyListResult(answer.reason, { via: 'html', url });
    const board = parseTrendingDevelopers(answer.response.body, ctx.fetchedAt);
    return {
      items: board.items.slice(0, TRENDING_BOARD_SIZE),
      pagination: { cursor: null, hasMore: false },
      raw: { via: 'html', url, since: input.since, developers: board.extras.slice(0, TRENDING_BOARD_SIZE) },
      ...(board.items.length === 0 ? { emptyReason: 'no_trending_developers' } : {}),
    };
  },
});
