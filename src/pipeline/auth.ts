import { GatewayError } from '../errors.js';
import type { ApiKeyRecord, Keys } from '../state/ports.js';

const MAX_KEY_LENGTH = 256;

/** 401 before anything else: a key problem is never a billing error (spec 5). */
export async function authenticate(keys: Keys, presented: string | string[] | undefined): Promise<ApiKeyRecord> {
  const key = Array.isArray(presented) ? presented[0] : presented;
  if (key === undefined || key.trim() === '') {
    throw new GatewayError('missing_api_key', 'Send your API key in the x-api-key header.');
  }
  const account = key.length <= MAX_KEY_LENGTH ? await keys.lookup(key.trim()) : null;
  if (!account) throw new GatewayError('invalid_api_key', 'The API key is not recognised.');
  if (account.status === 'revoked') throw new GatewayError('revoked_api_key', 'The API key has been revoked.');
  return account;
}
