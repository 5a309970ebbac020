import { isIP } from 'node:net';
import { MAX_OUTBOUND_URL_LENGTH } from './outbound-url.js';

/**
 * The shape rules for a host the gateway is asked to fetch from without having declared it: a
 * host a caller names (a store, an instance) or a platform names (a feed). Only the shape is
 * checked here, without a lookup; the addresses a name resolves to are checked when it is
 * fetched (src/upstream/caller-hosts), because DNS answers change.
 */

export interface CallerHostRules {
  /** Plain http is accepted (default: https only). */
  allowHttp?: boolean;
  /** A port other than the scheme's own is accepted (default: refused). */
  anyPort?: boolean;
}

export type CallerHostReason = 'malformed' | 'scheme' | 'credentials' | 'port' | 'ip_literal' | 'local_name';

export interface CallerHostProblem {
  reason: CallerHostReason;
  /** A sentence for the caller, without the input (the caller sent it). */
  message: string;
}

export interface CallerHost {
  /** Lower-cased host name, IDN as punycode, no trailing dot, no port. */
  host: string;
  /** The port the input named ('' for the scheme's own); only ever set when `anyPort` allows it. */
  port: string;
  /** The input as a URL when it was one (path, query and scheme kept), else null. */
  url: URL | null;
}

export type CallerHostResult = ({ ok: true } & CallerHost) | ({ ok: false } & CallerHostProblem);

/** Longest DNS name (RFC 1035), in its dotted form. */
const MAX_HOST_LENGTH = 253;
/** One DNS label: letters, digits and inner hyphens, 63 at most (RFC 1123); punycode labels fit it. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/**
 * Names that never reach a public host: this machine, the local network, reverse-lookup zones,
 * Tor, and the names reserved for tests and documentation (RFC 6761, RFC 7686, and the
 * `.internal` TLD reserved for private use).
 */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'arpa', 'onion', 'test', 'invalid', 'example'];

/**
 * Reads a host or an http(s) URL a caller gave (`shop.example.com`, `Shop.Example.com.`,
 * `https://shop.example.com/products/x`) into its normalised host, or says what is wrong with it:
 * user info, a port, an IP literal (in any of the forms a URL parser reads as one), a one-label
 * or local name. Never resolves anything.
 */
export function parseCallerHost(input: string, rules: CallerHostRules = {}): CallerHostResult {
  const text = input.trim();
  if (text === '' || text.length > MAX_OUTBOUND_URL_LENGTH || /\s/.test(text))
    return refused('malformed', 'is not a host name or an http(s) URL');
  const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  const url = URL.parse(isUrl ? text : `https://${text}`);
  if (!url) return refused('malformed', 'is not a host name or an http(s) URL');
  // The scheme of a typed URL matters only for what is fetched, which `allowHttp` governs there.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refused('scheme', 'must be a host name or an http(s) URL');
  const problem = callerUrlProblem(url, { ...rules, allowHttp: true });
  if (problem) return { ok: false, ...problem };
  return { ok: true, host: hostOf(url), port: url.port, url: isUrl ? url : null };
}

/**
 * What is wrong with a URL about to be fetched from a caller-named or platform-named host (the
 * first request and every redirect hop), or null: the scheme, user info (it would be sent to
 * whoever the host is), a port, an IP literal or a local name.
 */
export function callerUrlProblem(url: URL, rules: CallerHostRules = {}): CallerHostProblem | null {
  if (url.protocol !== 'https:' && !(rules.allowHttp === true && url.protocol === 'http:'))
    return { reason: 'scheme', message: rules.allowHttp ? 'must use http or https' : 'must use https' };
  if (url.username !== '' || url.password !== '') return { reason: 'credentials', message: 'must not carry a user name or password' };
  if (url.port !== '' && rules.anyPort !== true) return { reason: 'port', message: 'must not name a port' };
  const host = hostOf(url);
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return { reason: 'ip_literal', message: 'must be a host name, not an IP address' };
  if (host.length > MAX_HOST_LENGTH || !host.split('.').every((label) => LABEL.test(label)))
    return { reason: 'malformed', message: 'is not a valid host name' };
  if (!host.includes('.') || LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`)))
    return { reason: 'local_name', message: 'must be a public host name (a local, reserved or one-label name is not)' };
  return null;
}

/** The URL parser already lower-cases and punycodes; only the trailing dot of a fully qualified name is left to drop. */
const hostOf = (url: URL): string => url.hostname.replace(/\.$/, '');

const refused = (reason: CallerHostReason, message: string): CallerHostResult => ({ ok: false, reason, message });
