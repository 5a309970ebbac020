import type { IncomingHttpHeaders } from 'node:http';
import { GatewayError } from '../errors.js';
import { hashKey } from '../state/key-hash.js';
import type { ApiKeyRecord, Keys } from '../state/ports.js';

/** Longer keys are never looked up: no key issued here is near it. */
const MAX_KEY_LENGTH = 256;
const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The key a request presents: the x-api-key header, or, on a door that accepts it (MCP, whose
 * clients are configured with a bearer token), an `Authorization: Bearer <key>` header.
 */
export function presentedApiKey(headers: IncomingHttpHeaders, acceptBearer: boolean): string | undefined {
  const header = headers['x-api-key'];
  if (header !== undefined || !acceptBearer) return Array.isArray(header) ? header[0] : header;
  const authorization = headers.authorization;
  return authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
}

/** The presented key ready to hash: trimmed, present (401 missing_api_key) and of a plausible length (401 invalid_api_key). */
export function checkedKey(presented: string | undefined): string {
  const key = presented?.trim();
  if (!key) throw new GatewayError('missing_api_key', 'Send your API key in the x-api-key header.');
  if (key.length > MAX_KEY_LENGTH) throw unknownKey();
  return key;
}

/** The account a key lookup found, when it may call: 401 before anything else (a key problem is never a billing error). */
export function activeAccount(found: ApiKeyRecord | null): ApiKeyRecord {
  if (!found) throw unknownKey();
  if (found.status === 'revoked') throw new GatewayError('revoked_api_key', 'The API key has been revoked.');
  return found;
}

/** A key's active account, or the 401 that refuses it (no rate limit, no balance: the admission step adds those). */
export async function authenticate(keys: Pick<Keys, 'lookupHash'>, presented: string | undefined): Promise<ApiKeyRecord> {
  return activeAccount(await keys.lookupHash(hashKey(checkedKey(presented))));
}

const unknownKey = () => new GatewayError('invalid_api_key', 'The API key is not recognised.');
