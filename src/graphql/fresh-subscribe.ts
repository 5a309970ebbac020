import { initContextCache } from '@pothos/core';
import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { attachBilling } from './billing-extension.js';
import type { GraphQLContext } from '../schema/context.js';
import { toGraphQLError } from '../schema/errors.js';
import { DONE } from '../subscriptions/event-stream.js';
import { sharedResult, sharingKey } from './shared-events.js';

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/**
 * One event executed with a context of its own, its billing as `extensions.billing`; a watch
 * event that says what changed (an endpoint with a change report) carries it as `extensions.changes`
 * too (beside the typed `changes` field of a report that declares its entries' shape).
 */
async function executeEvent(args: ExecutionArgs, event: unknown): Promise<ExecutionResult> {
  const base = args.contextValue as GraphQLContext;
  const eventContext: GraphQLContext = { ...base, ...base.forEvent(), ...initContextCache() };
  const result = await execute({ ...args, rootValue: event, contextValue: eventContext });
  attachBilling(result, eventContext.billing);
  const changes = (event as { changes?: unknown } | null)?.changes;
  if (Array.isArray(changes)) result.extensions = { ...result.extensions, changes };
  return result;
}

/**
 * The mapped stream of subscribeWithFreshContext. A class, not closures: ten thousand open
 * streams share its methods.
 */
class FreshContextStream implements AsyncIterableIterator<ExecutionResult> {
  readonly #args: ExecutionArgs;
  readonly #events: AsyncIterator<unknown>;
  readonly #key: string | null;
  #finished = false;

  constructor(args: ExecutionArgs, events: AsyncIterator<unknown>) {
    this.#args = args;
    this.#events = events;
    this.#key = sharingKey(args);
  }

  async next(): Promise<IteratorResult<ExecutionResult>> {
    if (this.#finished) return DONE;
    let step: IteratorResult<unknown>;
    try {
      step = await this.#events.next();
    } catch (error) {
      await this.return();
      return { done: false, value: { data: null, errors: [toGraphQLError(error)] } };
    }
    if (step.done || this.#finished) return this.return();
    const event = step.value;
    const key = this.#key;
    const args = this.#args;
    const result =
      key !== null && typeof event === 'object' && event !== null
        ? await sharedResult(event, key, () => executeEvent(args, event))
        : await executeEvent(args, event);
    return { done: false, value: result };
  }

  async return(): Promise<IteratorReturnResult<undefined>> {
    this.#finished = true;
    await this.#events.return?.();
    return DONE;
  }

  async throw(error: unknown): Promise<never> {
    await this.return();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/**
 * graphql-js `subscribe`, except that every event executes with a context of its own:
 * fresh DataLoaders (Pothos keys them by context object), a fresh per-result memo of
 * endpoint calls and upstream answers, and its own billing, reported as the event's
 * `extensions.billing`. With one context for the whole stream, a watcher would keep
 * serving the first event's edges from its loaders.
 *
 * A source stream that fails (a watch that can no longer be paid for) ends with one last
 * event carrying the error, rather than breaking the connection. `return()` reaches the
 * source at once, so a closed stream stops its timers and unsubscribes without waiting
 * for another event.
 *
 * Streams of a root field marked SHARED_EVENTS (its events resolve from the event alone) with
 * the same document and variables execute and serialise each event once between them.
 */
export async function subscribeWithFreshContext(args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!isAsyncIterable(source)) return source as ExecutionResult;
  return new FreshContextStream(args, source[Symbol.asyncIterator]());
}
