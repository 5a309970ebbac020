import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { FamilyDefinition } from '../catalogue/family.js';
import type { Config } from '../config/config.js';
import { GatewayError } from '../errors.js';
import type { ResolveAll } from '../outbound/index.js';
import { createBudgetStore } from '../state/budget-store.js';
import { createPaceStore } from '../state/pace-store.js';
import type { StateAdapters } from '../state/ports.js';
import { BudgetGuard } from '../upstream/budget/guard.js';
import { CallerHostGate } from '../upstream/caller-hosts/gate.js';
import { callerHostLabels, declaredHostsOf } from '../upstream/caller-hosts/metric-labels.js';
import type { BudgetSnapshot } from '../upstream/budget/guard.js';
import { callerHostPolicy } from '../upstream/caller-hosts/policy.js';
import { UpstreamClient } from '../upstream/client.js';
import { HostPacer } from '../upstream/pacing.js';
import type { UpstreamObserver } from '../upstream/observer.js';
import type { Upstream } from '../catalogue/upstream.js';
import type { PipelineDeps } from './run-endpoint.js';

/**
 * What the pipeline needs: the catalogue, the state, and each family's upstream (or the
 * not_configured error of a family that cannot run here), all through ONE upstream client, so
 * identical in-flight GETs are shared by every door of the process. Build it once per process
 * and hand it to every door, job worker and subscription check. `timeoutMs` is the default
 * per upstream request (UPSTREAM_TIMEOUT_MS); a call may ask for its own (jobs do).
 */
export function createPipelineDeps(
  config: Config,
  catalogue: Catalogue,
  state: StateAdapters,
  options: {
    timeoutMs: number;
    logError: PipelineDeps['logError'];
    /** Resolver for caller-supplied URL hosts (image URLs, hosts callers name); tests and the offline demo pass a fixed one. */
    resolveAll?: ResolveAll;
    /** Where upstream requests, budget refusals and coalesced joins are counted (the process's metrics). */
    observer?: UpstreamObserver;
  },
): {
  deps: PipelineDeps;
  budgets: BudgetGuard;
  /** The budget gauge's lines: declared hosts only (hosts callers name are unbounded). */
  budgetLines(): BudgetSnapshot[];
  close(): Promise<void>;
} {
  // Hosts callers name are counted in metrics under one label: their names are unbounded.
  const declaredHosts = declaredHostsOf(catalogue.families);
  const observer = options.observer && callerHostLabels(options.observer, declaredHosts);
  // Per-host budgets shared through the state (Redis when set), with the operator's ceilings.
  const budgets = new BudgetGuard({ store: createBudgetStore(state), ceilings: config.UPSTREAM_BUDGETS, observer });
  const client = new UpstreamClient({
    origins: config.UPSTREAM_ORIGINS,
    timeoutMs: options.timeoutMs,
    budgets,
    observer,
    pacer: new HostPacer(createPaceStore(state)),
  });
  const gates: CallerHostGate[] = [];
  const upstreamOf = (family: FamilyDefinition): Upstream | GatewayError => {
    if (family.providerEnv) {
      const providerUrl = config.settings[family.providerEnv];
      if (typeof providerUrl !== 'string' || !family.providerUpstream) {
        return notConfigured(family, family.providerEnv, `The ${family.name} endpoints need a provider: set ${family.providerEnv}.`);
      }
      return family.providerUpstream(providerUrl, { timeoutMs: options.timeoutMs, resolveAll: options.resolveAll });
    }
    const proxyUrl = family.proxyEnv ? config.settings[family.proxyEnv] : undefined;
    if (family.requiresResidentialProxy && typeof proxyUrl !== 'string') {
      return notConfigured(family, family.proxyEnv, `The ${family.name} endpoints need a residential proxy: set ${family.proxyEnv}.`);
    }
    const callerHosts =
      family.callerNamedHosts &&
      new CallerHostGate(callerHostPolicy({ ...family, callerNamedHosts: family.callerNamedHosts }, config.settings), {
        origins: config.UPSTREAM_ORIGINS,
        resolveAll: options.resolveAll,
        proxied: typeof proxyUrl === 'string',
      });
    if (callerHosts) gates.push(callerHosts);
    const upstream = client.forFamily({
      family: family.name,
      hosts: family.hosts,
      proxyUrl: typeof proxyUrl === 'string' ? proxyUrl : undefined,
      blockPages: family.blockPages,
      readBudget: family.readBudget ? (headers, nowMs, status, answer) => family.readBudget!(headers, nowMs, status, answer) : undefined,
      budgetScopes: family.budgetScopes ? (url) => family.budgetScopes!(url) : undefined,
      hostIntervals: typeof family.hostIntervals === 'function' ? family.hostIntervals(config.settings) : family.hostIntervals,
      callerHosts,
    });
    return family.bindUpstream ? family.bindUpstream(upstream, config.settings) : upstream;
  };
  const upstreams = new Map(catalogue.families.map((family) => [family.name, upstreamOf(family)]));
  const deps: PipelineDeps = {
    catalogue,
    state,
    upstreamFor(endpoint: EndpointDefinition) {
      const upstream = upstreams.get(endpoint.family);
      if (upstream === undefined) throw new Error(`no upstream for family ${endpoint.family}`);
      if (upstream instanceof GatewayError) throw upstream;
      return upstream;
    },
    logError: options.logError,
    // A call waiting on an identical call's fetch joined it, as a caller of the same upstream request does.
    onFlightWait: observer?.joined && ((endpoint) => observer.joined?.(endpoint.family)),
    onFlight: observer?.flight && ((_endpoint, role) => observer.flight?.(role)),
  };
  return {
    deps,
    budgets,
    budgetLines: () => budgets.snapshot().filter((line) => declaredHosts.has(line.host)),
    async close() {
      await client.close();
      await Promise.all(gates.map((gate) => gate.close()));
      await budgets.close();
    },
  };
}

function notConfigured(family: FamilyDefinition, variable: string | undefined, message: string): GatewayError {
  return new GatewayError('not_configured', message, { details: { variable: variable ?? `${family.name} settings` } });
}
