import type { StateClient } from '../connection.js';
import { KeyLayout, SEGMENT } from '../key-layout.js';
import type { MoveOutcome } from './keyspace.js';
import { PLAIN, renameRule, type MigrationRule } from './rule.js';

/** How long a settled reservation without an expiry of its own is still remembered (a late retry stays a no-op). */
const SETTLED_KEPT_MS = 24 * 3600 * 1000;

/** `<segment><id>` -> `<segment>{<id>}` for an id without braces or colons (accounts). */
const perAccount = (label: string, segment: string): MigrationRule =>
  renameRule(label, segment, (name) => rewrite(name, new RegExp(`^${escape(segment)}(${PLAIN})$`), `${segment}{$1}`));

/** `<segment><name>` -> `<segment>{<name>}` for a name without braces (colons allowed: lease and cache names have them). */
const standalone = (label: string, segment: string): MigrationRule =>
  renameRule(label, segment, (name) => rewrite(name, new RegExp(`^${escape(segment)}([^{}]+)$`), `${segment}{$1}`));

/**
 * The old names of the state (accounts, ledger, cache, leases, budgets, pace) and how they reach
 * KeyLayout's hash-tagged ones. Most keys only get their tag; two change form as well:
 * - a daily counter per account and day (`day:<acct>:<day>`) becomes a field of the account's
 *   daily hash;
 * - a reservation (`res:<id>`, a hash naming its account) becomes a JSON field of its account's
 *   reservation hash, indexed as settled (to be forgotten when the old key would have expired) or,
 *   while held, with its account in the index of accounts with holds, so the sweep still returns
 *   it when it lapses. The global held set (`held`) is then no longer needed.
 * Values are copied only into a free name and never added up, so running again changes nothing.
 */
export const STATE_RULES: readonly MigrationRule[] = [
  perAccount('accounts', SEGMENT.account),
  perAccount('balances', SEGMENT.balance),
  perAccount('held credits', SEGMENT.heldCredits),
  perAccount('held sets', SEGMENT.heldBy),
  perAccount('usage logs', SEGMENT.usageLog),
  { label: 'daily counters', startsWith: SEGMENT.daily, migrate: migrateDaily },
  { label: 'reservations', startsWith: SEGMENT.reservations, migrate: migrateReservation },
  {
    label: 'global held set',
    startsWith: 'held',
    async migrate(client, prefix, name) {
      if (name !== 'held') return null;
      return (await client.del(prefix + name)) === 1 ? 'moved' : 'gone';
    },
  },
  standalone('cached results', SEGMENT.cache),
  standalone('leases', SEGMENT.lease),
  standalone('budgets', SEGMENT.budget),
  standalone('ceilings', SEGMENT.ceiling),
  standalone('pace slots', SEGMENT.pace),
];

async function migrateDaily(client: StateClient, prefix: string, name: string): Promise<MoveOutcome | null> {
  const match = new RegExp(`^${escape(SEGMENT.daily)}(${PLAIN}):(\\d+)$`).exec(name);
  if (!match) return null;
  const [, accountId, day] = match as unknown as [string, string, string];
  const from = prefix + name;
  const to = new KeyLayout(prefix).daily(accountId);
  const value = await client.get(from);
  if (value === null) return 'gone';
  const ttlMs = await client.pTTL(from);
  if (!(await client.hSetNX(to, day, value)) && (await client.hGet(to, day)) !== value) return 'conflict';
  // The hash lives as long as its longest-lived day did.
  const current = await client.pTTL(to);
  if (ttlMs > 0 && (current === -1 || current < ttlMs)) await client.pExpire(to, ttlMs);
  await client.del(from);
  return 'moved';
}

async function migrateReservation(client: StateClient, prefix: string, name: string): Promise<MoveOutcome | null> {
  // Reservation ids have colons of their own (`job:<id>:<index>`, `<request>:<attempt>`).
  const match = new RegExp(`^${escape(SEGMENT.reservations)}([^{}]+)$`).exec(name);
  if (!match) return null;
  const reservationId = match[1]!;
  const from = prefix + name;
  const old = await client.hGetAll(from);
  if (Object.keys(old).length === 0) return 'gone';
  const accountId = old.acct;
  if (!accountId || /[{}:]/.test(accountId)) return 'conflict';
  const ttlMs = await client.pTTL(from);
  const layout = new KeyLayout(prefix);
  const exp = Number(old.exp ?? 0);
  const record = JSON.stringify({
    state: old.state,
    credits: Number(old.credits),
    day: old.day,
    endpoint: old.endpoint ?? '',
    requestId: old.requestId ?? '',
    exp,
  });
  const reservations = layout.reservations(accountId);
  if (!(await client.hSetNX(reservations, reservationId, record)) && (await client.hGet(reservations, reservationId)) !== record)
    return 'conflict';
  if (old.state === 'held') {
    // Held with an expiry: its account's held set has it already (moved with the set); the
    // index of accounts with holds makes the periodic sweep visit the account.
    if (old.exp !== undefined) {
      await client.zAdd(layout.heldBy(accountId), { score: exp, value: reservationId }, { condition: 'NX' });
      await client.zAdd(layout.holding(), { score: exp, value: accountId }, { comparison: 'GT' });
    }
  } else {
    const forgetAt = Date.now() + (ttlMs > 0 ? ttlMs : SETTLED_KEPT_MS);
    await client.zAdd(layout.settled(accountId), { score: forgetAt, value: reservationId }, { condition: 'NX' });
  }
  await client.del(from);
  return 'moved';
}

function rewrite(name: string, pattern: RegExp, replacement: string): string | null {
  return pattern.test(name) ? name.replace(pattern, replacement) : null;
}

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}
