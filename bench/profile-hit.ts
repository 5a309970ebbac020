/**
 * A CPU profile of one server answering the REST cache hit, over the measured load only (not
 * start-up or warm-up): `tsx bench/profile-hit.ts [gateway|stock|bare|fastify] [seconds] [file]`
 * (default gateway, 10 s, <os tmpdir>/<kind>-<time>.cpuprofile; a file ending in .heapprofile
 * samples allocations instead). REDIS_URL puts the gateway on Redis. Prints hits a second, CPU
 * per hit and the profile's summary (bench/profile-summary.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './support/load.js';
import { startStockTarget } from './support/stock-process.js';
import { startTarget } from './support/target-process.js';

const [kind = 'gateway', secondsText = '10', fileArgument] = process.argv.slice(2);
const seconds = Number(secondsText);
if (!['gateway', 'stock', 'bare', 'fastify'].includes(kind) || !(seconds > 0))
  throw new Error('usage: bench/profile-hit.ts [gateway|stock|bare|fastify] [seconds] [file]');
const file = resolve(fileArgument ?? join(tmpdir(), `${kind}-${Date.now()}.cpuprofile`));
mkdirSync(dirname(file), { recursive: true });

const target = await startTarget(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
const stock = kind === 'stock' ? await startStockTarget(target.gatewayUrl + target.hitPath, target.key) : null;
const server = stock ?? target;
const url = stock ? stock.url : ({ bare: target.bareUrl, fastify: target.fastifyUrl }[kind] ?? target.gatewayUrl) + target.hitPath;

const options = { url, connections: 32, headers: { 'x-api-key': target.key } };
await load({ ...options, duration: 2 }, 0);
const before = await server.stats();
await server.profile('start', file);
const figures = await load({ ...options, duration: seconds }, 0);
await server.profile('stop', file);
const after = await server.stats();
await stock?.stop();
await target.stop();

const cpu = (after.cpuMicros - before.cpuMicros) / Math.max(1, figures.requests);
process.stdout.write(
  `${kind}: ${Math.round(figures.rps)} hits/s, ${figures.requests} hits, ${cpu.toFixed(1)} µs CPU per hit (profiler on), ${figures.failed} failed\n`,
);
const summary = fileURLToPath(new URL('./profile-summary.ts', import.meta.url));
spawnSync(process.execPath, ['--import', 'tsx', summary, file, '40'], { stdio: 'inherit' });
