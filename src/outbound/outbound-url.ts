import { isIP } from 'node:net';
import { classifyAddress } from './address-policy.js';
import { OutboundRefusedError } from './refusal.js';

/** Longest caller-supplied outbound URL accepted. */
export const MAX_OUTBOUND_URL_LENGTH = 2048;

/**
 * Parses a caller-supplied URL the gateway will request later: absolute http(s), no user name or
 * password (they would be sent to whoever the host turns out to be), bounded length. When
 * `allowPrivate` is false an IP-literal host must be public; names are checked when they are
 * resolved, at connection time (createCheckedLookup), because DNS answers change.
 */
export function parseOutboundUrl(raw: string, options: { allowPrivate: boolean }): URL {
  if (raw.length > MAX_OUTBOUND_URL_LENGTH) throw new OutboundRefusedError(`The URL is longer than ${MAX_OUTBOUND_URL_LENGTH} characters.`);
  const url = URL.parse(raw);
  if (!url) throw new OutboundRefusedError('The URL is not an absolute URL.');
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefusedError(`The URL must use http or https, not ${url.protocol.replace(/:$/, '')}.`);
  if (url.username !== '' || url.password !== '') throw new OutboundRefusedError('The URL must not carry a user name or password.');
  if (url.hostname === '') throw new OutboundRefusedError('The URL has no host.');
  if (!options.allowPrivate) assertPublicLiteral(url);
  return url;
}

/**
 * An IP-literal host never goes through a lookup (net.connect dials it directly), so it is
 * checked here, before each request as well as at parse time. Names pass: the lookup checks them.
 */
export function assertPublicLiteral(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) === 0) return;
  const verdict = classifyAddress(host);
  if (!verdict.allowed)
    throw new OutboundRefusedError(`${url.hostname} is a ${verdict.reason} address; only public addresses may be reached.`);
}
