import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../support/registered-catalogue.js';
import { pairFor, runPairs } from '../../hardening/support/fault-pairs.js';
import { faultNamed, FAULTS } from '../../hardening/support/faults.js';
import { balance, get, startHardeningGateway, type HardeningGateway } from '../../hardening/support/hardening-gateway.js';
import { paidProblems } from '../../hardening/support/outcome-checks.js';
import { SALE_SECONDARY_PATH, ZIP_SECONDARY_PATH } from './healthy.js';

/**
 * The fault matrix's realty rows beyond the page: the page loads and lacks a section, so the
 * gateway asks a stingray endpoint, which fails. The fault matrix itself faults the page only.
 */

const onPage = (path: string) => (variant: number) => ({ url: `https://www.redfin.com${path}?variant=${variant}` });

const SECONDARY: [string, string, (variant: number) => Record<string, string>, RegExp][] = [
  ['/v1/realty/for-sale', 'belowTheFold', onPage(SALE_SECONDARY_PATH), /^\/stingray\/api\/home\/details\/belowTheFold$/],
  ['/v1/realty/search', 'gis', onPage(ZIP_SECONDARY_PATH), /^\/stingray\/api\/gis$/],
];
// A readable answer of another shape is not a failure there: the section is dropped (realty README).
const WRONG_SHAPE = 'valid JSON of the wrong shape';
const SECONDARY_FAULTS = FAULTS.map((fault) => fault.name).filter((name) => name !== WRONG_SHAPE);

describe('realty: faults on secondary surfaces', () => {
  let gateway: HardeningGateway;
  beforeAll(async () => {
    gateway = await startHardeningGateway();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it.each(SECONDARY_FAULTS)('realty: %s on a secondary surface under a healthy page fails the same way, uncharged', async (name) => {
    const fault = faultNamed(name);
    for (const [path, surface, scenario, surfacePath] of SECONDARY) {
      const pair = pairFor(catalogue.byPath.get(path)!, `${name} on ${surface}`, scenario);
      await runPairs(
        gateway,
        [pair],
        fault.reply,
        (request, url) => request.host === 'www.redfin.com' && surfacePath.test(url.pathname),
        fault.expected,
      );
    }
  });

  it("realty: a wrongly shaped belowTheFold under a healthy page is the page's listing, charged once, and not a failure", async () => {
    const fault = faultNamed(WRONG_SHAPE);
    const before = await balance(gateway);
    gateway.setFault(
      fault.reply,
      (request, url) => request.host === 'www.redfin.com' && url.pathname === '/stingray/api/home/details/belowTheFold',
    );
    const pair = pairFor(catalogue.byPath.get('/v1/realty/for-sale')!, `${WRONG_SHAPE} on belowTheFold`, onPage(SALE_SECONDARY_PATH));
    const response = await get(gateway, `${pair.path}&include_raw=true`);
    await gateway.clearFault();
    expect(paidProblems(pair.label, response)).toEqual([]);
    expect(response.body.data).toMatchObject({ id: '90000001', price: 615000 });
    expect(await balance(gateway)).toBe(before - 1);
  });
});
