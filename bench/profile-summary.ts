/**
 * Summarises a V8 .cpuprofile (from BENCH_CPU_PROF=dir npm run bench -- rest): self time
 * by function and by package, so a missed target comes with evidence of what limits it.
 * Usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function owner(url: string): string {
  if (url === '') return '(native/gc/idle)';
  if (url.startsWith('node:')) return 'node core';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const source = /\/(src|test|bench)\/(.*)$/.exec(url);
  return source ? `${source[1]}/${source[2]!.split('/')[0]}` : url;
}

const [file, topArgument] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile|file.heapprofile> [top]');
if (file.endsWith('.heapprofile')) {
  summariseAllocations(file, Number(topArgument ?? 25));
  process.exit(0);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);

const byFunction = new Map<string, number>();
const byOwner = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id)!.callFrame;
  const name = `${frame.functionName || '(anonymous)'} ${owner(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  byOwner.set(owner(frame.url), (byOwner.get(owner(frame.url)) ?? 0) + micros);
}
// Inclusive time of the project's own functions (src/), counted once per sample however deep the recursion.
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const inclusive = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at)!.callFrame;
    if (!frame.url.includes('/src/')) continue;
    const name = `${frame.functionName || '(anonymous)'} ${owner(frame.url)}:${frame.lineNumber + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
}
const print = (title: string, entries: Map<string, number>, top: number) => {
  process.stdout.write(`\n${title}\n`);
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${((100 * micros) / total).toFixed(1).padStart(5)}%  ${name}\n`);
  }
};
process.stdout.write(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n`);
print('self time by package', byOwner, 15);
print('self time by function', byFunction, Number(topArgument ?? 25));
print('inclusive time of src/ functions', inclusive, Number(topArgument ?? 25));

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/** A sampled allocation profile (.heapprofile): bytes allocated by function, self and inclusive of src/ callers. */
function summariseAllocations(path: string, top: number): void {
  const { head } = JSON.parse(readFileSync(path, 'utf8')) as { head: HeapNode };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  const name = (frame: HeapNode['callFrame']) =>
    `${frame.functionName || '(anonymous)'} ${owner(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
  const walk = (node: HeapNode, stack: string[]) => {
    const here = name(node.callFrame);
    const path = node.callFrame.url.includes('/src/') && !stack.includes(here) ? [...stack, here] : stack;
    if (node.selfSize > 0) {
      total += node.selfSize;
      self.set(here, (self.get(here) ?? 0) + node.selfSize);
      for (const caller of path) inclusive.set(caller, (inclusive.get(caller) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, path);
  };
  walk(head, []);
  const print = (title: string, entries: Map<string, number>) => {
    process.stdout.write(`\n${title}\n`);
    for (const [label, bytes] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      process.stdout.write(
        `${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${(bytes / 1024 / 1024).toFixed(1).padStart(8)} MB  ${label}\n`,
      );
    }
  };
  process.stdout.write(`${path}: ${(total / 1024 / 1024).toFixed(1)} MB sampled\n`);
  print('allocated by function (self)', self);
  print('allocated under src/ functions (inclusive)', inclusive);
}
