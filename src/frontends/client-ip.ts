import type { IncomingHttpHeaders } from 'node:http';

/**
 * The client's address as the gateway can trust it. With no proxy in front (`trustProxy` 0) it
 * is the socket's peer. With N proxies, it is the address the Nth proxy from the right wrote in
 * X-Forwarded-For: each proxy appends the address it was called from, so the entries left of
 * that one are the client's own to write and never read. A header shorter than N entries (a
 * request that reached the gateway past the proxies) falls back to the socket's peer.
 */
export function clientIp(headers: IncomingHttpHeaders, socketAddress: string | undefined, trustProxy: number): string {
  const peer = socketAddress ?? 'unknown';
  if (trustProxy <= 0) return peer;
  const header = headers['x-forwarded-for'];
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return peer;
  const hops = text
    .split(',')
    .map((each) => each.trim())
    .filter((each) => each !== '');
  const chosen = hops[hops.length - trustProxy];
  return chosen && chosen.length <= 64 ? chosen : peer;
}
