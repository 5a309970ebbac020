import { GatewayError } from '../errors.js';
import type { ApiKeyRecord, Keys } from '../state/ports.js';

const MAX_KEY_LENGTH = 256;

/**
 * Active accounts already looked up for a request (by the rate-limit hook, which runs first),
 * so the door does not look the same key up a second time. Keyed by the framework's request object.
 */
const admitted = new WeakMap<object, ApiKeyRecord>();

/** The active account the rate-limit hook found for this request, if it ran. */
export function admittedAccount(request: object): ApiKeyRecord | undefined {
  return admitted.get(request);
}

/** Records the active account a request's key was found to belong to. */
export function rememberAccount(request: object, account: ApiKeyRecord): void {
  admitted.set(request, account);
}

/**
 * 401 before anything else: a key problem is never a billing error (spec 5). With `request`,
 * an account the rate-limit hook found for this very request is used without a second lookup.
 */
export async function authenticate(keys: Keys, presented: string | string[] | undefined, request?: object): Promise<ApiKeyRecord> {
  const known = request ? admitted.get(request) : undefined;
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
