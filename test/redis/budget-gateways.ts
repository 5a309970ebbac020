import type { FakeUpstream } from '../support/fake-upstream-server.js';
import { deletePrefix, REDIS_URL } from '../state/redis-support.js';
import { spawnGateway, type ChildGateway } from './processes.js';

/** What a caller sees of one answer: enough to tell a served call from a budget refusal. */
export interface BudgetAnswer {
  status: number;
  retryAfter: string | null;
  charged: string | null;
  code: string | undefined;
}

/**
 * Two gateway processes on one Redis in front of a fake platform, for the tests of a platform's
 * announced rate budget shared across processes. Each suite gives the platform's routes (with the
 * budget headers it controls) and its hosts; this starts the upstream and both processes, and
 * reads what a caller and /metrics see.
 */
export class BudgetGateways {
  readonly upstream: FakeUpstream;
  readonly #env: Record<string, string>;
  readonly #key: string;
  readonly #prefix: string;
  readonly #startupMs: number | undefined;
  gateways: ChildGateway[] = [];

  private constructor(upstream: FakeUpstream, env: Record<string, string>, options: BudgetGatewayOptions) {
    this.upstream = upstream;
    this.#env = env;
    this.#key = options.key;
    this.#prefix = options.prefix;
    this.#startupMs = options.startupMs;
  }

  /** Starts `upstream` (its routes already set) and two gateway processes that send `hosts` to it. */
  static async start(upstream: FakeUpstream, options: BudgetGatewayOptions): Promise<BudgetGateways> {
    const origin = await upstream.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: options.prefix,
      API_KEYS: `${options.key}=1000`,
      UPSTREAM_ORIGINS: options.hosts.map((host) => `${host}=${origin}`).join(','),
      UPSTREAM_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'silent',
      WORKERS: 'off',
    };
    const started = new BudgetGateways(upstream, env, options);
    started.gateways = await Promise.all([started.spawn(), started.spawn()]);
    return started;
  }

  /** One more gateway process with the same settings (stopped by the caller). */
  spawn(): Promise<ChildGateway> {
    return spawnGateway('test/redis/gateway-process.ts', this.#env, this.#startupMs);
  }

  /** One GET of `path` with the key through `gateway`. */
  async get(gateway: ChildGateway, path: string): Promise<BudgetAnswer> {
    const response = await fetch(`${gateway.url}${path}`, { headers: { 'x-api-key': this.#key } });
    const body = (await response.json()) as { error?: { code: string } };
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      charged: response.headers.get('x-credits-charged'),
      code: body.error?.code,
    };
  }

  async balance(): Promise<number> {
    const response = await fetch(`${this.gateways[0]!.url}/v1/account`, { headers: { 'x-api-key': this.#key } });
    return ((await response.json()) as { data: { balance: number } }).data.balance;
  }

  /** The remaining budget of `host` that `gateway` announces in /metrics, or null before it knows one. */
  async remainingSeenBy(gateway: ChildGateway, host: string): Promise<number | null> {
    const gauge = new RegExp(
      `^gateway_upstream_budget_remaining\\{host="${host.replaceAll('.', '\\.')}",egress="direct",source="announced"\\} (\\d+)$`,
      'm',
    );
    const match = gauge.exec(await (await fetch(`${gateway.url}/metrics`)).text());
    return match ? Number(match[1]) : null;
  }

  async stop(): Promise<void> {
    await Promise.all(this.gateways.map((gateway) => gateway.stop()));
    await this.upstream.stop();
    await deletePrefix(this.#prefix);
  }
}

export interface BudgetGatewayOptions {
  /** The API key the calls use, seeded with 1000 credits. */
  key: string;
  prefix: string;
  /** The platform hosts the gateways send to the fake upstream. */
  hosts: string[];
  /** How long a process may take to start (default: spawnGateway's). */
  startupMs?: number;
}
