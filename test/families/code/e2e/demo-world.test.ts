import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFamily } from '../../../../src/families/code/index.js';
import { CODE_DEMO_EXAMPLES } from '../../../../src/families/code/demo/examples.js';
import { codeRoutes } from '../../../../src/families/code/demo/routes.js';
import type { Harness } from '../../../support/gateway.js';
import { expectEmpty, expectPaid, startCodeHarness } from './support.js';

/**
 * The code family's demo world answers every printed example with paid, non-empty data through
 * the real gateway, and every code endpoint has an example (so `npm run demo` cannot rot once
 * the world is mounted in the demo).
 */

describe('the code demo world', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startCodeHarness();
    for (const route of codeRoutes()) harness.upstream.on(route);
  });
  afterAll(() => harness.close());

  it('has an example for every code endpoint', () => {
    const covered = new Set(CODE_DEMO_EXAMPLES.map((example) => example.endpoint));
    expect(codeFamily.endpoints.map((endpoint) => endpoint.path).filter((path) => !covered.has(path))).toEqual([]);
  });

  it('answers every example with paid data', async () => {
    for (const example of CODE_DEMO_EXAMPLES) {
      const response = await harness.get(example.path);
      const kind = codeFamily.endpoints.find((endpoint) => endpoint.path === example.endpoint)!.returns.kind;
      expectPaid(response, kind);
      const data = response.body.data as Record<string, any>;
      if (kind === 'list') expect(data.items.length, example.path).toBeGreaterThan(0);
      else expect(Object.values(data).filter((value) => value !== null).length, example.path).toBeGreaterThan(5);
    }
  });

  it('pages, filters and answers unknown names like the platform', async () => {
    const first = await harness.get('/v1/code/user/repos?username=lumen-works&limit=2');
    expect(first.body.pagination.hasMore).toBe(true);
    const second = await harness.get(`/v1/code/user/repos?username=lumen-works&limit=2&cursor=${first.body.pagination.cursor}`);
    expect(second.body.data.items).toHaveLength(1);
    expect(second.body.pagination.hasMore).toBe(false);
    const org = await harness.get('/v1/code/user?username=lumen-works');
    expect(org.body.data).toMatchObject({ isBusiness: true, category: 'Organization' });
    const bot = await harness.get(`/v1/code/user?username=${encodeURIComponent('ferrite-bot[bot]')}`);
    expect(bot.body.data).toMatchObject({ category: 'Bot' });
    const trending = await harness.get('/v1/code/trending?language=rust&since=weekly');
    expect(trending.body.data.items.map((repository: { fullName: string }) => repository.fullName)).toEqual(['lumen-works/ferrite']);
    expectEmpty(await harness.get('/v1/code/repo?repo=lumen-works/nothing-here'), 'single', 'not_found');
  });
});
