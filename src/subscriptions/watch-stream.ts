import { randomUUID } from 'node:crypto';
import { Repeater } from 'graphql-yoga';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { GatewayError } from '../errors.js';
import { runEndpoint, type PipelineDeps } from '../pipeline/run-endpoint.js';
import type { ApiKeyRecord } from '../state/ports.js';
import { checkForChange, judgeLook, type CheckOutcome, type LookResult } from './check.js';
import { contentHash } from './content-hash.js';
import type { WatchHub } from './watch-hub.js';
import type { WatchSnapshot } from './watch-target.js';

/** One result a watch delivers: the first one, then each change. */
export interface WatchEvent {
  endpoint: EndpointDefinition;
  params: Record<string, unknown>;
  data: unknown;
  pagination?: { cursor: string | null; hasMore: boolean };
  fetchedAt: string;
  creditsCharged: number;
  /** On a change of an endpoint with a change report: what changed since the last event (GraphQL's `changes` field and `extensions.changes`). */
  changes?: unknown[];
}

/** Who a watch bills: the caller of the stream's request. */
export interface WatchCaller {
  account: ApiKeyRecord;
  requestId: string;
}

/** What a `watch*` field asks of the watches: the result now, then each change, each billed to the caller. */
export interface WatchStreams {
  open(caller: WatchCaller, endpoint: EndpointDefinition, params: Record<string, unknown>, intervalMs: number): AsyncIterable<WatchEvent>;
}

/**
 * How long a stream's place among a target's subscribers lasts unless renewed (it is renewed
 * every third of this while the stream is open): a process that dies with streams open stops
 * their share of the polls within this long.
 */
export const WATCH_STREAM_ENTRY_TTL_MS = 60_000;

type Push = (event: WatchEvent) => Promise<unknown>;

const sleep = (ms: number, stopped: Promise<unknown>) =>
  Promise.race([new Promise<void>((resolve) => setTimeout(resolve, ms).unref()), stopped]);

/**
 * Watch streams on the pipeline: with shared watches (a server with change subscriptions) each
 * stream is one more subscriber of its target; without them (`hub` null) each stream polls on
 * its own. A failure ends the stream with the GatewayError, for the GraphQL server to render.
 */
export class PollingWatchStreams implements WatchStreams {
  readonly #deps: PipelineDeps;
  readonly #hub: WatchHub | null;

  constructor(deps: PipelineDeps, hub: WatchHub | null) {
    this.#deps = deps;
    this.#hub = hub;
  }

