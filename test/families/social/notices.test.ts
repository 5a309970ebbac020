import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCatalogue } from '../../../src/catalogue/catalogue.js';
import { defineEndpoint, endpointFlags } from '../../../src/catalogue/endpoint.js';
import { defineFamily } from '../../../src/catalogue/family.js';
import type { ListResult } from '../../../src/catalogue/results.js';
import { registeredFamilies } from '../../../src/families/registry.js';
import type { Creator } from '../../../src/model/content.js';
import { makeCreator } from '../../../src/model/make.js';
import { startHarness, type Harness } from '../../support/gateway.js';

/**
 * The pipeline's two kinds of meta.warnings, through a family of one endpoint: `notices` (what a
 * complete result deliberately leaves out, as the social family's withheld items) are served and
 * the result is cached; `warnings` (a partial result) are served and the result is not cached.
 */

const HOST = 'notices.example.test';

const pageEndpoint = defineEndpoint({
  family: 'noticed',
  path: '/v1/noticed/page',
  graphqlField: 'noticedPage',
  summary: 'A page that says what it left out',
  description: 'Returns data.items: Creator[]; meta.warnings says what was left out.',
  params: z.object({ kind: z.enum(['notice', 'warning']).describe('which kind of warning the page carries') }),
  flags: endpointFlags({ subscribable: false }),
  returns: { kind: 'list', type: 'Creator' },
  async fetch(input, ctx): Promise<ListResult<Creator>> {
    await ctx.upstream.fetch({ url: `https://${HOST}/page` });
    const creator = makeCreator({ platform: 'noticed', id: '1', handle: 'one', fetchedAt: ctx.fetchedAt });
    const said = input.kind === 'notice' ? { notices: ['1 account withheld'] } : { warnings: ['1 account could not be read'] };
    return { items: [creator], pagination: { cursor: null, hasMore: false }, raw: null, ...said };
  },
});

const noticedFamily = defineFamily({ name: 'noticed', hosts: [HOST], requiresResidentialProxy: false, endpoints: [pageEndpoint] });

describe('notices and warnings of a result', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({}, { catalogue: buildCatalogue([...registeredFamilies, noticedFamily]) });
    harness.upstream.on((request) => (request.host === HOST ? { body: '{}' } : undefined));
  });
  afterAll(() => harness.close());

  it('serves notices in meta.warnings and caches the result; a hit is free', async () => {
    const live = await harness.get('/v1/noticed/page?kind=notice&cache_max_age=1h');
    expect(live.body.meta).toMatchObject({ creditsCharged: 1, cached: false, warnings: ['1 account withheld'] });
    const hit = await harness.get('/v1/noticed/page?kind=notice&cache_max_age=1h');
    expect(hit.body.meta).toMatchObject({ creditsCharged: 0, cached: true });
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('serves warnings and never caches the partial result', async () => {
    const first = await harness.get('/v1/noticed/page?kind=warning&cache_max_age=1h');
    expect(first.body.meta).toMatchObject({ creditsCharged: 1, cached: false, warnings: ['1 account could not be read'] });
    const second = await harness.get('/v1/noticed/page?kind=warning&cache_max_age=1h');
    expect(second.body.meta).toMatchObject({ creditsCharged: 1, cached: false });
  });
});
