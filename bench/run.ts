/**
 * `npm run bench`: every scenario, each bounded well under a minute, loopback only, then one
 * table of the gateway's figures beside their baselines. REDIS_URL adds the cache-hit run on
 * Redis; bench/batch.ts runs after the table when it exists.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { coalesce } from './scenarios/coalesce.js';
import { coldStart } from './scenarios/cold-start.js';
import { graphqlEdges } from './scenarios/graphql-edges.js';
import { memory } from './scenarios/memory.js';
import { publishableKey } from './scenarios/publishable-key.js';
import { restHit } from './scenarios/rest-hit.js';
import { sharedWatches } from './scenarios/shared-watches.js';
import { sse } from './scenarios/sse.js';
import { renderTable, type Row } from './support/table.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** `npm run bench -- rest graphql` runs only the named scenarios. */
const SCENARIOS: Record<string, () => Promise<Row[]>> = {
  rest: () => restHit('memory state'),
  graphql: graphqlEdges,
  publishable: publishableKey,
  coalesce,
  memory,
  sse,
  redis: () =>
    process.env.REDIS_URL ? restHit('Redis state', { REDIS_URL: process.env.REDIS_URL }, { bare: 0.6, stock: null }) : Promise.resolve([]),
  // The same hit on the Redis cache alone: what the near-cache in front of it gains, from the same run.
  'redis-bare': () =>
    process.env.REDIS_URL
      ? restHit('Redis state, no near-cache', { REDIS_URL: process.env.REDIS_URL, BENCH_NEAR_CACHE: '0' }, { bare: 0.5, stock: null })
      : Promise.resolve([]),
  'cold-start': coldStart,
  'shared-watches': () => sharedWatches(),
  'shared-watches-redis': () => (process.env.REDIS_URL ? sharedWatches(process.env.REDIS_URL) : Promise.resolve([])),
};

async function main(): Promise<void> {
  const chosen = process.argv.slice(2).filter((name) => name in SCENARIOS);
  const names = chosen.length > 0 ? chosen : Object.keys(SCENARIOS);
  say(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${process.platform}`,
  );
  if (!process.env.REDIS_URL) say('REDIS_URL unset: the Redis cache-hit run is skipped.');
  const rows: Row[] = [];
  for (const name of names) {
    const started = Date.now();
    rows.push(...(await SCENARIOS[name]!()));
    say(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  say('');
  say(renderTable(rows));

  const batch = fileURLToPath(new URL('./batch.ts', import.meta.url));
  if (chosen.length === 0 && existsSync(batch)) {
    say('\nbench/batch.ts:');
    const result = spawnSync(process.execPath, ['--import', 'tsx', batch], { stdio: 'inherit' });
    if (result.status !== 0) process.exitCode = result.status ?? 1;
  }
  if (rows.some((row) => row.met === false)) say('\nSome targets were missed (met = NO); see bench/RESULTS.md.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