  /**
   * The first result through the pipeline, charged like a live query result (its price, 0 when
   * empty); then the changes, each charged 1 credit. With shared watches the stream is told each
   * poll of the target (one poll per interval however many streams and subscriptions watch it)
   * at its own pace, and compares it with the last result it sent. A failed poll emits nothing;
   * a change the balance cannot pay for ends the stream with `insufficient_credits` (or
   * `daily_cap_exceeded`). Stopping the stream aborts what runs.
   */
  open(caller: WatchCaller, endpoint: EndpointDefinition, params: Record<string, unknown>, intervalMs: number): Repeater<WatchEvent> {
    return new Repeater<WatchEvent>(async (push, stop) => {
      const aborted = new AbortController();
      void stop.then(() => aborted.abort());
      try {
        const first = await runEndpoint(
          this.#deps,
          endpoint,
          { params, cacheMaxAgeSeconds: null, includeRaw: false },
          { account: caller.account, requestId: caller.requestId, signal: aborted.signal },
        );
        const payload = first.payload;
        const hash = contentHash(payload.data, endpoint.changes?.unhashedFields);
        await push({
          endpoint,
          params,
          data: payload.data,
          pagination: payload.pagination,
          fetchedAt: first.fetchedAt,
          creditsCharged: first.creditsCharged,
        });
        const watch = {
          caller,
          endpoint,
          params,
          intervalMs,
          push,
          signal: aborted.signal,
          changes: new ChangeTracker(endpoint, payload.data),
        };
        if (this.#hub) await this.#followShared(this.#hub, watch, hash);
        else await this.#followAlone(watch, hash, stop);
      } catch (error) {
        if (!aborted.signal.aborted) stop(error);
      } finally {
        aborted.abort();
      }
    });
  }

  /** A stream as a subscriber of its watched target: told of the target's polls, at its own pace. */
  async #followShared(watches: WatchHub, watch: OpenWatch, hash: string): Promise<void> {
    const { caller, endpoint, params, intervalMs, push, signal, changes } = watch;
    const target = { endpoint: endpoint.path, params };
    const key = watches.keyOf(target);
    const subscriberId = `stream_${randomUUID()}`;
    // Only the newest poll matters: one that arrives while an event is pushed replaces an older one waiting.
    const inbox: { pending: WatchSnapshot | null } = { pending: null };
    let wake: (() => void) | null = null;
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort, { once: true });
    const unlisten = await watches.listen(key, (snapshot) => {
      inbox.pending = snapshot;
      wake?.();
    });
    const join = () => watches.join(target, subscriberId, intervalMs / 1000, WATCH_STREAM_ENTRY_TTL_MS);
    const renew = setInterval(() => void join().catch(() => {}), WATCH_STREAM_ENTRY_TTL_MS / 3);
    renew.unref();
    let lastLookAt = Date.now();
    try {
      await join();
      for (;;) {
        if (inbox.pending === null && !signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        if (signal.aborted) return;
        const snapshot = inbox.pending;
        inbox.pending = null;
        // A failed poll tells nothing. At the stream's own pace: a poll sooner than its interval (less half a poll of slack) is not looked at.
        if (snapshot === null || !snapshot.ok || Date.now() - lastLookAt < intervalMs - snapshot.pollIntervalMs / 2) continue;
        lastLookAt = Date.now();
        const look: LookResult = { ok: true, hash: snapshot.hash, data: snapshot.data, empty: snapshot.empty };
        const check = await judgeLook(this.#deps, endpoint, look, caller.account, hash);
        if (signal.aborted) return;
        if (check.kind === 'changed') {
          hash = check.hash;
          await push({
            endpoint,
            params,
            data: check.data,
            fetchedAt: snapshot.fetchedAt,
            creditsCharged: check.creditsCharged,
            ...changes.next(check.data),
          });
        } else if (check.kind === 'insufficient_credits') {
          throw refusal(check);
        }
      }
    } finally {
      clearInterval(renew);
      signal.removeEventListener('abort', onAbort);
      await unlisten().catch(() => {});
      await watches.leave(key, subscriberId).catch(() => {});
    }
  }

  /** A stream that polls on its own, every interval (a server without shared watches). */
  async #followAlone(watch: OpenWatch, hash: string, stopped: Promise<unknown>): Promise<void> {
    const { caller, endpoint, params, intervalMs, push, signal, changes } = watch;
    for (;;) {
      await sleep(intervalMs, stopped);
      if (signal.aborted) return;
      const fetchedAt = new Date().toISOString();
      const check = await checkForChange(this.#deps, endpoint, params, caller.account, hash, { signal });
      if (signal.aborted) return;
      if (check.kind === 'changed') {
        hash = check.hash;
        await push({ endpoint, params, data: check.data, fetchedAt, creditsCharged: check.creditsCharged, ...changes.next(check.data) });
      } else if (check.kind === 'insufficient_credits') {
        throw refusal(check);
      }
    }
  }
}

/** One open stream's settings, as both ways of following take them. */
interface OpenWatch {
  caller: WatchCaller;
  endpoint: EndpointDefinition;
  params: Record<string, unknown>;
  intervalMs: number;
  push: Push;
  signal: AbortSignal;
  changes: ChangeTracker;
}

/** What an endpoint's change report keeps of the last event sent, to say what the next one changed. */
class ChangeTracker {
  readonly #endpoint: EndpointDefinition;
  #digest: unknown;

  constructor(endpoint: EndpointDefinition, first: unknown) {
    this.#endpoint = endpoint;
    this.#digest = endpoint.changes?.digest(first);
  }

  /** The `changes` of an event carrying `data` (nothing without a report), remembering it for the next. */
  next(data: unknown): { changes?: unknown[] } {
    const report = this.#endpoint.changes;
    if (!report) return {};
    const digest = report.digest(data);
    const changes = report.describe(this.#digest, digest);
    this.#digest = digest;
    return { changes };
  }
}

/** The end of a watch whose change the balance cannot pay for. */
function refusal(check: Extract<CheckOutcome, { kind: 'insufficient_credits' }>): GatewayError {
  const code = check.reason ?? 'insufficient_credits';
  return new GatewayError(
    code,
    code === 'daily_cap_exceeded'
      ? 'The content changed, and the daily cap is reached; the watch has ended.'
      : 'The content changed, and the balance cannot pay for it (1 credit); the watch has ended.',
  );
}
