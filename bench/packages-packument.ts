/**
 * `npx tsx bench/packages-packument.ts`: what reading a packument of 5,000 versions (about 73 MB,
 * lodash's structure) costs the packages family as a stream keeping only the mapped fields,
 * beside the plain way (the whole text, then JSON.parse) in the same run. Each way runs in a
 * process of its own, so its peak resident memory is its own; the body arrives in 64 KiB chunks
 * either way, generated as it is read.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PACKUMENT_SELECTION } from '../src/families/packages/npm/packument.js';
import { MAX_KEPT_BYTES } from '../src/families/packages/constants.js';
import { JsonPicker } from '../src/upstream/json-pick.js';
import { packumentPieces } from '../test/families/packages/large-packument.js';

const VERSIONS = 5000;
const CHUNK = 64 * 1024;
const say = (line: string) => process.stdout.write(`${line}\n`);

function* chunks(): Generator<Buffer> {
  let batch = '';
  for (const piece of packumentPieces('big-utility', VERSIONS)) {
    batch += piece;
    if (batch.length >= CHUNK) {
      yield Buffer.from(batch, 'utf8');
      batch = '';
    }
  }
  yield Buffer.from(batch, 'utf8');
}

interface Figures {
  mode: string;
  ms: number;
  /** Generating the body alone, measured in the same process: subtracted from `ms`. */
  generateMs: number;
  peakRssMiB: number;
  startRssMiB: number;
  versions: number;
}

function measure(mode: 'stream' | 'plain'): Figures {
  let peak = process.memoryUsage().rss;
  const start = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  let generateMs = performance.now();
  for (const chunk of chunks()) void chunk.length;
  generateMs = performance.now() - generateMs;
  const began = performance.now();
  let versions: number;
  if (mode === 'stream') {
    const picker = new JsonPicker(PACKUMENT_SELECTION, { maxKeptBytes: MAX_KEPT_BYTES });
    for (const chunk of chunks()) {
      picker.write(chunk);
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    versions = Object.keys((picker.end() as { versions: object }).versions).length;
  } else {
    const parts: Buffer[] = [];
    for (const chunk of chunks()) parts.push(chunk);
    const text = Buffer.concat(parts).toString('utf8');
    peak = Math.max(peak, process.memoryUsage().rss);
    versions = Object.keys((JSON.parse(text) as { versions: object }).versions).length;
  }
  const ms = performance.now() - began - generateMs;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { mode, ms, generateMs, peakRssMiB: peak / 2 ** 20, startRssMiB: start / 2 ** 20, versions };
}

function inChild(mode: string): Figures {
  const result = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), mode], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${mode} run failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Figures;
}

const child = process.argv[2];
if (child === 'stream' || child === 'plain') {
  process.stdout.write(`${JSON.stringify(measure(child))}\n`);
} else {
  const stream = inChild('stream');
  const plain = inChild('plain');
  const growth = (figures: Figures) => figures.peakRssMiB - figures.startRssMiB;
  say(
    `packument of ${VERSIONS} versions, ${(CHUNK / 1024).toFixed(0)} KiB chunks (body generation, ${stream.generateMs.toFixed(0)} ms, not counted)`,
  );
  for (const figures of [stream, plain]) {
    say(
      `  ${figures.mode === 'stream' ? 'streamed, mapped fields kept' : 'whole text, then JSON.parse '}: ${figures.ms.toFixed(0)} ms, resident memory +${growth(figures).toFixed(0)} MiB (${figures.versions} versions)`,
    );
  }
  say(`  stream / plain: time ${(stream.ms / plain.ms).toFixed(2)}x, memory growth ${(growth(stream) / growth(plain)).toFixed(2)}x`);
}
