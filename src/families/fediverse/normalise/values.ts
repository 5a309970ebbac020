/** Small readers shared by the normalisers. */

/** A string, or null when absent or empty (`""` is null unless a field says otherwise). */
export const text = (value: string | null | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A count, or null when absent or negative (a server hiding a count sends -1). */
export const count = (value: number | null | undefined): number | null => (typeof value === 'number' && value >= 0 ? value : null);

/**
 * The full acct of an account as the answering instance names it: an acct without `@` is local
 * to `host`, so the host is appended; a remote acct keeps its domain. Lower-cased domain.
 */
export function fullAcct(acct: string, host: string): string {
  const bare = acct.replace(/^@/, '');
  const at = bare.indexOf('@');
  if (at === -1) return `${bare}@${host}`;
  return `${bare.slice(0, at)}@${bare.slice(at + 1).toLowerCase()}`;
}
