import { ErrorReply, RESP_TYPES } from 'redis';
import { isCluster, type StateClient } from '../connection.js';

/** What moving one key did: moved (or finished an interrupted move), found it gone, or left it because the new name holds other data. */
export type MoveOutcome = 'moved' | 'gone' | 'conflict';

/** The pattern for SCAN MATCH of names starting with `literal` (its glob characters escaped) and then anything. */
export const startingWith = (literal: string): string => `${literal.replace(/[*?[\]\\]/g, (char) => `\\${char}`)}*`;

/**
 * Every key name matching `pattern`, on every master of a cluster; a name may repeat (SCAN's
 * guarantee), so callers' steps are idempotent.
 */
export async function scanKeys(client: StateClient, pattern: string): Promise<string[]> {
  const nodes = isCluster(client) ? await Promise.all(client.masters.map((master) => client.nodeClient(master))) : [client];
  const names: string[] = [];
  for (const node of nodes) for await (const batch of node.scanIterator({ MATCH: pattern, COUNT: 500 })) names.push(...batch);
  return names;
}

/**
 * Moves a key to a new name, keeping its type, value and expiry: copied when the new name is
 * free (DUMP and RESTORE, which also work between two slots of a cluster), then the old name
 * deleted. Safe to repeat after an interruption: a new key that holds exactly the old value
 * is the earlier copy, so only the delete is left to do. A new key holding anything else is
 * never overwritten, and the old key stays for an operator to look at.
 */
export async function moveKey(client: StateClient, from: string, to: string): Promise<MoveOutcome> {
  const binary = client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  const dumped = await binary.dump(from);
  if (dumped === null) return 'gone';
  const ttlMs = await client.pTTL(from);
  if (ttlMs === -2) return 'gone';
  try {
    await client.restore(to, ttlMs > 0 ? ttlMs : 0, dumped);
  } catch (error) {
    if (!(error instanceof ErrorReply) || !error.message.startsWith('BUSYKEY')) throw error;
    const present = await binary.dump(to);
    if (present === null || !present.equals(dumped)) return 'conflict';
  }
  await client.del(from);
  return 'moved';
}
