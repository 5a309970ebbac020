import type { FastifyInstance, FastifyReply } from 'fastify';
import { originAllowed } from '../frontends/origins.js';
import type { FrontendStore } from '../frontends/store.js';

/** How long this process reuses the list of allowed origins before reading it again (a new key's origin works within it). */
const ORIGINS_TTL_MS = 5000;
const MAX_AGE_SECONDS = 600;
const ALLOW_HEADERS = 'content-type, x-api-key, authorization, accept, x-graphql-event-stream-token, cache-control';
const EXPOSE_HEADERS = 'x-request-id, x-credits-charged, x-credits-remaining, RateLimit, RateLimit-Policy, Retry-After';

/**
 * CORS for the GraphQL doors, driven by the origins of active publishable keys: a preflight
 * from a listed origin is answered 204 with the allowed methods and headers, and every answer
 * to that origin names it, varies on it and exposes the billing, rate-limit and request-id
 * headers. Any other origin gets no CORS header at all, so the browser withholds the answer.
 * A request without an Origin header (a server, the benchmarks) costs nothing here.
 */
export class FrontendCors {
  readonly #store: FrontendStore;
  #origins: { patterns: string[][]; until: number } | null = null;

  constructor(store: FrontendStore) {
    this.#store = store;
  }

  async allowed(origin: string): Promise<boolean> {
    const now = Date.now();
    if (!this.#origins || this.#origins.until <= now)
      this.#origins = { patterns: await this.#store.activeOrigins(), until: now + ORIGINS_TTL_MS };
    return this.#origins.patterns.some((patterns) => originAllowed(patterns, origin));
  }

  /** Answers preflights and marks answers to allowed origins, for every route of the scope. */
  register(scope: FastifyInstance): void {
    scope.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (typeof origin !== 'string' || origin === '') return;
      let allowed = false;
      try {
        allowed = await this.allowed(origin);
      } catch {
        // The store is away: no CORS headers, the browser withholds the answer; the request itself is refused by admission.
      }
      if (allowed) allowOrigin(reply, origin);
      if (request.method !== 'OPTIONS') return;
      if (allowed) {
        reply.raw.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
        reply.raw.setHeader('access-control-allow-headers', ALLOW_HEADERS);
        reply.raw.setHeader('access-control-max-age', String(MAX_AGE_SECONDS));
      }
      return reply.code(204).send();
    });
  }
}

/** Set on the socket's response itself: the GraphQL servers write their answers there, past the framework's headers. */
function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.raw.setHeader('access-control-allow-origin', origin);
  reply.raw.setHeader('vary', 'Origin');
  reply.raw.setHeader('access-control-expose-headers', EXPOSE_HEADERS);
}
