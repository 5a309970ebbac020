/** An upstream request's signal: its own deadline, joined with whoever may cancel it. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** True once the deadline passed (as opposed to a cancellation). */
  readonly expired: boolean;
}

/** Starts a request's deadline of `timeoutMs`, cancelled early when `cancel` aborts. */
export function startDeadline(timeoutMs: number, cancel?: AbortSignal): Deadline {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
  return {
    signal,
    get expired() {
      return timeout.aborted;
    },
  };
}
