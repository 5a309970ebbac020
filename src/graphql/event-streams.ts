import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentNode, ExecutionResult, GraphQLSchema } from 'graphql';
import type { ServerResponse } from 'node:http';
import { admittedOrNull, setRateLimitHeaders } from '../admission/index.js';
import { BODY_LIMIT_BYTES, isObject, serialise, StreamWriter, type StreamDoor, type StreamOwner } from './event-stream-wire.js';
import { subscribeWithFreshContext } from './fresh-subscribe.js';
import { checkOperation } from '../limits/operation-check.js';
import type { QueryLimits } from '../limits/query-limits.js';
import type { GraphQLContextFactory } from './request-context.js';
import { sharingKey } from './shared-events.js';

const HEADERS: Record<StreamDoor, Record<string, string>> = {
  yoga: { 'content-type': 'text/event-stream', connection: 'keep-alive', 'cache-control': 'no-cache', 'content-encoding': 'none' },
  'graphql-sse': {
    connection: 'keep-alive',
    'cache-control': 'no-cache',
    'content-encoding': 'none',
    'content-type': 'text/event-stream; charset=utf-8',
  },
};
/** The doors' own ping intervals (Yoga pings every 300 ms under NODE_ENV=test). */
const pingMs = (door: StreamDoor) => (door === 'yoga' && process.env.NODE_ENV === 'test' ? 300 : 12_000);
const PING = ':\n\n';
const PARSED_MAX = 1000;
const PARAMETERS = new Set(['query', 'variables', 'operationName', 'extensions']);

interface Body {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

function parseBody(text: string): Body | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(body) || typeof body.query !== 'string') return null;
  // Yoga refuses any other parameter (400); the door says so itself.
  if (Object.keys(body).some((key) => !PARAMETERS.has(key))) return null;
  if (body.operationName != null && typeof body.operationName !== 'string') return null;
  if (body.variables != null && !isObject(body.variables)) return null;
  if (body.extensions != null && !isObject(body.extensions)) return null;
  return body as unknown as Body;
}

/**
 * Subscriptions in distinct-connections mode whose events are shared (SHARED_EVENTS: they
 * resolve from the event alone), served straight on the socket instead of through Yoga's
 * Fetch-API emulation or graphql-sse's per-stream queue. Yoga and graphql-sse each keep some
 * 25 to 40 KB per open stream (a Request with its headers and AbortController, a
 * ReadableStream, the envelop context, a parsed document, a ping timer, an async generator)
 * and several promise hops per event; here a stream is the socket, its context, the source
 * iterator, and one entry in a ping set, and each event is executed and serialised once for
 * every stream of the same operation.
 *
 * Everything else is the door's: any request this does not take (another mode, a CORS
 * request, a refused key, a document the limits refuse, a subscription that fails to start,
 * a field whose events are not shared) is answered by the door, with the body read here
 * handed over. The wire format is the door's own (headers, the opening ping, `event: next`,
 * `event: complete`, the ping interval), and so are authentication, the abuse limits, the
 * per-subscriber context, and the ownership check of the field's subscribe.
 */
export class SharedEventStreams implements StreamOwner {
  readonly #schema: GraphQLSchema;
  readonly #contexts: GraphQLContextFactory;
  readonly #limits: Partial<QueryLimits>;
  /** Parsed documents by query text: ten thousand streams of one operation hold one document. */
  readonly #parsed = new Map<string, DocumentNode>();
  readonly #open: Record<StreamDoor, Set<ServerResponse>> = { yoga: new Set(), 'graphql-sse': new Set() };
  readonly #pings: Partial<Record<StreamDoor, NodeJS.Timeout>> = {};
  /** Each result's `event: next` text, once per door. */
  readonly #chunks: Record<StreamDoor, WeakMap<ExecutionResult, string>> = { yoga: new WeakMap(), 'graphql-sse': new WeakMap() };

  constructor(schema: GraphQLSchema, contexts: GraphQLContextFactory, limits: Partial<QueryLimits> = {}) {
    this.#schema = schema;
    this.#contexts = contexts;
    this.#limits = limits;
  }

