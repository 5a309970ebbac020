import { load, type LoadFigures } from '../support/load.js';
import { fmt, type Row } from '../support/table.js';
import { startTarget } from '../support/target-process.js';

const SECONDS = 3;
const CONNECTIONS = 10;
const ROUNDS = 2;

/**
 * The publishable-key path against the secret-key path, in the same run on the same gateway:
 * one GraphQL cache hit (25 posts), sent as a query text with the secret key (the baseline)
 * and as a trusted document id with the publishable key and its allowed Origin (origin match,
 * per-IP limit, document lookup, CORS headers). The two alternate, ROUNDS times each, and the
 * best round of each counts, so a slow moment of the machine does not land on one side only.
 * Printed as ratios; nothing here asserts a time.
 */
export async function publishableKey(): Promise<Row[]> {
  const target = await startTarget();
  const url = `${target.gatewayUrl}/graphql`;
  const { publishable } = target;
  const run = (headers: Record<string, string>, body: unknown) =>
    load({
      url,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
      body: JSON.stringify(body),
    });
  const secret = () => run({ 'x-api-key': target.key }, { query: publishable.query });
  const browser = () => run({ 'x-api-key': publishable.key, origin: publishable.origin }, { documentId: publishable.documentId });
  try {
    const baselines: LoadFigures[] = [];
    const measured: LoadFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      baselines.push(await secret());
      measured.push(await browser());
    }
    const failed = [...baselines, ...measured].reduce((sum, figures) => sum + figures.failed, 0);
    if (failed > 0) throw new Error(`publishable-key bench: ${failed} requests failed (a refusal would measure the wrong path)`);
    const best = (runs: LoadFigures[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const base = best(baselines);
    const pk = best(measured);
    const scenario = `GraphQL cache hit, publishable key + trusted document vs secret key + query text (${CONNECTIONS} connections, ${SECONDS} s x ${ROUNDS})`;
    return [
      {
        scenario,
        metric: 'requests/s',
        measured: fmt.int(pk.rps),
        baseline: `${fmt.int(base.rps)} (secret key)`,
        ratio: fmt.ratio(pk.rps / base.rps),
        target: '-',
        met: null,
      },
      {
        scenario,
        metric: 'p50 latency',
        measured: fmt.ms(pk.p50),
        baseline: `${fmt.ms(base.p50)} (secret key)`,
        ratio: fmt.ratio(pk.p50 / Math.max(base.p50, 0.01)),
        target: '-',
        met: null,
      },
    ];
  } finally {
    await target.stop();
  }
}
