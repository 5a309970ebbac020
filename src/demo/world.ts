import type { GraphQLExample } from '../catalogue/family.js';
import type { FakeRoute } from './fake-upstream.js';

/** One example request the demo prints and its test requests. */
export interface DemoExample {
  /** The catalogue path the example exercises. */
  endpoint: `/v1/${string}`;
  /** What the example shows, in a few words. */
  what: string;
  /** Path and query string. */
  path: string;
}

export interface DemoWorldOptions {
  /** How often the world's content moves, so watches and subscriptions see changes. */
  changeEveryMs: number;
}

/** What a family's demo world adds to the offline demo once started. */
export interface DemoWorldParts {
  /** Answers of the family's hosts, served by the demo's one fake upstream. */
  routes?: readonly FakeRoute[];
  /**
   * Hosts the family fetches without declaring them (hosts its callers name), served by the
   * demo's fake upstream like its declared hosts (through UPSTREAM_ORIGINS).
   */
  originHosts?: readonly string[];
  /** Settings the family needs in the demo (a local stand-in for its proxy or provider). */
  env?: Record<string, string>;
  /** Fixed DNS answers for caller-supplied hosts the family checks (the demo resolves nothing). */
  resolveHosts?: Record<string, string[]>;
  /** One example per endpoint of the family, all answered by the world. */
  examples: readonly DemoExample[];
  /** GraphiQL tabs that read the world's data instead of the family's live examples. */
  graphqlExamples?: readonly GraphQLExample[];
  close?(): Promise<void>;
}

/** A family's synthetic platform for the offline demo: started once per demo. */
export interface DemoWorld {
  start(options: DemoWorldOptions): Promise<DemoWorldParts>;
}
