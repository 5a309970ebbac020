import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLExample } from './family.js';

/** One answer of the fake upstream that stands in for a platform's hosts in the demo and the tests. */
export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | object;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
  /** Writes the answer itself instead (faults such as a connection reset mid-body). */
  respond?: (response: ServerResponse) => void;
}

/** A request the fake upstream received. */
export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  /** The upstream host the gateway meant (x-forwarded-host). */
  host: string | undefined;
  headers: IncomingMessage['headers'];
  /** The request body as text ('' for a GET). */
  body: string;
}

/** Answers the requests it knows; undefined lets the next route answer. */
export type FakeRoute = (request: RecordedRequest, url: URL) => FakeReply | undefined;

/** One example request the demo prints and its test requests. */
export interface DemoExample {
  /** The catalogue path the example exercises. */
  endpoint: `/v1/${string}`;
  /** What the example shows, in a few words. */
  what: string;
  /** Path and query string. */
  path: string;
}

/** An example of `endpoint` called with `params` (its path and query string follow from them). */
export const demoExample = (endpoint: `/v1/${string}`, what: string, params: Record<string, string> = {}): DemoExample => {
  const query = new URLSearchParams(params).toString();
  return { endpoint, what, path: query === '' ? endpoint : `${endpoint}?${query}` };
};

export interface DemoWorldOptions {
  /** How often the world's content moves, so watches and subscriptions see changes. */
  changeEveryMs: number;
}

/** What a family's demo world adds to the offline demo once started. */
export interface DemoWorldParts {
  /** Answers of the family's hosts, served by the demo's one fake upstream. */
  routes?: readonly FakeRoute[];
  /**
   * Hosts the world answers that no family declares (stores or instances its callers name): the
   * demo sends them to its fake upstream like the families' own hosts.
   */
  hosts?: readonly string[];
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
