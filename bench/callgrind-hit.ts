/**
 * Instructions per REST cache hit, counted by valgrind's callgrind in the server process: a
 * measure that the shared cores' load does not move, for deciding what to optimise.
 * `tsx bench/callgrind-hit.ts [gateway|stock|bare|fastify] [hits] [warm-up hits] [top]` (default
 * gateway, 4,000 after 20,000; `top` > 0 prints that many functions by self instructions per hit). The server runs under valgrind with instrumentation off until
 * the warm-up is over (so start-up and most JIT compilation are not counted), then the counters
 * cover exactly the measured hits, on every thread of the process (the collector's included).
 * REDIS_URL puts the gateway on Redis (redis-server's own work is not counted: it is another process).
 * Slow: valgrind runs the server about 50 times slower; a run takes one to three minutes.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './support/load.js';
import type { StockReady } from './stock-target.js';
import { startTarget, nextMessage, type TargetReady } from './support/target-process.js';

const [kind = 'gateway', hitsText = '4000', warmText = '20000', topText = '0'] = process.argv.slice(2);
const top = Number(topText);
const hits = Number(hitsText);
const warm = Number(warmText);
if (!['gateway', 'stock', 'bare', 'fastify'].includes(kind) || !(hits > 0) || !(warm >= 0)) {
  throw new Error('usage: bench/callgrind-hit.ts [gateway|stock|bare|fastify] [hits] [warm-up hits]');
}
const out = join(tmpdir(), `callgrind-hit-${process.pid}`);

function underValgrind(module: string, env: Record<string, string | undefined>): ChildProcess {
  return fork(fileURLToPath(new URL(module, import.meta.url)), [], {
    execPath: 'valgrind',
    execArgv: [
      '--tool=callgrind',
      '--instr-atstart=no',
      // V8 writes and rewrites machine code: valgrind must notice it.
      '--smc-check=all-non-file',
      `--callgrind-out-file=${out}.%p`,
      process.execPath,
      // Names for the machine code V8 generates, so the top functions can be printed by name.
      '--perf-basic-prof',
      // Optimised code is compiled on the main thread as soon as it is asked for, so it is done by the end of the warm-up.
      '--no-concurrent-recompilation',
      '--import',
      'tsx',
    ],
    env: { ...process.env, REDIS_URL: undefined, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

// The stock assembly reads its bytes from a gateway: one outside valgrind serves them.
const gatewayForStock = kind === 'stock' ? await startTarget({}) : null;
const child = gatewayForStock
  ? underValgrind('./stock-target.ts', {
      BENCH_HIT_URL: gatewayForStock.gatewayUrl + gatewayForStock.hitPath,
      BENCH_HIT_KEY: gatewayForStock.key,
    })
  : underValgrind('./target.ts', process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
let url: string;
let key: string;
if (gatewayForStock) {
  url = (await nextMessage<StockReady>(child, 'ready')).url;
  key = gatewayForStock.key;
} else {
  const ready = await nextMessage<TargetReady>(child, 'ready');
  url = ({ bare: ready.bareUrl, fastify: ready.fastifyUrl }[kind] ?? ready.gatewayUrl) + ready.hitPath;
  key = ready.key;
}
const options = { url, connections: 4, headers: { 'x-api-key': key } };
if (warm > 0) await load({ ...options, amount: warm }, 0);
const control = (...args: string[]) => execFileSync('callgrind_control', [...args, String(child.pid)], { stdio: 'ignore' });
control('-i', 'on');
const figures = await load({ ...options, amount: hits }, 0);
control('-d');
control('-i', 'off');
child.kill('SIGKILL');
await gatewayForStock?.stop();

const dump = `${out}.${child.pid}.1`;
const perfMap = `/tmp/perf-${child.pid}.map`;
const totals = /^summary:\s*(\d+)/m.exec(readFileSync(dump, 'utf8')) ?? /^totals:\s*(\d+)/m.exec(readFileSync(dump, 'utf8'));
if (!totals) throw new Error(`no totals in ${dump}`);
const instructions = Number(totals[1]);
const self = selfByFunction(dump, perfMap);
// The optimising compiler still works on its background threads after the warm-up; what it costs is not the hit's.
const compiler = [...self].reduce((sum, [name, value]) => sum + (name.includes('v8::internal::compiler::') ? value : 0), 0);
process.stdout.write(
  `${kind}: ${fmtInt((instructions - compiler) / figures.requests)} instructions per hit without the optimising compiler's, ` +
    `${fmtInt(instructions / figures.requests)} with (${fmtInt(instructions)} over ${figures.requests} hits, ${figures.failed} failed)\n`,
);
for (const [name, value] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  process.stdout.write(`${fmtInt(value / figures.requests).padStart(9)}  ${name.slice(0, 150)}\n`);
}
rmSync(dump, { force: true });
rmSync(`${out}.${child.pid}`, { force: true });
rmSync(perfMap, { force: true });

/** Self instructions by function, generated code named through V8's perf map. */
function selfByFunction(file: string, mapFile: string): Map<string, number> {
  const ranges = readFileSync(mapFile, 'utf8')
    .split('\n')
    .map((line) => /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ start: parseInt(match[1]!, 16), size: parseInt(match[2]!, 16), name: match[3]! }))
    .sort((a, b) => a.start - b.start);
  const nameAt = (address: number) => {
    let low = 0;
    let high = ranges.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const range = ranges[middle]!;
      if (address < range.start) high = middle - 1;
      else if (address >= range.start + range.size) low = middle + 1;
      else return range.name;
    }
    return `0x${address.toString(16)}`;
  };
  const annotated = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=99', file], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const self = new Map<string, number>();
  for (const line of annotated.split('\n')) {
    const match = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
    if (!match || match[2]!.startsWith('PROGRAM TOTALS')) continue;
    const where = match[2]!;
    const address = /^\?\?\?:0x([0-9a-f]+) /.exec(where);
    const name = address ? nameAt(parseInt(address[1]!, 16)) : where.replace(/^\?\?\?:/, '').replace(/ \[[^\]]*\]$/, '');
    self.set(name, (self.get(name) ?? 0) + Number(match[1]!.replaceAll(',', '')));
  }
  return self;
}

function fmtInt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
