import { z } from 'zod';

/** Schemas of environment-variable text, shared by the gateway's settings and each family's. */

/** An http(s) URL, or unset (an empty value counts as unset). */
export const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/** `true`/`1` on, anything else of `false`/`0`/empty/unset off. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A whole number above zero, with its default. */
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A whole number, zero or more, with its default. */
export const nonNegativeInt = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

export interface HostPort {
  host: string;
  port: number;
}

/** Most seed nodes accepted: a few per shard are plenty, the client learns the rest. */
const MAX_SEED_NODES = 64;

/** `host:port,host:port,...` (a host name, IPv4, or [IPv6]), or unset (empty counts as unset). */
export const optionalHostPorts = z
  .string()
  .optional()
  .transform((value, ctx): HostPort[] | undefined => {
    if (!value?.trim()) return undefined;
    const entries = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (entries.length > MAX_SEED_NODES) {
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_SEED_NODES} host:port entries` });
      return z.NEVER;
    }
    const nodes: HostPort[] = [];
    for (const entry of entries) {
      const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253}):(\d{1,5})$/.exec(entry);
      const port = match ? Number(match[2]) : 0;
      if (!match || port < 1 || port > 65535) {
        ctx.addIssue({ code: 'custom', message: `entry "${entry.slice(0, 80)}" is not host:port` });
        return z.NEVER;
      }
      nodes.push({ host: match[1]!.replace(/^\[|\]$/g, ''), port });
    }
    return nodes;
  });
