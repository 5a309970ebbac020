/** What the upstream layer reports to the process's metrics; every method is optional. */
export interface UpstreamObserver {
  /** One request sent to a host, with its outcome: "ok", "redirect" or the failure's error code. */
  request?(host: string, outcome: string): void;
  /** A call refused without any request because the host's budget is spent ("announced") or its operator ceiling is reached ("ceiling"). */
  refused?(host: string, budget: BudgetKind): void;
  /** A caller that joined a fetch already in flight instead of sending its own. */
  joined?(family: string): void;
}

export type BudgetKind = 'announced' | 'ceiling';
