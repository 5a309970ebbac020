import { PLAIN, renameRule, type MigrationRule } from './rule.js';

/**
 * The old names of jobs, Idempotency-Key claims, subscriptions, shared watches and BullMQ queues,
 * and their hash-tagged names (src/jobs/redis-keys.ts, src/subscriptions/redis-keys.ts,
 * src/state/redis/bull-connection.ts). Plain renames: the values keep their form.
 */
export const QUEUE_RULES: readonly MigrationRule[] = [
  // job:<id>, job:<id>:targets|results|attempts -> job:{<id>}...
  renameRule('jobs', 'job:', (name) => rewrite(name, new RegExp(`^job:(${PLAIN})((?::targets|:results|:attempts)?)$`), 'job:{$1}$2')),
  // idem:<sha256> -> idem:{<sha256>}
  renameRule('idempotency claims', 'idem:', (name) => rewrite(name, /^idem:([0-9a-f]{64})$/, 'idem:{$1}')),
  // subs:<account> -> subs:{<account>}
  renameRule('subscription indexes', 'subs:', (name) => rewrite(name, new RegExp(`^subs:(${PLAIN})$`), 'subs:{$1}')),
  // sub:<id>, sub:<id>:attempts -> sub:{<id>}...
  renameRule('subscriptions', 'sub:', (name) => rewrite(name, new RegExp(`^sub:(${PLAIN})((?::attempts)?)$`), 'sub:{$1}$2')),
  // watch:<target>:subs|target|every|latest -> watch:{<target>}:...; watch:targets keeps its name.
  renameRule('watched targets', 'watch:', (name) =>
    rewrite(name, new RegExp(`^watch:(${PLAIN}):(subs|target|every|latest)$`), 'watch:{$1}:$2'),
  ),
  // bull:<queue>:<anything> -> bull:{<queue>}:<anything>: every key of a queue moves with it.
  renameRule('queue keys', 'bull:', (name) => rewrite(name, new RegExp(`^bull:(${PLAIN}):(.+)$`), 'bull:{$1}:$2')),
];

function rewrite(name: string, pattern: RegExp, replacement: string): string | null {
  return pattern.test(name) ? name.replace(pattern, replacement) : null;
}
