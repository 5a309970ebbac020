import { describe, expect, it } from 'vitest';
import type { FlightAnswer, Flights } from '../../src/state/flights/index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` is true, or fails after `timeoutMs` (generous: the machine may be busy). */
async function until(probe: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A fetch that waits for the test to answer it, counting its runs. */
function gatedFetch() {
  let open!: (answer: string) => void;
  const gate = new Promise<string>((resolve) => (open = resolve));
  const runs: AbortSignal[] = [];
  return {
    runs,
    open,
    fetch: (signal: AbortSignal) => {
      runs.push(signal);
      return gate;
    },
  };
}

export interface FlightsUnderTest {
  /** Two participants: two processes on one store (the same object for the memory adapter). */
  one: Flights;
  two: Flights;
  /** Whether `one` and `two` are distinct processes. */
  apart: boolean;
  /** Kills `one` as a process dies: no renewal, no answer, no goodbye. */
  killOne?: () => Promise<void>;
}

/**
 * What every flights adapter must do. `create` gives two participants on a fresh namespace;
 * `leaseMs` is how soon a dead holder's lease lapses where there is one.
 */
export function flightsContract(
  name: string,
  create: (options: { leaseMs: number }) => Promise<FlightsUnderTest>,
  options: { skip?: boolean } = {},
): void {
  describe.skipIf(options.skip ?? false)(`${name} flights contract`, () => {
    it('answers every identical caller, on either participant, from one fetch', async () => {
      const { one, two } = await create({ leaseMs: 5000 });
      const gated = gatedFetch();
      let waits = 0;
      const onWait = () => void (waits += 1);
      const answers: Promise<FlightAnswer>[] = [];
      for (let index = 0; index < 20; index += 1) answers.push((index % 2 ? two : one).share('k', gated.fetch, { onWait }));
      await until(() => waits === 19, 'nineteen callers waiting on the first one');
      gated.open('the answer');
      const settled = await Promise.all(answers);
      expect(gated.runs).toHaveLength(1);
      expect(new Set(settled.map((each) => each.answer))).toEqual(new Set(['the answer']));
      expect(settled.filter((each) => each.role === 'holder')).toHaveLength(1);
      expect(settled.filter((each) => each.role === 'waiter')).toHaveLength(19);
    });

    it('never shares distinct keys, and fetches afresh once a flight has landed', async () => {
      const { one, two } = await create({ leaseMs: 5000 });
      let runs = 0;
      const fetch = (answer: string) => async () => `${answer} ${(runs += 1)}`;
      const [a, b] = await Promise.all([one.share('a', fetch('a')), two.share('b', fetch('b'))]);
      expect([a.answer.split(' ')[0], b.answer.split(' ')[0], runs]).toEqual(['a', 'b', 2]);
      expect([a.role, b.role]).toEqual(['holder', 'holder']);
      const again = await two.share('a', fetch('a'));
      expect([again.answer, again.role]).toEqual(['a 3', 'holder']);
    });

    it('keeps a fetch running while any caller waits; stops it once every caller has left, unless others elsewhere may wait', async () => {
      const { one, two, apart } = await create({ leaseMs: 5000 });
      const gated = gatedFetch();
      const leaving = new AbortController();
      let waits = 0;
      const first = one.share('left', gated.fetch, { signal: leaving.signal });
      const second = two.share('left', gated.fetch, { onWait: () => void (waits += 1) });
      await until(() => waits === 1 && gated.runs.length === 1, 'the second caller waiting');
      leaving.abort(new Error('gone'));
      await expect(first).rejects.toThrow('left');
      expect(gated.runs[0]!.aborted).toBe(false);
      gated.open('still wanted');
      expect((await second).answer).toBe('still wanted');

      const alone = gatedFetch();
      const quitting = new AbortController();
      const only = one.share('abandoned', alone.fetch, { signal: quitting.signal });
      await until(() => alone.runs.length === 1, 'the fetch to start');
      quitting.abort(new Error('gone'));
      await expect(only).rejects.toThrow('left');
      expect(alone.runs[0]!.aborted).toBe(!apart);
      alone.open('landed for nobody');
    });

    it('lets a caller elsewhere take over a flight that ended without an answer', async ({ skip }) => {
      const { one, two, apart } = await create({ leaseMs: 5000 });
      if (!apart) skip('one process: its callers share the failed fetch itself');
      let failing!: (error: Error) => void;
      const first = one.share('broken', () => new Promise<string>((_resolve, reject) => (failing = reject)));
      await until(() => failing !== undefined, 'the first fetch to start');
      let waiting = false;
      const second = two.share('broken', async () => 'fetched again', { onWait: () => void (waiting = true) });
      await until(() => waiting, 'the second caller waiting');
      failing(new Error('the fetch broke'));
      await expect(first).rejects.toThrow('the fetch broke');
      expect(await second).toEqual({ answer: 'fetched again', role: 'takeover' });
    });

    it('strands no one when the holder dies: a waiter takes over once its lease lapses', async ({ skip }) => {
      const { one, two, killOne } = await create({ leaseMs: 400 });
      if (!killOne) skip('no holder here can die apart from its waiters');
      const never = gatedFetch();
      void one.share('orphan', never.fetch).catch(() => {});
      await until(() => never.runs.length === 1, 'the doomed holder to fetch');
      let waiting = false;
      const waiter = two.share('orphan', async () => 'fetched by the survivor', { onWait: () => void (waiting = true) });
      await until(() => waiting, 'the waiter waiting');
      await killOne!();
      expect(await waiter).toEqual({ answer: 'fetched by the survivor', role: 'takeover' });
    });
  });
}
