import { listing, postsByAuthors, type SyntheticPost } from '../../test/families/forum/forum-data.js';
import { spawnGateway, type ChildGateway } from '../../test/redis/processes.js';
import { WebhookReceiver } from '../../test/subscriptions/support.js';
import { FakeUpstream } from '../../test/support/fake-upstream-server.js';
import { upstreamOrigins } from '../../test/support/gateway.js';
import { SoakProcess } from '../soak-processes.js';

/** The keys the bench seeds at start-up, each for one check. */
export const KEYS = {
  burst: 'sk_test_cluster_burst',
  work: 'sk_test_cluster_work_01',
  failover: 'sk_test_cluster_failover',
} as const;
export const OPENING = { burst: 100, work: 1000, failover: 100_000 } as const;
/** Keys seeded only to spread accounts over the slots. */
export const SPREAD_KEYS = Array.from({ length: 50 }, (_unused, index) => `sk_test_cluster_spread_${String(index).padStart(2, '0')}`);
export const WATCHED = 'clusterwatch';
/** Batch targets answer this slowly, so a progress stream sees the batch run. */
const BATCH_TARGET_DELAY_MS = 40;

/** The listing the change subscription watches; the bench changes its posts between checks. */
export interface WatchedCommunity {
  posts: SyntheticPost[];
}

function watchCommunity(upstream: FakeUpstream, name: string): WatchedCommunity {
  const community: WatchedCommunity = {
    posts: [
      { id: 'p1', author: 'alice' },
      { id: 'p2', author: 'bob' },
    ],
  };
  upstream.on((_request, url) => (url.pathname === `/r/${name}/hot.json` ? { body: listing(community.posts) } : undefined));
  return community;
}

/**
 * The bench's loopback world on the cluster: a forum upstream, a webhook receiver, two gateway
 * processes (WORKERS=off) and one worker process, every process's output kept for the log check.
 */
export class ClusterWorld {
  readonly upstream: FakeUpstream;
  readonly receiver: WebhookReceiver;
  readonly watched: WatchedCommunity;
  gateways: ChildGateway[] = [];
  readonly worker: SoakProcess;
  readonly #env: Record<string, string>;
  /** Output of processes already stopped, by name. */
  readonly #retired: [string, string][] = [];

  private constructor(upstream: FakeUpstream, watched: WatchedCommunity, receiver: WebhookReceiver, env: Record<string, string>) {
    this.upstream = upstream;
    this.watched = watched;
    this.receiver = receiver;
    this.#env = env;
    this.worker = new SoakProcess('worker', 'test/jobs/worker-process.ts', env, /worker ready/);
  }

  static async start(store: Record<string, string>, prefix: string): Promise<ClusterWorld> {
    const upstream = new FakeUpstream();
    // The watched listing first: the route for every other listing would answer it too.
    const watched = watchCommunity(upstream, WATCHED);
    upstream.on((_request, url) => {
      const name = /^\/r\/([a-z0-9]+)\/hot\.json$/.exec(url.pathname)?.[1];
      if (!name) return undefined;
      return { body: listing(postsByAuthors(3, 3)), delayMs: name.startsWith('batch') ? BATCH_TARGET_DELAY_MS : 5 };
    });
    const receiver = new WebhookReceiver();
    const [origin] = await Promise.all([upstream.start(), receiver.start()]);
    const env = {
      ...store,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: [
        ...Object.entries(KEYS).map(([name, key]) => `${key}=${OPENING[name as keyof typeof KEYS]}`),
        ...SPREAD_KEYS.map((key) => `${key}=10`),
      ].join(','),
      UPSTREAM_ORIGINS: upstreamOrigins(origin),
      UPSTREAM_TIMEOUT_MS: '10000',
      SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      RATE_LIMIT_PER_MINUTE: '0',
      // Warnings and errors only: what the log check reads, without a line per request.
      LOG_LEVEL: 'warn',
    };
    return new ClusterWorld(upstream, watched, receiver, env);
  }

  get env(): Readonly<Record<string, string>> {
    return this.#env;
  }

  /** Starts (or restarts, with `extra` settings) both gateways; the first start also starts the worker. */
  async startGateways(extra: Record<string, string> = {}): Promise<void> {
    await this.stopGateways();
    this.gateways = await Promise.all(
      ['A', 'B'].map(() => spawnGateway('test/redis/gateway-process.ts', { ...this.#env, ...extra, WORKERS: 'off' }, 90_000)),
    );
    if (!this.worker.running) await this.worker.start(90_000);
  }

  async stopGateways(): Promise<void> {
    await Promise.all(this.gateways.map((gateway) => gateway.stop()));
    this.gateways.forEach((gateway, index) => this.#retired.push([`gateway ${'AB'[index]} (earlier run)`, gateway.output()]));
    this.gateways = [];
  }

  /** Every process's output so far: stopped ones and running ones. */
  logs(): [string, string][] {
    return [
      ...this.#retired,
      ...this.gateways.map((gateway, index): [string, string] => [`gateway ${'AB'[index]}`, gateway.output()]),
      ['worker', this.worker.output()],
    ];
  }

  async stop(): Promise<void> {
    await this.stopGateways();
    await this.worker.stop();
    await this.upstream.stop();
    await this.receiver.stop();
  }
}
