import { z } from 'zod';

/** Environment -> typed configuration. A bad value stops start-up with one line naming the variable. */

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

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
    const entries = value.split(',').map((part) => part.trim()).filter(Boolean);
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
    for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
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
  API_KEYS: apiKeysSchema,
  UPSTREAM_ORIGINS: originsSchema,
  UPSTREAM_TIMEOUT_MS: positiveInt(15_000),
  FORUM_PROXY_URL: optionalUrl,
  REALTY_PROXY_URL: optionalUrl,
  CODE_PROXY_URL: optionalUrl,
  INFERENCE_URL: optionalUrl,
  WEBHOOK_ALLOW_PRIVATE: booleanFlag,
  SUBSCRIPTION_MIN_INTERVAL_SECONDS: positiveInt(60),
  // First webhook retry delay; the whole back-off schedule scales with it (README "Subscriptions").
  WEBHOOK_RETRY_BASE_MS: positiveInt(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CACHE_RETENTION_SECONDS: positiveInt(7 * 24 * 3600),
  CACHE_MAX_BYTES: positiveInt(256 * 1024 * 1024),
  // Jobs and batches (README "Jobs"): retention, per-family upstream concurrency across all workers.
  JOB_RETENTION_SECONDS: positiveInt(7 * 24 * 3600),
  FORUM_CONCURRENCY: positiveInt(8),
  REALTY_CONCURRENCY: positiveInt(4),
  CODE_CONCURRENCY: positiveInt(4),
  WORKERS: z.enum(['inline', 'off']).default('inline'),
  JOB_UPSTREAM_TIMEOUT_MS: positiveInt(120_000),
  JOB_LOCK_MS: positiveInt(30_000),
  JOB_RETRY_BASE_MS: positiveInt(1000),
  // Abuse limits (SECURITY.md): upstream fetches one GraphQL operation may cause, its depth,
  // and requests per key per minute across every process (0 turns the rate limit off).
  GRAPHQL_MAX_COST: positiveInt(500),
  GRAPHQL_MAX_DEPTH: positiveInt(15),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
});

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
}

/** For process entries: the configuration, or one line naming the bad variable and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
