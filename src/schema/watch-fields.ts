import { z } from 'zod';
import { Repeater } from 'graphql-yoga';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { WatchChoice } from '../catalogue/family.js';
import { endpointAt } from './edges/load-through-pipeline.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { GatewayError } from '../errors.js';
import { runEndpoint } from '../pipeline/run-endpoint.js';
import { randomUUID } from 'node:crypto';
import { checkForChange, judgeLook, type CheckOutcome, type LookResult } from '../subscriptions/check.js';
import { WatchHub } from '../subscriptions/watch-hub.js';
import type { WatchSnapshot } from '../subscriptions/watch-target.js';
import { contentHash } from '../subscriptions/content-hash.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { toGraphQLError } from './errors.js';
import { endpointCost } from './limits/upstream-cost.js';
import { argsSchema, argumentsOf, listOf, validated } from './root-fields.js';
import { listTypeOf, resourceType, type Resource } from './types/resources.js';

/** The longest interval a watch may ask for. The shortest is SUBSCRIPTION_MIN_INTERVAL_SECONDS. */
export const WATCH_MAX_INTERVAL_SECONDS = 3600;

/** One result a watch delivers: the first one, then each change. */
interface WatchEvent {
  endpoint: EndpointDefinition;
  params: Record<string, unknown>;
  data: unknown;
  pagination?: { cursor: string | null; hasMore: boolean };
  fetchedAt: string;
  creditsCharged: number;
}

const intervalSeconds = z
  .number()
  .int()
  .min(1)
  .max(WATCH_MAX_INTERVAL_SECONDS)
  .describe(`seconds between checks, SUBSCRIPTION_MIN_INTERVAL_SECONDS (60 unless configured) to ${WATCH_MAX_INTERVAL_SECONDS}`);

/** The endpoint's own parameters (no cache_max_age or include_raw: a watch is always live) plus the interval. */
const watchSchema = (endpoint: EndpointDefinition, extra: z.ZodRawShape = {}) =>
  endpoint.params.extend({ interval_seconds: intervalSeconds, ...extra }).strict();

const sleep = (ms: number, stopped: Promise<unknown>) =>
  Promise.race([new Promise<void>((resolve) => setTimeout(resolve, ms).unref()), stopped]);

/**
 * How long a stream's place among a target's subscribers lasts unless renewed (it is renewed
 * every third of this while the stream is open): a process that dies with streams open stops
 * their share of the polls within this long.
 */
export const WATCH_STREAM_ENTRY_TTL_MS = 60_000;

type Push = (event: WatchEvent) => Promise<unknown>;

/** The shared watches of the server, when it has them (a schema served without subscriptions polls per stream). */
const watchesOf = (context: GraphQLContext): WatchHub | null => {
  const watches = (context.subscriptions as { watches?: unknown } | undefined)?.watches;
  return watches instanceof WatchHub ? watches : null;
};

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

/**
 * The first result through the pipeline, charged like a live query result (1 credit, 0 when
 * empty); then the changes, each charged 1 credit. With shared watches the stream is one more
 * subscriber of its target: it is told each poll of the target (one poll per interval however
 * many streams and subscriptions watch it) at its own pace, and compares it with the last
 * result it sent. A failed poll emits nothing; a change the balance cannot pay for ends the
 * stream with `insufficient_credits` (or `daily_cap_exceeded`). Stopping the stream aborts what runs.
 */
function watch(
  context: GraphQLContext,
  endpoint: EndpointDefinition,
  params: Record<string, unknown>,
  intervalMs: number,
): Repeater<WatchEvent> {
  return new Repeater<WatchEvent>(async (push, stop) => {
    const aborted = new AbortController();
    void stop.then(() => aborted.abort());
    try {
      const first = await runEndpoint(
        context.deps,
        endpoint,
        { params, cacheMaxAgeSeconds: null, includeRaw: false },
        { account: context.account, requestId: context.requestId, signal: aborted.signal },
      );
      const payload = first.payload;
      const hash = contentHash(payload.data);
      await push({
        endpoint,
        params,
        data: payload.data,
        pagination: payload.pagination,
        fetchedAt: first.fetchedAt,
        creditsCharged: first.creditsCharged,
      });
      const watches = watchesOf(context);
      if (watches) await followShared(watches, context, endpoint, params, intervalMs, hash, push, aborted.signal);
      else await followAlone(context, endpoint, params, intervalMs, hash, push, aborted.signal, stop);
    } catch (error) {
      if (!aborted.signal.aborted) stop(toGraphQLError(error));
    } finally {
      aborted.abort();
    }
  });
}

