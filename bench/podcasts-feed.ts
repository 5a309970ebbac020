/**
 * `npx tsx bench/podcasts-feed.ts`: what reading a feed of 20,000 items (about 42 MB) for one
 * page of 100 episodes costs the podcasts family as a stream (one page kept), beside holding the
 * whole text first and reading it the same way, in the same run. Each way runs in a process of
 * its own, so its peak resident memory is its own; the body arrives in 64 KiB chunks either way,
 * generated as it is read.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readFeed } from '../src/families/podcasts/upstream/feed.js';
import { feedPieces } from '../test/families/podcasts/large-feed.js';

const ITEMS = 20_000;
const CHUNK = 64 * 1024;
const say = (line: string) => process.stdout.write(`${line}\n`);

function* chunks(): Generator<Buffer> {
  let batch = '';
  for (const piece of feedPieces(ITEMS)) {
    batch += piece;
    if (batch.length >= CHUNK) {
      yield Buffer.from(batch, 'utf8');
      batch = '';
    }
  }
  yield Buffer.from(batch, 'utf8');
}

async function* asAsync(source: Iterable<Buffer>): AsyncGenerator<Buffer> {
  yield* source;
}

interface Figures {
  mode: string;
  ms: number;
  generateMs: number;
  peakRssMiB: number;
  startRssMiB: number;
  episodes: number;
}

async function measure(mode: 'stream' | 'whole'): Promise<Figures> {
  let peak = process.memoryUsage().rss;
  const start = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  let generateMs = performance.now();
  for (const chunk of chunks()) void chunk.length;
  generateMs = performance.now() - generateMs;
  const began = performance.now();
  const need = { kind: 'page', limit: 100, after: null } as const;
  let source: Iterable<Buffer> = chunks();
  if (mode === 'whole') {
    const parts: Buffer[] = [];
    for (const chunk of chunks()) parts.push(chunk);
    const whole = Buffer.concat(parts);
    peak = Math.max(peak, process.memoryUsage().rss);
    source = [whole];
  }
  const read = await readFeed(asAsync(source), need);
  const ms = performance.now() - began - generateMs;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { mode, ms, generateMs, peakRssMiB: peak / 2 ** 20, startRssMiB: start / 2 ** 20, episodes: read.itemCount };
}

function inChild(mode: string): Figures {
  const result = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), mode], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${mode} run failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Figures;
}

const child = process.argv[2];
if (child === 'stream' || child === 'whole') {
  process.stdout.write(`${JSON.stringify(await measure(child))}\n`);
} else {
  const stream = inChild('stream');
  const whole = inChild('whole');
  const growth = (figures: Figures) => figures.peakRssMiB - figures.startRssMiB;
  say(`feed of ${ITEMS} items, ${(CHUNK / 1024).toFixed(0)} KiB chunks (body generation, ${stream.generateMs.toFixed(0)} ms, not counted)`);
  for (const figures of [stream, whole]) {
    say(
      `  ${figures.mode === 'stream' ? 'streamed, one page kept  ' : 'whole body held, then read'}: ${figures.ms.toFixed(0)} ms, resident memory +${growth(figures).toFixed(0)} MiB (${figures.episodes} episodes)`,
    );
  }
  say(`  stream / whole: memory growth ${(growth(stream) / growth(whole)).toFixed(2)}x`);
}
