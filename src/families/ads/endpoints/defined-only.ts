/**
 * The parameters without their undefined entries, so two spellings of one question (an ad's URL
 * or its ids; a cursor passed as undefined or not at all) have the same keys and one cache entry.
 */
export function definedOnly<T extends object>(params: T): T {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as T;
}
