import type { StateClient } from '../connection.js';
import { moveKey, type MoveOutcome } from './keyspace.js';

/** One kind of key of the single-node layout and how it reaches its hash-tagged name. */
export interface MigrationRule {
  /** Counts in the report and the log. */
  readonly label: string;
  /** Old names start with the prefix and then this. */
  readonly startsWith: string;
  /** Migrates one key (its name without the prefix); null when the name is not the old layout's (a new name, or another kind). */
  migrate(client: StateClient, prefix: string, name: string): Promise<MoveOutcome | null>;
}

/** A rule that only renames: `rename` gives the new name (without the prefix), or null to leave the key alone. */
export function renameRule(label: string, startsWith: string, rename: (name: string) => string | null): MigrationRule {
  return {
    label,
    startsWith,
    async migrate(client, prefix, name) {
      const renamed = rename(name);
      return renamed === null ? null : moveKey(client, prefix + name, prefix + renamed);
    },
  };
}

/** A name part of the old layout: no hash-tag braces (a name with them is already the new layout's) and no colon. */
export const PLAIN = '[^{}:]+';
