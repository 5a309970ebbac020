import { Agent } from 'undici';
import { createCheckedLookup, type AddressCheckOptions } from './checked-lookup.js';

export interface SafeAgentOptions extends AddressCheckOptions {
  /** TCP/TLS connect time-out in ms (default 10 s). */
  connectTimeoutMs?: number;
}

/**
 * An undici Agent for requests to caller-chosen URLs. Every connection it opens goes to an
 * address createCheckedLookup resolved and checked, so the check and the connection see the same
 * DNS answer. Redirects are never followed (undici follows none without a redirect interceptor),
 * so a public host cannot bounce the request to a private one.
 *
 * IP-literal hosts skip the lookup in Node: call assertPublicLiteral() (or parseOutboundUrl())
 * on the URL before each request made with this agent.
 */
export function createSafeAgent(options: SafeAgentOptions): Agent {
  return new Agent({
    connect: { lookup: createCheckedLookup(options), timeout: options.connectTimeoutMs ?? 10_000 },
    // Few requests per host; do not hold sockets to callers' servers open for long.
    keepAliveTimeout: 4_000,
    connections: 16,
  });
}
