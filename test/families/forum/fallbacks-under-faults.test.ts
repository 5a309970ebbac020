import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../support/registered-catalogue.js';
import { pairFor } from '../../hardening/support/fault-pairs.js';
import { faultNamed } from '../../hardening/support/faults.js';
import { balance, get, startHardeningGateway, type HardeningGateway, type Where } from '../../hardening/support/hardening-gateway.js';
import { paidProblems } from '../../hardening/support/outcome-checks.js';

/**
 * The fault matrix's forum rows beyond it: family README "Fallbacks". Blocked or rate-limited
 * JSON with a healthy alternate surface (the Atom feed, the community page) is a paid success
 * through that surface.
 */

const FALLBACKS: [string, string][] = [
  ['/v1/forum/post', 'atom'],
  ['/v1/forum/search', 'atom'],
  ['/v1/forum/subreddit', 'atom'],
  ['/v1/forum/user/posts', 'atom'],
  ['/v1/forum/subreddit/details', 'html'],
];
const FALLBACK_FAULTS = ['403 HTML block page', '403 JSON', '429 with Retry-After', '429 without Retry-After'];
const jsonSurface: Where = (request, url) => request.host === 'www.reddit.com' && url.pathname.endsWith('.json');

describe('forum: fallbacks under faults', () => {
  let gateway: HardeningGateway;
  beforeAll(async () => {
    gateway = await startHardeningGateway();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it.each(FALLBACK_FAULTS)('forum: %s on the JSON surface with a healthy alternate surface is a paid success via it', async (name) => {
    const fault = faultNamed(name);
    const before = await balance(gateway);
    gateway.setFault(fault.reply, jsonSurface);
    const responses = await Promise.all(
      FALLBACKS.map(async ([path, via]) => {
        const pair = pairFor(catalogue.byPath.get(path)!, `${name} (fallback)`);
        return { pair, via, response: await get(gateway, `${pair.path}&include_raw=true`) };
      }),
    );
    await gateway.clearFault();
    const problems = responses.flatMap(({ pair, via, response }) => [
      ...paidProblems(pair.label, response),
      ...(response.body.raw?.via === via ? [] : [`${pair.label}: raw.via ${response.body.raw?.via}, expected ${via}`]),
    ]);
    expect(problems).toEqual([]);
    expect(await balance(gateway)).toBe(before - FALLBACKS.length);
  });
});
