import type { FlightRole } from '../state/flights/flights.js';

/** What the upstream layer reports to the process's metrics; every method is optional. */
export interface UpstreamObserver {
  /** One request sent to a host, with its outcome: "ok", "redirect" or the failure's error code. */
  request?(host: string, outcome: string): void;
  /** A call refused without any request because the host's budget is spent ("announced") or its operator ceiling is reached ("ceiling"). */
  refused?(host: string, budget: BudgetKind): void;
  /** A caller that joined a fetch already in flight instead of sending its own. */
  joined?(family: string): void;
  /** A GET tried again on a new connection because the platform closed the one it went out on before answering. */
  connectionRetried?(host: string): void;
  /** A call that shared a fetch of its result, by how it got its answer (single flight). */
  flight?(role: FlightRole): void;
}

export type BudgetKind = 'announced' | 'ceiling';