/** A stream as a subscriber of its watched target: told of the target's polls, at its own pace. */
async function followShared(
  watches: WatchHub,
  context: GraphQLContext,
  endpoint: EndpointDefinition,
  params: Record<string, unknown>,
  intervalMs: number,
  hash: string,
  push: Push,
  signal: AbortSignal,
): Promise<void> {
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
      const check = await judgeLook(context.deps, endpoint, look, context.account, hash);
      if (signal.aborted) return;
      if (check.kind === 'changed') {
        hash = check.hash;
        await push({ endpoint, params, data: check.data, fetchedAt: snapshot.fetchedAt, creditsCharged: check.creditsCharged });
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
async function followAlone(
  context: GraphQLContext,
  endpoint: EndpointDefinition,
  params: Record<string, unknown>,
  intervalMs: number,
  hash: string,
  push: Push,
  signal: AbortSignal,
  stopped: Promise<unknown>,
): Promise<void> {
  for (;;) {
    await sleep(intervalMs, stopped);
    if (signal.aborted) return;
    const fetchedAt = new Date().toISOString();
    const check = await checkForChange(context.deps, endpoint, params, context.account, hash, { signal });
    if (signal.aborted) return;
    if (check.kind === 'changed') {
      hash = check.hash;
      await push({ endpoint, params, data: check.data, fetchedAt, creditsCharged: check.creditsCharged });
    } else if (check.kind === 'insufficient_credits') {
      throw refusal(check);
    }
  }
}

/** Bills the event on the event's own context (the source charged it), and renders it as the query field would. */
function billed(event: WatchEvent, context: GraphQLContext): WatchEvent {
  context.billing.creditsCharged += event.creditsCharged;
  context.billing.liveFetches += 1;
  return event;
}

function startWatch(context: GraphQLContext, endpoint: EndpointDefinition, parsed: Record<string, unknown>): Repeater<WatchEvent> {
  const { interval_seconds: seconds, ...own } = parsed as { interval_seconds: number } & Record<string, unknown>;
  if (seconds < context.watchMinIntervalSeconds) {
    throw toGraphQLError(
      new GatewayError(
        'invalid_request',
        `Invalid argument \`intervalSeconds\`: must be between ${context.watchMinIntervalSeconds} and ${WATCH_MAX_INTERVAL_SECONDS}.`,
        { details: { param: 'intervalSeconds' } },
      ),
    );
  }
  return watch(context, endpoint, validated(endpoint, own).params, seconds * 1000);
}

const WATCH_NOTE = `Streams over SSE: the first result at once (charged like the query field: 1 credit, 0 when empty), then every intervalSeconds a live check that sends the result again only when it changed (1 credit per change; unchanged and failed checks are free and send nothing). Edges you select (author, ...) are billed per event as in a query. A change the balance cannot pay for ends the stream with insufficient_credits. Always live: no cacheMaxAge, no includeRaw.`;

/** `forumSubreddit` -> `watchForumSubreddit`. */
export const watchFieldName = (endpoint: EndpointDefinition): string =>
  `watch${endpoint.graphqlField[0]!.toUpperCase()}${endpoint.graphqlField.slice(1)}`;

/**
 * One `watch*` subscription field per subscribable endpoint, named after its query field, and
 * the families' combined watches (one field whose argument picks one of several endpoints).
 */
export function addWatchFields(catalogue: Catalogue): void {
  for (const endpoint of catalogue.endpoints.filter((each) => each.flags.subscribable)) {
    const what = endpoint.returns.kind === 'list' ? 'the items only' : 'the resource';
    addWatchField(
      watchFieldName(endpoint),
      `${endpoint.summary} (as ${endpoint.graphqlField}), re-sent when it changes; the check compares ${what}.`,
      endpoint,
    );
  }
  for (const choice of catalogue.families.flatMap((family) => family.watchChoices ?? [])) {
    const endpoints = Object.fromEntries(Object.entries(choice.endpoints).map(([value, path]) => [value, endpointAt(catalogue, path)]));
    addWatchField(choice.field, choice.description, endpoints, choice);
  }
}

/** A watch field over one endpoint, or over several of the same parameter shape chosen by an argument. */
function addWatchField(
  name: string,
  description: string,
  target: EndpointDefinition | Record<string, EndpointDefinition>,
  choice?: WatchChoice,
): void {
  const choices = 'path' in target ? null : (target as Record<string, EndpointDefinition>);
  const [defaultValue, first] = choices
    ? (Object.entries(choices)[0] as [string, EndpointDefinition])
    : [null, target as EndpointDefinition];
  const extra: z.ZodRawShape =
    choices && choice
      ? {
          [choice.argument]: z
            .enum(Object.keys(choices) as [string, ...string[]])
            .default(defaultValue!)
            .describe(choice.argumentDescription),
        }
      : {};
  const schema = watchSchema(first, extra);
  const list = first.returns.kind === 'list';
  builder.subscriptionField(name, (t) =>
    t.field({
      type: (list ? listTypeOf(first.returns.type) : resourceType(first.returns.type)) as never,
      nullable: !list,
      description: `${description} ${WATCH_NOTE}${list ? ' On a change, pagination is {cursor: null, hasMore: false}.' : ' Null when the resource is gone.'}`,
      args: argumentsOf(first, schema)(t as never) as never,
      validate: { schema: argsSchema(first, schema) as never },
      // Each event costs what the query field costs; the limit bounds the fan-out of one event.
      extensions: { upstreamCost: endpointCost(first, { sizeArgument: 'limit' }) },
      subscribe: (_root, parsed, context) => {
        if (!choices || !choice) return startWatch(context, first, parsed as Record<string, unknown>);
        const { [choice.argument]: picked, ...rest } = parsed as Record<string, unknown>;
        return startWatch(context, choices[String(picked)] ?? first, rest);
      },
      resolve: ((event: WatchEvent, _args: unknown, context: GraphQLContext) => {
        billed(event, context);
        return list ? listOf(event.data, event.pagination, null, event.fetchedAt, event.params) : single(event);
      }) as never,
    }),
  );
}

/** A single resource as its query field returns it (a watch carries no raw payload). */
const single = (event: WatchEvent): Resource | null => (event.data === null ? null : { ...(event.data as Record<string, unknown>) });
