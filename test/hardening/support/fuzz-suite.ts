import { afterAll, beforeAll } from 'vitest';
import { balance, startHardeningGateway, type HardeningGateway } from './hardening-gateway.js';
import { declareCallerHosts, declareProviders } from './network-guard.js';

/** What a fuzz suite counts as it goes, for its closing line and its billing check. */
export interface FuzzTally {
  gateway: HardeningGateway;
  cases: number;
  imageCases: number;
  charged: number;
  upstreamRequests: number;
  /** The key's balance before the first case. */
  before: number;
}

/**
 * The shared frame of the REST and GraphQL fuzz suites: one hardening gateway (providers and
 * the caller-named hosts its fake upstream answers declared), its opening balance, and a closing line with the counts (issue 8 asks each suite to
 * print its count of cases). Call inside `describe`.
 */
export function fuzzSuite(closingLine: (tally: FuzzTally) => string): FuzzTally {
  const tally = { cases: 0, imageCases: 0, charged: 0, upstreamRequests: 0, before: 0 } as FuzzTally;
  beforeAll(async () => {
    tally.gateway = await startHardeningGateway();
    declareProviders(tally.gateway.providers);
    declareCallerHosts(tally.gateway.callerHosts);
    tally.before = await balance(tally.gateway);
  });
  afterAll(async () => {
    // eslint-disable-next-line no-console -- the suite's count of cases
    if (tally.gateway) console.log(closingLine(tally));
    await tally.gateway?.close();
  });
  return tally;
}

/** The answer's JSON, or the problem of a 500 or a body that is not JSON. */
export function parseAnswer(status: number, text: string): { body: Record<string, any> } | { problems: string[] } {
  if (status === 500) return { problems: [`status 500: ${text.slice(0, 300)}`] };
  try {
    return { body: JSON.parse(text) as Record<string, any> };
  } catch {
    return { problems: [`status ${status}, not JSON: ${text.slice(0, 200)}`] };
  }
}
