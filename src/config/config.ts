import { z } from 'zod';
import type { FamilyDefinition } from '../catalogue/family.js';
import { booleanFlag, nonNegativeInt, optionalHostPorts, optionalUrl, positiveInt } from './setting-types.js';
import { callerHostSettings } from './caller-host-settings.js';
import { familySettings } from './family-settings.js';
import { upstreamBudgetsSchema } from './upstream-budgets.js';

/** Environment -> typed configuration. A bad value stops start-up with one line naming the variable. */

export interface SeededKey {
  key: string;
  credits: number;
  dailyCap: number | null;
}

/** `key=credits[:dailyCap]`, comma-separated. */
const apiKeysSchema = z
  .string()
  .optional()
  .transform((value, ctx): SeededKey[] => {
    if (!value?.trim()) return [];
    const keys: SeededKey[] = [];
    const entries = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    for (const [index, entry] of entries.entries()) {
      const match = /^([A-Za-z0-9_\-.]{8,128})=(\d+)(?::(\d+))?$/.exec(entry);
      if (!match) {
        // Never echo the entry: it holds a secret key.
        ctx.addIssue({ code: 'custom', message: `entry ${index + 1} is not key=credits[:dailyCap] (key: 8-128 of A-Z a-z 0-9 _ - .)` });
        return z.NEVER;
      }
      keys.push({ key: match[1]!, credits: Number(match[2]), dailyCap: match[3] === undefined ? null : Number(match[3]) });
    }
    return keys;
  });

/** `host=origin`, comma-separated: where each upstream host is really fetched (tests, replay). */
const originsSchema = z
  .string()
  .optional()
  .transform((value, ctx): Map<string, URL> => {
    const origins = new Map<string, URL>();
    if (!value?.trim()) return origins;
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [host, origin] = entry.split('=');
      const parsed = origin ? URL.parse(origin) : null;
      if (!host || !parsed || !/^https?:$/.test(parsed.protocol)) {
        ctx.addIssue({ code: 'custom', message: `entry "${entry}" is not host=http(s)://origin` });
        return z.NEVER;
      }
      origins.set(host.toLowerCase(), new URL(parsed.origin));
    }
    return origins;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  REDIS_URL: optionalUrl,
  // A Redis Cluster instead of one node (docs/redis-cluster.md); refused together with REDIS_URL.
  REDIS_CLUSTER_NODES: optionalHostPorts,
  // Replicas a charge waits for (WAIT) before it is acknowledged; 0 does not wait.
  REDIS_MIN_REPLICAS_ACK: nonNegativeInt(0),
  API_KEYS: apiKeysSchema,
  UPSTREAM_ORIGINS: originsSchema,
  UPSTREAM_TIMEOUT_MS: positiveInt(15_000),
  // Request ceilings for hosts that announce no budget (docs/upstream-budgets.md).
  UPSTREAM_BUDGETS: upstreamBudgetsSchema,
  WEBHOOK_ALLOW_PRIVATE: booleanFlag,
  SUBSCRIPTION_MIN_INTERVAL_SECONDS: positiveInt(60),
  // First webhook retry delay; the whole back-off schedule scales with it (docs/change-subscriptions.md).
  WEBHOOK_RETRY_BASE_MS: positiveInt(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CACHE_RETENTION_SECONDS: positiveInt(7 * 24 * 3600),
  CACHE_MAX_BYTES: positiveInt(256 * 1024 * 1024),
  // Jobs and batches (docs/jobs-and-batches.md); each family declares its own concurrency setting.
  JOB_RETENTION_SECONDS: positiveInt(7 * 24 * 3600),
  WORKERS: z.enum(['inline', 'off']).default('inline'),
  JOB_UPSTREAM_TIMEOUT_MS: positiveInt(120_000),
  JOB_LOCK_MS: positiveInt(30_000),
  JOB_RETRY_BASE_MS: positiveInt(1000),
  // Abuse limits (SECURITY.md): upstream fetches one GraphQL operation may cause, its depth,
  // and requests per key per minute across every process (0 turns the rate limit off).
  GRAPHQL_MAX_COST: positiveInt(500),
  GRAPHQL_MAX_DEPTH: positiveInt(15),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  // Proxies in front of the gateway: a publishable key's per-client-IP limit reads the address the
  // Nth proxy from the right wrote in X-Forwarded-For (0: the socket's address, the header ignored).
  TRUST_PROXY: z.coerce.number().int().min(0).max(16).default(0),
  // Event-loop delay above which new data requests are shed with 503 (docs/overload.md); 0: never shed.
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
});

/**
 * The gateway's settings, and under `settings` the values of every variable a registered family
 * declares (its proxy, its concurrency...), by variable name.
 */
export type Config = z.output<typeof envSchema> & { readonly settings: Readonly<Record<string, unknown>> };

/** Whether state lives in Redis (one node or a cluster), shared by every process, rather than in this process. */
export const usesSharedStore = (config: Pick<Config, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>): boolean =>
  config.REDIS_URL !== undefined || config.REDIS_CLUSTER_NODES !== undefined;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment for the gateway and the families it serves (their settings join the
 * gateway's); throws ConfigError with one line naming the first bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv, families: readonly FamilyDefinition[]): Config {
  const familyShape: z.ZodRawShape = Object.assign(
    {},
    ...families.map((family) => ({ ...familySettings(family), ...callerHostSettings(family.callerNamedHosts) })),
  );
  const result = z.object({ ...envSchema.shape, ...familyShape }).safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const parsed = result.data as Record<string, unknown>;
  if (parsed.REDIS_URL !== undefined && parsed.REDIS_CLUSTER_NODES !== undefined)
    throw new ConfigError('Invalid REDIS_CLUSTER_NODES: set either REDIS_URL (one node) or REDIS_CLUSTER_NODES (a cluster), not both');
  // A ceiling on a host no family fetches would silently do nothing: most likely a typo. Any
  // host may be fetched once a family fetches the hosts its callers name.
  const declared = new Set(families.flatMap((family) => family.hosts.map((host) => host.toLowerCase())));
  const anyHost = families.some((family) => family.callerNamedHosts !== undefined);
  const stray = [...(parsed.UPSTREAM_BUDGETS as Map<string, unknown>).keys()].find((host) => !anyHost && !declared.has(host));
  if (stray !== undefined) throw new ConfigError(`Invalid UPSTREAM_BUDGETS: ${stray} is not a host any family fetches`);
  const settings = Object.fromEntries(Object.keys(familyShape).map((name) => [name, parsed[name]]));
  return { ...(parsed as z.output<typeof envSchema>), settings };
}

/** For process entries: the configuration, or one line naming the bad variable and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv, families: readonly FamilyDefinition[]): Config {
  try {
    return loadConfig(env, families);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
