import { createHash } from 'node:crypto';
import { ErrorReply } from 'redis';
import type { StateClient } from './connection.js';

/**
 * A Lua script run by its SHA-1 (EVALSHA), sent in full only when the server does not know
 * it yet (after a restart, a SCRIPT FLUSH, or on a cluster node that never ran it). Redis runs
 * each script atomically; on a cluster it runs on the master of its first key's slot, and
 * every key it declares must share that slot (the key layout's hash tags).
 */
export class LuaScript {
  readonly source: string;
  readonly sha: string;

  constructor(source: string) {
    this.source = source;
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(client: StateClient, keys: string[], args: (string | number)[]): Promise<unknown> {
    const options = { keys, arguments: args.map(String) };
    try {
      return await client.evalSha(this.sha, options);
    } catch (error) {
      if (!(error instanceof ErrorReply) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(this.source, options);
    }
  }
}

/** A script's reply as an array of integers, or an error naming the script's contract. */
export function integers(reply: unknown, count: number): number[] {
  if (!Array.isArray(reply) || reply.length !== count || !reply.every((value) => typeof value === 'number')) {
    throw new Error(`unexpected script reply: ${JSON.stringify(reply)}`);
  }
  return reply as number[];
}
