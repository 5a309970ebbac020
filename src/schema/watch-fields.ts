import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { WatchChoice } from '../catalogue/family.js';
import { endpointAt } from './edges/load-through-pipeline.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { GatewayError } from '../errors.js';
import type { WatchEvent } from '../subscriptions/watch-stream.js';
import { builder, perBuilder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { toGraphQLError } from './errors.js';
import { endpointCost } from '../limits/upstream-cost.js';
import { argsSchema, argumentsOf, listOf, validated } from './root-fields.js';
import type { Resource } from '../catalogue/resource.js';
import { listTypeOf, resourceType } from './types/resources.js';
import { objectTypeFromZod } from './from-zod.js';
import { pageShapeOf, windowPage } from './connections/paging.js';

/** The longest interval a watch may ask for. The shortest is SUBSCRIPTION_MIN_INTERVAL_SECONDS. */
export const WATCH_MAX_INTERVAL_SECONDS = 3600;

const intervalSeconds = z
  .number()
  .int()
  .min(1)
  .max(WATCH_MAX_INTERVAL_SECONDS)
  .describe(`seconds between checks, SUBSCRIPTION_MIN_INTERVAL_SECONDS (60 unless configured) to ${WATCH_MAX_INTERVAL_SECONDS}`);

/** The endpoint's own parameters (no cache_max_age or include_raw: a watch is always live) plus the interval. */
const watchSchema = (endpoint: EndpointDefinition, extra: z.ZodRawShape = {}) =>
  endpoint.params.extend({ interval_seconds: intervalSeconds, ...extra }).strict();

/** Bills the event on the event's own context (the source charged it), and renders it as the query field would. */
function billed(event: WatchEvent, context: GraphQLContext): WatchEvent {
  context.billing.creditsCharged += event.creditsCharged;
  context.billing.liveFetches += 1;
  return event;
}

function startWatch(context: GraphQLContext, endpoint: EndpointDefinition, parsed: Record<string, unknown>): AsyncIterable<WatchEvent> {
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
  return context.watches.open(context, endpoint, validated(endpoint, own).params, seconds * 1000);
}

const WATCH_NOTE = `Streams over SSE: the first result at once (charged like the query field: the endpoint's price, 0 when empty), then every intervalSeconds a live check that sends the result again only when it changed (1 credit per change; unchanged and failed checks are free and send nothing). Edges you select (author, ...) are billed per event as in a query. A change the balance cannot pay for ends the stream with insufficient_credits. Always live: no cacheMaxAge, no includeRaw.`;

/** Where a watch event's changes ride on the value its field resolves to, for the `changes` field to read. */
const WATCH_CHANGES = Symbol('watchChanges');

/** The GraphQL types given a `changes` field, with the entry schema it lists (per schema being built). */
const typesWithChanges = perBuilder(() => new Map<string, z.ZodObject>());

/**
 * A typed `changes` field on the type a watch of `endpoint` streams, when the endpoint's change
 * report declares the shape of its entries: what changed since the stream's previous event.
 */
function addChangesField(endpoint: EndpointDefinition): void {
  const entry = endpoint.changes?.entry;
  if (entry === undefined) return;
  const list = endpoint.returns.kind === 'list';
  const typeName = list ? `${endpoint.returns.type}List` : endpoint.returns.type;
  const known = typesWithChanges().get(typeName);
  if (known === entry) return;
  if (known !== undefined) throw new Error(`${endpoint.path}: ${typeName} already has a changes field of another entry type`);
  typesWithChanges().set(typeName, entry);
  // A list type is an object type of its own; the field reads only the symbol the resolver below sets.
  const ref = (list ? listTypeOf(endpoint.returns.type) : resourceType(endpoint.returns.type)) as ReturnType<typeof resourceType>;
  builder().objectField(ref, 'changes', (t) =>
    t.field({
      type: [objectTypeFromZod(entry)],
      nullable: true,
      description:
        "On an event of a watch* subscription: what changed since the stream's previous event, as a change subscription's content.changed webhook says it. Null on a watch's first event and outside watches.",
      resolve: (parent) => ((parent as Record<PropertyKey, unknown>)[WATCH_CHANGES] ?? null) as never,
    }),
  );
}

/** The value a watch field resolves to, carrying the event's changes for the `changes` field. */
function withChanges<T extends object>(value: T | null, changes: unknown[] | undefined): T | null {
  return value === null || changes === undefined ? value : { ...value, [WATCH_CHANGES]: changes };
}

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
  for (const endpoint of choices ? Object.values(choices) : [first]) addChangesField(endpoint);
  builder().subscriptionField(name, (t) =>
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
        if (!list) return withChanges(single(event), event.changes);
        // The watched first page; its cursors page on through the query field of the same endpoint.
        const page = listOf(event.data, event.pagination, null, event.fetchedAt, event.params);
        const limit = event.params.limit;
        const windowed = windowPage(page, event.endpoint.graphqlField, pageShapeOf(event.endpoint), null, {
          requestedCursor: null,
          fetchSize: typeof limit === 'number' ? limit : null,
        });
        return withChanges(windowed, event.changes);
      }) as never,
    }),
  );
}

/** A single resource as its query field returns it (a watch carries no raw payload). */
const single = (event: WatchEvent): Resource | null => (event.data === null ? null : { ...(event.data as Record<string, unknown>) });
