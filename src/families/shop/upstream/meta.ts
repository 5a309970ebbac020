import type { FetchContext } from '../../../catalogue/results.js';
import { isGatewayError } from '../../../errors.js';
import { META_REUSE_MS } from '../constants.js';
import { storeMetaOf, type StoreMeta } from '../normalise/store.js';
import { getStorefront, type StoreAnswer } from './storefront.js';

/**
 * A store's `/meta.json`: the store endpoint's own answer, and for the others the source of
 * `currency` and `storeName` only (never a reason to fail: null when it cannot be read). One read
 * for the same store in the last ten minutes is reused; the table is bounded.
 */

const MAX_REMEMBERED_STORES = 1000;
const remembered = new Map<string, { meta: StoreMeta; atMs: number }>();

function remember(host: string, meta: StoreMeta): void {
  remembered.delete(host);
  remembered.set(host, { meta, atMs: Date.now() });
  if (remembered.size > MAX_REMEMBERED_STORES) remembered.delete(remembered.keys().next().value!);
}

/** The answer to `/meta.json` as read fresh (the store endpoint). */
export async function fetchMeta(ctx: FetchContext, host: string): Promise<{ answer: StoreAnswer; meta: StoreMeta | null }> {
  const answer = await getStorefront(ctx, host, '/meta.json', 'domain');
  const meta = answer.kind === 'json' ? storeMetaOf(answer.body) : null;
  if (meta !== null) remember(host, meta);
  return { answer, meta };
}

/** The store's meta.json for another endpoint: reused when recent, null when it fails for any reason. */
export async function storeMetaFor(ctx: FetchContext, host: string): Promise<StoreMeta | null> {
  const recent = remembered.get(host);
  if (recent !== undefined && Date.now() - recent.atMs < META_REUSE_MS) return recent.meta;
  try {
    return (await fetchMeta(ctx, host)).meta;
  } catch (error) {
    if (isGatewayError(error) && error.code !== 'internal_error') return null;
    throw error;
  }
}

/** Forgets every remembered store (tests that change a store's meta.json between calls). */
export function forgetStores(): void {
  remembered.clear();
}
