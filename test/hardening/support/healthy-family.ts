import type { FakeRoute, RecordedRequest } from '../../support/fake-upstream-server.js';
import type { Expected } from './faults.js';

/** REST parameters naming a resource of its own for each `variant`, served healthy by the family's route. */
export type Scenario = (variant: number) => Record<string, string>;

/**
 * What the hardening suites (fault matrix, fuzzers) need of a family, kept in the family's own
 * test folder as `test/families/<name>/healthy.ts` exporting `healthy`: the harness finds it by
 * the family's registered name.
 */
export interface HealthyFamily {
  /** Answers the family's upstream hosts, healthy: any resource by the shape of its path. */
  route: FakeRoute;
  /**
   * Hosts no family declares that the route answers (stores or instances callers name, for a
   * family with caller-named hosts): the harness sends them to the fake upstream.
   */
  callerHosts?: readonly string[];
  /** One healthy request per endpoint of the family, keyed by endpoint path. */
  scenarios: Readonly<Record<string, Scenario>>;
  /**
   * Pages people link to, one per kind of page worth reading (the family's URL forms), that
   * `route` answers healthy, written as pasted (a host alias, a tracking parameter): /v1/resolve
   * across every family reads each as its endpoint (test/resolve/every-door.test.ts).
   */
  pages?: readonly string[];
  /**
   * Which of the family's upstream requests a matrix fault hits (default: every request to its
   * declared hosts). A family whose first request is the meaningful one narrows it.
   */
  faultTarget?: (request: RecordedRequest, url: URL) => boolean;
  /**
   * Faults (by name) whose answer the family's own contract classifies otherwise than the
   * shared table, with what it answers instead.
   */
  faultExpectations?: Readonly<Record<string, Expected>>;
  /**
   * Settings the hardening gateway runs the family with (e.g. a platform pace loosened so the
   * suites' hundreds of requests do not queue behind it); the suites test behaviour, not the pace.
   */
  env?: Readonly<Record<string, string>>;
}
