import type { Dispatcher } from 'undici';
import { GatewayError } from '../../errors.js';
import { callerUrlProblem } from '../../outbound/caller-host.js';
import type { ResolveAll } from '../../outbound/checked-lookup.js';
import type { BudgetCeiling } from '../budget/guard.js';
import { PinnedAddresses } from './pinned-addresses.js';
import type { CallerHostPolicy } from './policy.js';

export interface CallerHostGateOptions {
  /** Hosts UPSTREAM_ORIGINS rewrites: the operator's own targets, fetched at their origin without an address check. */
  origins: ReadonlyMap<string, URL>;
  /** Defaults to the system resolver; tests stub it. */
  resolveAll?: ResolveAll;
  /**
   * The family's requests leave through its proxy, which resolves names itself: the gate still
   * refuses names that resolve to non-public addresses here, but cannot pin what the proxy dials.
   */
  proxied?: boolean;
}

/** Which step of a fetch a URL is: the request the family made (naming the caller's parameter, if any) or a redirect hop. */
export type GateStep = { kind: 'request'; hostParam?: string | undefined } | { kind: 'redirect' };

/** Headers never sent to a host the gateway does not know: whoever it is, it gets no credential. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The door for a family's requests to hosts it did not declare (src/upstream/caller-hosts/policy.ts).
 * Before each request and each redirect hop to such a host: the URL's shape (scheme, no user
 * info, port, no IP literal or local name), the allowlist, then every address of the name public,
 * the connection made to the checked address. A refused request sends nothing. The upstream
 * client calls it; families only name, on a request, the parameter the host came from.
 */
export class CallerHostGate {
  readonly policy: CallerHostPolicy;
  readonly #origins: ReadonlyMap<string, URL>;
  readonly #proxied: boolean;
  readonly #addresses: PinnedAddresses;

  constructor(policy: CallerHostPolicy, options: CallerHostGateOptions) {
    this.policy = policy;
    this.#origins = options.origins;
    this.#proxied = options.proxied === true;
    this.#addresses = new PinnedAddresses(options.resolveAll);
  }

  /** Whether a host goes through the gate: every host the family did not declare. */
  governs(host: string): boolean {
    return !this.policy.declaredHosts.has(host.toLowerCase());
  }

  /** The per-host ceiling of the family's hosts (`hostBudgetEnv`), for the budget guard; an UPSTREAM_BUDGETS entry wins there. */
  get hostCeiling(): BudgetCeiling | undefined {
    return this.policy.hostCeiling ?? undefined;
  }

  /**
   * Clears a URL for one request, or throws the refusal (nothing was sent). Returns the dispatcher
   * that connects only to checked addresses, or null for the family's own egress (a host
   * UPSTREAM_ORIGINS rewrites, or a proxied family).
   */
  async clear(url: URL, step: GateStep, signal: AbortSignal): Promise<Dispatcher | null> {
    const problem = callerUrlProblem(url, this.policy);
    const host = url.hostname;
    if (problem) throw this.#refusal(step, host, problem.reason, `${url.protocol}//${url.host} ${problem.message}`);
    if (this.policy.allowlist && !this.policy.allowlist.has(host)) {
      throw this.#refusal(step, host, 'not_allowed', `${host} is not one of the hosts this gateway is set to fetch`, {
        [this.policy.allowlistDetail]: [...this.policy.allowlist],
      });
    }
    if (this.#origins.has(url.host.toLowerCase())) return null;
    const refused = await this.#addresses.check(host, signal);
    if (refused) throw this.#refusal(step, host, refused.reason, refused.message);
    return this.#proxied ? null : this.#addresses.agent;
  }

  /** The family's request headers without any credential. */
  headers(headers: Record<string, string> | undefined): Record<string, string> | undefined {
    if (!headers) return undefined;
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())));
  }

  close(): Promise<void> {
    return this.#addresses.close();
  }

  /**
   * A host the caller named is the caller's mistake: 400 naming the parameter. A host the
   * platform named (no parameter), or one a redirect leads to, is the upstream's: 502.
   */
  #refusal(step: GateStep, host: string, reason: string, message: string, extra: Record<string, unknown> = {}): GatewayError {
    if (step.kind === 'request' && step.hostParam !== undefined) {
      return new GatewayError('invalid_request', `Invalid parameter \`${step.hostParam}\`: ${message}. Nothing was fetched.`, {
        details: { param: step.hostParam, reason, host, ...extra },
      });
    }
    const what = step.kind === 'redirect' ? 'A redirect led to a host that' : 'The platform named a host that';
    return new GatewayError('upstream_blocked', `${what} is not fetched: ${message}. It was not requested.`, {
      details: { refused: reason, host, ...extra },
    });
  }
}
