import {
  createServer,
  type IncomingMessage,
  type ServerOptions,
  type OutgoingHttpHeaders,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { handOverAdmission, rateLimitHeaderValues, type Admitted } from '../admission/index.js';
import type { Caller } from '../admission/caller.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { requestIdFor } from '../logging/request-id.js';
import type { ValidatedRequest } from '../pipeline/params.js';
import { cachedOutcome, mayServeFromCache, type PipelineDeps } from '../pipeline/run-endpoint.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';
import { errorBody, shownError, successBytes } from '../render/envelope.js';
import { billingHeaders } from './billing-headers.js';
import { JSON_TYPE, usageForAnswer } from './data-routes.js';
import type { ValidationMemo } from './validation-memo.js';

/** Counts one answer of a route: its status and its duration in seconds. */
export type RouteObserver = (status: number, seconds: number) => void;

interface HitTarget {
  endpoint: EndpointDefinition;
  validated: ValidatedRequest;
}

/**
 * REST cache hits answered straight from the HTTP server's request event. A hit is the most
 * frequent request (free, so dashboards and agents repeat it), and the framework's per-request
 * machinery (request and reply objects, the hook chains, routing) cost more than the hit itself.
 * The lane takes only a GET of a data route whose exact query string the route has validated
 * before, and runs the same steps as the route: the door's admission, the pipeline's cache step,
 * the same envelope bytes, headers, request id, route metrics and request log lines. Anything
 * else goes to the framework untouched. When the lane has admitted a request that is not a hit
 * after all (a refusal, a miss, a failure), the framework gets it with that admission attached,
 * so the key is counted once and the route (or the error handler) answers as it always does.
 */
export class RestHitLane {
  readonly #endpoints: Map<string, EndpointDefinition>;
  readonly #memo: ValidationMemo;
  readonly #deps: PipelineDeps;
  readonly #admit: (request: IncomingMessage) => Promise<Admitted>;
  readonly #observers = new Map<string, RouteObserver>();
  readonly #log: FastifyBaseLogger;
  #closing = false;
  #served = 0;

  constructor(options: {
    catalogue: Catalogue;
    memo: ValidationMemo;
    deps: PipelineDeps;
    /** The door's admission step. */
    admit: (request: IncomingMessage) => Promise<Admitted>;
    observeRoute: (path: string) => RouteObserver;
    log: FastifyBaseLogger;
  }) {
    this.#endpoints = new Map(options.catalogue.endpoints.map((endpoint) => [endpoint.path, endpoint]));
    for (const path of this.#endpoints.keys()) this.#observers.set(path, options.observeRoute(path));
    this.#memo = options.memo;
    this.#deps = options.deps;
    this.#admit = options.admit;
    this.#log = options.log;
  }

  /** Hits the lane answered itself since the process started. */
  get served(): number {
    return this.#served;
  }

  /** From now on every request goes to the framework (which answers 503 while the server closes). */
  close(): void {
    this.#closing = true;
  }

  handle(request: IncomingMessage, response: ServerResponse, framework: RequestListener): void {
    const target = this.#closing ? null : this.#target(request);
    if (target === null) framework(request, response);
    else void this.#serve(request, response, framework, target, performance.now()).catch((error: unknown) => this.#failed(response, error));
  }

  /** A failure after the lane chose to answer (none is expected: every step before settles to a value): a 500, as the route's. */
  #failed(response: ServerResponse, error: unknown): void {
    this.#log.error({ err: error }, 'unexpected error');
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(errorBody(shownError(error)));
  }

  #target(request: IncomingMessage): HitTarget | null {
    const url = request.url;
    if (request.method !== 'GET' || url === undefined) return null;
    // A GET with a body is left to the framework, which decides what such a request means.
    if (request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined) return null;
    const queryStart = url.indexOf('?');
    const endpoint = queryStart < 0 ? undefined : this.#endpoints.get(url.slice(0, queryStart));
    const validated = endpoint && this.#memo.known(url);
    if (!endpoint || !validated || !mayServeFromCache(endpoint, validated)) return null;
    try {
      // A family that cannot run in this process is refused by the route, hit or not.
      this.#deps.upstreamFor(endpoint);
    } catch {
      return null;
    }
    return { endpoint, validated };
  }

  async #serve(request: IncomingMessage, response: ServerResponse, framework: RequestListener, target: HitTarget, startedAt: number) {
    const admitted = this.#admit(request);
    let answer: { caller: Caller; outcome: EndpointOutcome } | null = null;
    try {
      const { caller, refusal } = await admitted;
      const outcome = refusal === null ? await cachedOutcome(this.#deps, target.endpoint, target.validated) : null;
      if (caller !== null && outcome !== null) answer = { caller, outcome };
    } catch {
      // The route meets the same failure again and renders it.
    }
    if (answer === null) {
      handOverAdmission(request, admitted);
      framework(request, response);
      return;
    }
    const { caller, outcome } = answer;
    const id = requestIdFor(request);
    const log = logsRequests(this.#log) ? this.#log.child({ reqId: id }) : null;
    log?.info({ req: loggedRequest(request) }, 'incoming request');
    const bytes = successBytes(outcome);
    const headers: OutgoingHttpHeaders = billingHeaders(outcome.creditsCharged, await usageForAnswer(this.#deps, caller, outcome));
    headers['content-type'] = JSON_TYPE;
    headers['x-request-id'] = id;
    if (caller.rate) {
      const rate = rateLimitHeaderValues(headers['ratelimit-policy'], headers.ratelimit, caller.rate);
      headers['ratelimit-policy'] = rate.policy;
      headers.ratelimit = rate.limit;
    }
    headers['content-length'] = bytes.length;
    response.writeHead(200, headers);
    response.end(bytes);
    this.#served++;
    const elapsedMs = performance.now() - startedAt;
    this.#observers.get(target.endpoint.path)?.(200, elapsedMs / 1000);
    log?.info({ res: { statusCode: 200 }, responseTime: elapsedMs }, 'request completed');
  }
}

/** Whether the framework would write its per-request lines (info); read per request, as a level can change. */
function logsRequests(log: FastifyBaseLogger): boolean {
  return (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') === true;
}

/** The request fields the framework's request log line has. */
function loggedRequest(request: IncomingMessage) {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    host: request.headers.host ?? '',
    ip: request.socket.remoteAddress,
    socket: request.socket,
  };
}

/** The server settings the framework hands a server factory, its defaults filled in. */
interface ServerSettings {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * The framework's HTTP server with the lane in front of its request handler. `lane()` is read
 * per request: the lane is built after the server, once the door's routes exist.
 */
export function serverWithLane(lane: () => RestHitLane | null): FastifyServerFactory {
  return (framework, frameworkOptions) => {
    const options = frameworkOptions as unknown as ServerSettings;
    const server = createServer(options.http ?? {}, (request, response) => {
      const current = lane();
      if (current === null) framework(request, response);
      else current.handle(request, response, framework);
    });
    // What the framework sets on a server it creates itself.
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
