/** The part of an abort signal a door may be handed by its framework (a fetch ponyfill's Request, an SDK). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
}

/**
 * A native AbortSignal that aborts when `signal` does. Node's own APIs (AbortSignal.any, undici,
 * timers) check the signal's type, and a framework's Request may carry a look-alike that passes
 * TypeScript but not that check, so each door bridges what it is handed once, where it builds the
 * call, and nothing behind the door ever meets a foreign signal.
 */
export function nativeSignal(signal: AbortSignalLike): AbortSignal;
export function nativeSignal(signal: AbortSignalLike | undefined | null): AbortSignal | undefined;
export function nativeSignal(signal: AbortSignalLike | undefined | null): AbortSignal | undefined {
  if (!signal) return undefined;
  if (isNativeSignal(signal)) return signal;
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller.signal;
}

/** The `aborted` getter of Node's AbortSignal, which throws ERR_INVALID_THIS on anything else. */
const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')!.get!;

/**
 * Whether Node's own type check accepts the signal. `instanceof` is not enough: a ponyfill's
 * signal may inherit from AbortSignal.prototype without being one.
 */
function isNativeSignal(signal: AbortSignalLike): signal is AbortSignal {
  try {
    abortedGetter.call(signal);
    return true;
  } catch {
    return false;
  }
}
