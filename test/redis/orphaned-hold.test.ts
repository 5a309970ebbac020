import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './processes.js';
import { REDIS_URL, redisStates } from '../state/redis-support.js';

const HOLD_MS = 3000;
const CREDITS = 4;

describe.skipIf(!REDIS_URL)('a reservation whose process dies before settling it (Redis)', () => {
  const states = redisStates();
  afterAll(() => states.cleanup());

  it('returns its credits to the balance by the hold expiry, without any sweep, and a late settlement changes nothing', async () => {
    // Sweeps off: the balance read itself returns the lapsed hold.
    const state = await states.create({ sweepIntervalMs: 0 });
    const { id } = await state.keys.seed('sk_test_orphaned_hold', 10, null);
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/redis/hold-then-hang.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        REDIS_URL: REDIS_URL!,
        TEST_REDIS_PREFIX: state.prefix,
        ACCOUNT_ID: id,
        CREDITS: String(CREDITS),
        HOLD_MS: String(HOLD_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const heldAt = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the holder did not reserve:\n${output}`)), 30_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /held (\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => reject(new Error(`the holder exited with ${code}:\n${output}`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const afterKill = await state.ledger.usage(id, null);
    // Read before the expiry could have passed (on a very busy machine it may not be: then only the end is checked).
    if (Date.now() - heldAt < HOLD_MS - 500) expect(afterKill).toMatchObject({ balance: 10 - CREDITS, held: CREDITS });

    let back = afterKill;
    while (back.balance !== 10 && Date.now() - heldAt < HOLD_MS + 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      back = await state.ledger.usage(id, null);
    }
    const backAfterMs = Date.now() - heldAt;
    expect(back).toMatchObject({ balance: 10, held: 0, dailyUsed: 0 });
    // Back at the expiry (within polling and process-start slack), never before it.
    expect(backAfterMs).toBeGreaterThanOrEqual(HOLD_MS - 1000);
    expect(backAfterMs).toBeLessThan(HOLD_MS + 10_000);

    const reservationId = `orphan:${child.pid}`;
    await state.ledger.commit(id, reservationId);
    await state.ledger.release(id, reservationId);
    expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 10, held: 0 });
    expect(await state.ledger.history(id, 10)).toEqual([]);
  }, 60_000);
});
