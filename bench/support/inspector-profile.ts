import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { writeHeapSnapshot } from 'node:v8';

let session: Session | null = null;

/**
 * Profiling of this process over a window the benchmark chooses (the measured load only, not
 * start-up or warm-up), through the inspector: `start`, then `stop` writes the profile to
 * `path`. A path ending in .heapprofile samples allocations instead of CPU time; one ending in
 * .heapsnapshot writes a heap snapshot at `stop`. BENCH_HEAP_MINOR=0 leaves out of a .heapprofile
 * what died young: what is left is what survived a scavenge (promoted, then collected or kept).
 */
export async function profileControl(action: 'start' | 'stop', path?: string): Promise<void> {
  if (path?.endsWith('.heapsnapshot')) {
    if (action === 'stop') writeHeapSnapshot(path);
    return;
  }
  const heap = path?.endsWith('.heapprofile') ?? false;
  if (action === 'start') {
    session = new Session();
    session.connect();
    if (heap) {
      // Every 512 bytes allocated on average, collected or not: what a hit allocates, not only what survives.
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 512,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: process.env.BENCH_HEAP_MINOR !== '0',
      });
      return;
    }
    await session.post('Profiler.enable');
    // Finer than the default 1 ms: a hit takes tens of microseconds.
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    return;
  }
  if (!session) return;
  const { profile } = heap ? await session.post('HeapProfiler.stopSampling') : await session.post('Profiler.stop');
  session.disconnect();
  session = null;
  if (path) writeFileSync(path, JSON.stringify(profile));
}
