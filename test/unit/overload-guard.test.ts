import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  monitoredEventLoopDelay,
  OverloadGuard,
  SAMPLE_INTERVAL_MS,
  createOverloadGuard,
  type EventLoopDelaySource,
} from '../../src/admission/overload.js';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { GatewayError } from '../../src/errors.js';
import { catalogue } from '../support/registered-catalogue.js';

/** A delay source that answers the readings it is given, in order, then the last one again. */
function scriptedDelays(...readings: number[]): EventLoopDelaySource & { closed: boolean; reads: number } {
  const source = {
    closed: false,
    reads: 0,
    read: () => readings[Math.min(source.reads++, readings.length - 1)]!,
    close: () => void (source.closed = true),
  };
  return source;
}

describe('the overload guard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The guard's decision after each of `readings`. */
  const decisions = (...readings: number[]): boolean[] => {
    const guard = new OverloadGuard(1000, scriptedDelays(...readings), () => {});
    return readings.map(() => {
      guard.sample();
      return guard.shedding;
    });
  };

  it('sheds while the delay is over the bound in two windows in a row, and stops at the first window back under', () => {
    expect(decisions(0, 999, 1000, 1001, 4000, 1500, 20, 1200, 1200)).toEqual([false, false, false, false, true, true, false, false, true]);
  });

  it('does not shed for one stall, however long', () => {
    expect(decisions(60_000, 0, 5000, 10, 5000, 1000)).toEqual([false, false, false, false, false, false]);
  });

  it('admits until its first sample', () => {
    expect(new OverloadGuard(1000, scriptedDelays(5000), () => {}).shedding).toBe(false);
  });

  it('refuses a shed request as 503 service_unavailable with Retry-After and a busy message, and counts each', () => {
    let counted = 0;
    const guard = new OverloadGuard(1000, scriptedDelays(5000), () => counted++);
    const refusal = guard.shed();
    guard.shed();
    expect(refusal).toBeInstanceOf(GatewayError);
    expect(refusal).toMatchObject({ code: 'service_unavailable', status: 503, retryAfter: 1 });
    expect(refusal.message).toMatch(/gateway is busy/);
    expect(counted).toBe(2);
  });

  it('samples on its own timer once started, dropping what the loop waited before, until closed', async () => {
    vi.useFakeTimers();
    // Read at start (building the server: dropped), then once per window.
    const source = scriptedDelays(9000, 3000, 3000, 0);
    const guard = createOverloadGuard(
      1000,
      () => {},
      () => source,
    )!;
    expect(vi.getTimerCount()).toBe(0);
    guard.start();
    guard.start();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
    expect(guard.shedding).toBe(false);
    await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
    expect(guard.shedding).toBe(true);
    await vi.advanceTimersByTimeAsync(SAMPLE_INTERVAL_MS);
    expect(guard.shedding).toBe(false);
    expect(source.reads).toBe(4);
    guard.close();
    expect(source.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is off with a bound of 0: no guard, no monitor', () => {
    const source = vi.fn(() => scriptedDelays(5000));
    expect(createOverloadGuard(0, () => {}, source)).toBeNull();
    expect(source).not.toHaveBeenCalled();
  });

  it('reads the real event loop delay as a non-negative figure per window', () => {
    const source = monitoredEventLoopDelay();
    try {
      const first = source.read();
      expect(Number.isFinite(first) && first >= 0).toBe(true);
      expect(source.read()).toBeGreaterThanOrEqual(0);
    } finally {
      source.close();
    }
  });
});

describe('OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', () => {
  it('defaults to one second, and 0 turns shedding off', () => {
    expect(loadConfig({}, catalogue.families).OVERLOAD_MAX_EVENT_LOOP_DELAY_MS).toBe(1000);
    expect(loadConfig({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }, catalogue.families).OVERLOAD_MAX_EVENT_LOOP_DELAY_MS).toBe(0);
  });

  it.each(['-1', 'soon', '1.5'])('stops start-up on %j with one line naming it', (value) => {
    expect(() => loadConfig({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: value }, catalogue.families)).toThrow(ConfigError);
    expect(() => loadConfig({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: value }, catalogue.families)).toThrow(
      /^Invalid OVERLOAD_MAX_EVENT_LOOP_DELAY_MS:/,
    );
  });
});
