import type { FetchContext } from '../../../catalogue/results.js';
import { isGatewayError } from '../../../errors.js';
import { META_REUSE_MS } from '../constants.js';
import { storeMetaOf, type StoreMeta } from '../normalise/store.js';
import { getStorefront, type StoreAnswer } from './storefront.js';

/**
 * A store's `/meta.json`: the store endpoint's own answer, and for the others the source of
 * `currency` and `storeName` only (never a reason to fail: null when it cannot be read). An
 * answer read in the last ten minutes is reused, through the gateway's shared cache (every
 * process, bounded like results): the store endpoint always reads it live and keeps it there.
 */

/** The answer to `/meta.json` as read fresh (the store endpoint). */
export async function fetchMeta(ctx: FetchContext, host: string): Promise<{ answer: StoreAnswer; meta: StoreMeta | null }> {
  return metaOf(await getStorefront(ctx, host, '/meta.json', 'domain', { maxAgeMs: 0 }));
}

const metaOf = (answer: StoreAnswer) => ({ answer, meta: answer.kind === 'json' ? storeMetaOf(answer.body) : null });

/** The store's meta.json for another endpoint: reused when recent, null when it fails for any reason. */
export async function storeMetaFor(ctx: FetchContext, host: string): Promise<StoreMeta | null> {
  try {
    return metaOf(await getStorefront(ctx, host, '/meta.json', 'domain', { maxAgeMs: META_REUSE_MS })).meta;
  } catch (error) {
    if (isGatewayError(error) && error.code !== 'internal_error') return null;
    throw error;
  }
}
