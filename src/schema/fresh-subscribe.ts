import { initContextCache } from '@pothos/core';
import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { attachBilling } from './billing-extension.js';
import type { GraphQLContext } from './context.js';
import { toGraphQLError } from './errors.js';
import { sharedResult, sharingKey } from './shared-events.js';

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

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
  const base = args.contextValue as GraphQLContext;
  const events = source[Symbol.asyncIterator]();
  let finished = false;
  const key = sharingKey(args);
  const executeEvent = async (event: unknown): Promise<ExecutionResult> => {
    const eventContext: GraphQLContext = { ...base, ...base.forEvent(), ...initContextCache() };
    const result = await execute({ ...args, rootValue: event, contextValue: eventContext });
    attachBilling(result, eventContext.billing);
    return result;
  };

  const stop = async (): Promise<IteratorReturnResult<undefined>> => {
    finished = true;
    await events.return?.();
    return { done: true, value: undefined };
  };

  const mapped: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      if (finished) return { done: true, value: undefined };
      let step: IteratorResult<unknown>;
      try {
        step = await events.next();
      } catch (error) {
        await stop();
        return { done: false, value: { data: null, errors: [toGraphQLError(error)] } };
      }
      if (step.done || finished) return stop();
      const event = step.value;
      const result =
        key !== null && typeof event === 'object' && event !== null
          ? await sharedResult(event, key, () => executeEvent(event))
          : await executeEvent(event);
      return { done: false, value: result };
    },
    return: stop,
    async throw(error: unknown) {
      await stop();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return mapped;
}
