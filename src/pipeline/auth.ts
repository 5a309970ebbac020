import type { IncomingHttpHeaders } from 'node:http';
import { GatewayError } from '../errors.js';
import type { ApiKeyRecord, Keys } from '../state/ports.js';

const MAX_KEY_LENGTH = 256;

/**
 * A framework request the rate-limit hook (which runs first) may have found the active account
 * of, so the door does not look the same key up a second time. A plain property, not a WeakMap
 * keyed by request: a weak entry per request is paid for again by every young collection.
 */
export interface AdmittableRequest {
  admittedAccount?: ApiKeyRecord | null;
}

/**
 * 401 before anything else: a key problem is never a billing error. With `request`,
 * an account the rate-limit hook found for this very request is used without a second lookup.
 */
export async function authenticate(
  keys: Keys,
  presented: string | string[] | undefined,
  request?: AdmittableRequest,
): Promise<ApiKeyRecord> {
  const known = request?.admittedAccount;
  if (known) return known;
  const key = Array.isArray(presented) ? presented[0] : presented;
  if (key === undefined || key.trim() === '') {
    throw new GatewayError('missing_api_key', 'Send your API key in the x-api-key header.');
  }
  const account = key.length <= MAX_KEY_LENGTH ? await keys.lookup(key.trim()) : null;
  if (!account) throw new GatewayError('invalid_api_key', 'The API key is not recognised.');
  if (account.status === 'revoked') throw new GatewayError('revoked_api_key', 'The API key has been revoked.');
  return account;
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The key a request presents: the x-api-key header, or, on a door that accepts it (MCP, whose
 * clients are configured with a bearer token), an `Authorization: Bearer <key>` header.
 */
export function presentedApiKey(headers: IncomingHttpHeaders, acceptBearer: boolean): string | string[] | undefined {
  const header = headers['x-api-key'];
  if (header !== undefined || !acceptBearer) return header;
  const authorization = headers.authorization;
  return authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
}
