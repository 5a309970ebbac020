import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFamily } from '../../../../src/families/code/index.js';
import { FAULTS } from '../../../hardening/support/faults.js';
import type { Harness } from '../../../support/gateway.js';
import { balanceOf, startCodeHarness } from './support.js';

/**
 * Every code endpoint against every upstream fault of the hardening table: the same code and
 * Retry-After as the other families, never charged. (The hardening matrix itself covers the
 * code family once its harness maps GitHub's hosts.)
 */

const SCENARIOS: Readonly<Record<string, Record<string, string>>> = {
  '/v1/code/user': { username: 'fault-user' },
  '/v1/code/user/repos': { username: 'fault-user' },
  '/v1/code/user/activity': { username: 'fault-user' },
  '/v1/code/repo': { repo: 'fault-owner/fault-repo' },
  '/v1/code/repo/issues': { repo: 'fault-owner/fault-repo' },
  '/v1/code/issue': { url: 'fault-owner/fault-repo#1' },
  '/v1/code/issue/comments': { url: 'fault-owner/fault-repo#1' },
  '/v1/code/search': { query: 'fault' },
  '/v1/code/trending': {},
  '/v1/code/trending/developers': {},
};

describe('code endpoints under every upstream fault', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startCodeHarness();
  });
  afterAll(() => harness.close());

  it('has a scenario for every code endpoint', () => {
    expect(codeFamily.endpoints.map((endpoint) => endpoint.path).filter((path) => SCENARIOS[path] === undefined)).toEqual([]);
  });

  it.each(FAULTS.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
    harness.upstream.reset();
    // The previous fault's Retry-After or spent budget would close the host: each fault starts afresh.
    await harness.gateway.upstreamBudgets.forget();
    harness.upstream.on(() => fault.reply);
    const before = await balanceOf(harness);
    const responses = await Promise.all(
      Object.entries(SCENARIOS).map(async ([path, params]) => ({
        path,
        response: await harness.get(`${path}?${new URLSearchParams(params).toString()}`),
      })),
    );
    const outcomes = responses.map(({ path, response }) => ({
      path,
      status: response.status,
      code: response.body.error?.code,
      retryAfter: response.headers.get('retry-after'),
      charged: response.body.meta?.creditsCharged,
    }));
    const expected = Object.keys(SCENARIOS).map((path) => ({
      path,
      status: fault.expected.status,
      code: fault.expected.code,
      retryAfter: fault.expected.retryAfter ?? outcomes.find((each) => each.path === path)!.retryAfter,
      charged: 0,
    }));
    expect(outcomes).toEqual(expected);
    expect(await balanceOf(harness)).toBe(before);
  });
});