  /** Whether the request may be one for this path (decided before its body is read). */
  static candidate(request: FastifyRequest): boolean {
    const headers = request.headers;
    return (
      request.method === 'POST' &&
      (headers.accept ?? '').includes('text/event-stream') &&
      headers.origin === undefined &&
      (headers['content-type'] ?? '').includes('application/json') &&
      Number(headers['content-length'] ?? 0) > 0 &&
      Number(headers['content-length']) <= BODY_LIMIT_BYTES
    );
  }

  /**
   * Opens the stream and resolves true (it then runs on its own), or resolves false (having written nothing) for the
   * door to answer the request with `text` as its body.
   */
  async serve(request: FastifyRequest, reply: FastifyReply, text: string, door: StreamDoor): Promise<boolean> {
    const body = parseBody(text);
    if (!body) return false;
    // A refused caller is the door's to answer.
    const account = admittedOrNull(request)?.account;
    if (!account) return false;
    const document = this.#document(body);
    if (!document) return false;
    const args = {
      schema: this.#schema,
      document,
      operationName: body.operationName ?? undefined,
      variableValues: body.variables ?? undefined,
      // No request signal: shared fields make no upstream calls, and closing the socket returns the iterator.
      contextValue: this.#contexts.create({ account, requestId: request.id }),
    };
    if (sharingKey(args) === null) return false;
    const stream = await subscribeWithFreshContext(args);
    if (!(Symbol.asyncIterator in stream)) return false;

    reply.hijack();
    const response = reply.raw;
    // The headers each door's response carries: Yoga's go through Fastify's onSend hooks (request id, RateLimit).
    if (door === 'yoga') setRateLimitHeaders(request, reply);
    const headers =
      door === 'yoga'
        ? { 'x-request-id': request.id, ...reply.getHeaders(), ...HEADERS.yoga }
        : { ...HEADERS[door], 'x-request-id': request.id };
    response.writeHead(200, headers as Record<string, string>);
    response.write(PING);
    this.#follow(door, response);
    // Detached: the request handler (and the body text it holds) is done once the stream is open.
    new StreamWriter(this, door, response, stream, request).read();
    return true;
  }

  /** The `event: next` text of one result, made once per result and door. */
  chunk(door: StreamDoor, result: ExecutionResult): string {
    const chunks = this.#chunks[door];
    let chunk = chunks.get(result);
    if (chunk === undefined) {
      chunk = `event: next\ndata: ${serialise(door, result)}\n\n`;
      chunks.set(result, chunk);
    }
    return chunk;
  }

  /** Forgets a stream that ended. */
  closed(door: StreamDoor, response: ServerResponse): void {
    this.#unfollow(door, response);
  }

  /** Open streams (for tests and metrics). */
  get size(): number {
    return this.#open.yoga.size + this.#open['graphql-sse'].size;
  }

  #document(body: Body): DocumentNode | null {
    const known = this.#parsed.get(body.query);
    const checked = checkOperation(this.#schema, known ?? body.query, body.operationName, body.variables, this.#limits);
    if ('errors' in checked) return null;
    if (!known) {
      // A bound, not an LRU: past it documents are merely parsed again.
      if (this.#parsed.size >= PARSED_MAX) this.#parsed.clear();
      this.#parsed.set(body.query, checked.document);
    }
    return checked.document;
  }

  /** One ping timer per door for every open stream, as the doors ping each of theirs. */
  #follow(door: StreamDoor, response: ServerResponse): void {
    const open = this.#open[door];
    open.add(response);
    if (this.#pings[door]) return;
    this.#pings[door] = setInterval(() => {
      for (const each of open) if (each.writable && each.writableLength === 0) each.write(PING);
    }, pingMs(door));
    this.#pings[door].unref();
  }

  #unfollow(door: StreamDoor, response: ServerResponse): void {
    const open = this.#open[door];
    open.delete(response);
    if (open.size > 0) return;
    clearInterval(this.#pings[door]);
    delete this.#pings[door];
  }
}
