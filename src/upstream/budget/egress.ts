import { createHash } from 'node:crypto';

/**
 * The name of the address a request leaves from, as budgets and metrics know it: "direct", or
 * "proxy-" and a digest of the proxy URL. A platform counts its budget per client address, so
 * each proxy has a budget of its own; the URL itself (often with credentials) is never shown.
 */
export function egressOf(proxyUrl: string | undefined): string {
  if (!proxyUrl) return 'direct';
  return `proxy-${createHash('sha256').update(proxyUrl).digest('hex').slice(0, 12)}`;
}
