import type { z } from 'zod';
import type { DemoWorld } from './demo-world.js';
import type { ResolveAll } from '../outbound/index.js';
import type { EdgeDefinition, EdgeKit } from './edge.js';
import type { CallerNamedHosts } from './caller-named-hosts.js';
import type { Upstream } from './upstream.js';
import type { EndpointDefinition, FamilyName } from './endpoint.js';
import type { UrlForm } from './url-forms.js';

/** A budget a platform announces, of the whole host or (with `scope`) of one of the scopes `budgetScopes` names. */
export interface ScopedBudget {
  remaining: number;
  resetAtMs: number;
  scope?: string;
}

/** Text by which a platform's block or challenge pages are told apart from its real answers. */
export interface BlockPageMarkers {
  /** Found anywhere in a small HTML answer (a challenge page is small). */
  markers?: readonly RegExp[];
  /** Found in the `<title>` of a full HTML page: the only place a large page can say it is a block page. */
  titles?: readonly RegExp[];
}

/**
 * A watch field over several endpoints of one parameter shape, one picked by an argument (a
 * listing URL that may be a sale or a rental). Every subscribable endpoint also has its own.
 */
export interface WatchChoice {
  /** The subscription field, e.g. "watchRealtyListing". */
  field: string;
  description: string;
  /** The argument that picks the endpoint (REST spelling), and its description. */
  argument: string;
  argumentDescription: string;
  /** Argument value -> endpoint path; the first is the default. */
  endpoints: Readonly<Record<string, `/v1/${string}`>>;
}

/**
 * How one resource type of one platform is fetched again from its key alone: GraphQL's
 * `node(id:)` refetches through it, and the key is part of the resource's global ID. The key
 * must tell apart resources that share a type (a user and a community are both Creators).
 */
export interface RefetchDeclaration {
  /** The GraphQL resource type, e.g. "Creator". */
  type: string;
  /** The `platform` value of the resources this declaration covers. */
  platform: string;
  /** The resource's own key, or null when it cannot be fetched again on its own. */
  key(resource: Readonly<Record<string, unknown>>): string | null;
  /** The single-resource endpoint and parameters that fetch the resource of `key`; null for a key it cannot fetch. */
  fetch(key: string): { endpoint: `/v1/${string}`; params: Record<string, unknown> } | null;
}

export interface ProviderUpstreamOptions {
  timeoutMs: number;
  /** Resolver for caller-supplied URL hosts; tests and the offline demo pass a fixed one. */
  resolveAll?: ResolveAll;
}

/** One example operation GraphiQL opens in a tab of its own. */
export interface GraphQLExample {
  query: string;
  /** JSON text of the operation's variables. */
  variables?: string;
}

/**
 * A platform family: everything about one platform, declared in one place and listed in the
 * family registry. The doors, the configuration, the job queues, the GraphQL graph, the docs and
 * the demo derive what they need from it; nothing outside the family's folder names the platform.
 */
export interface FamilyDefinition {
  name: FamilyName;
  /** Every host the family's fetch code may contact; redirects are followed only within them. */
  hosts: readonly string[];
  /** How the platform's block pages look (besides the bot challenges every platform may show). */
  blockPages?: BlockPageMarkers;
  /**
   * Reads the request budget the platform announces in an answer's headers (lower-cased names),
   * e.g. x-ratelimit-remaining and x-ratelimit-reset, as the requests left and the time of the
   * reset in epoch milliseconds (platforms differ: seconds from now, or epoch seconds); null when
   * the answer announces nothing. `status` is the answer's HTTP status, for a platform that throttles
   * by status or redirect without a header. Called on every answer from the family's hosts. While a host's
   * budget is spent (0 left, reset not passed) the gateway refuses calls to it without a request,
   * in every process. Without it, an answer's Retry-After is what is read (any status): a family
   * that declares its own reader and also wants that combines it with `readRetryAfter`
   * (src/upstream/budget/read-budget.ts). A platform that announces its budget in the body reads
   * `answer` (the decompressed body and the URL it answers) and may return several budgets, each
   * of one of the scopes `budgetScopes` names for that URL (absent: the whole host).
   */
  readBudget?(
    headers: Record<string, string>,
    nowMs: number,
    status?: number,
    answer?: { body: string; url: string },
  ): ScopedBudget | readonly ScopedBudget[] | null;
  /**
   * The budgets within a host a request to `url` spends besides the host's own, when the platform
   * budgets apart one method (a back-off) or one key's quota: each scope spent refuses the calls
   * that name it, in every process, without a request, while the host's other calls still go.
   */
  budgetScopes?(url: URL): readonly string[];
  /**
   * Hosts whose platform allows one request per so many milliseconds (a crawler policy), by
   * host. Calls to them wait for their turn, in every process (through Redis when set); a call
   * whose turn is further away than its time-out is 429 upstream_rate_limited without a request.
   * A function reads them from the family's parsed settings (a pace the operator sets).
   */
  hostIntervals?: Readonly<Record<string, number>> | ((settings: Readonly<Record<string, unknown>>) => Readonly<Record<string, number>>);
  /**
   * Set by a family that fetches hosts it cannot declare in `hosts` (a store or an instance its
   * callers name, a feed its platform names). Requests to any other host then go through the
   * outbound address policy instead of being refused: public addresses only, every redirect hop
   * checked, no credentials, bounded; with an optional allowlist and per-host ceiling, whose
   * settings the gateway adds to the family's. A request says which caller parameter its host came
   * from (`hostParam`), so a refused host is 400 naming it. See docs/caller-named-hosts.md.
   */
  callerNamedHosts?: CallerNamedHosts;
  /**
   * The environment variables the family reads besides the proxy, provider and concurrency
   * settings the gateway derives (`proxyEnv`, `providerEnv`, `concurrencyEnv`), as zod schemas of
   * their text (use the helpers of src/config/setting-types.ts). They join the gateway's
   * configuration: a bad value stops start-up with one line naming the variable, like any other setting.
   */
  settings?: z.ZodRawShape;
  /**
   * Binds the family's settings to the upstream its fetch code sees (a registration key the
   * platform takes as a query parameter on every request): called once per process with the
   * family's Upstream and the parsed settings. The family's own code, so its endpoints never read
   * the environment.
   */
  bindUpstream?(upstream: Upstream, settings: Readonly<Record<string, unknown>>): Upstream;
  /** The setting naming the family's outbound proxy (a URL), if it has one. */
  proxyEnv?: string;
  /** When true, requests answer 501 not_configured without a proxy, before any upstream request. */
  requiresResidentialProxy: boolean;
  /**
   * A family served by one operator-configured provider instead of platform hosts: the setting
   * holding its URL. Without it the family's endpoints answer 501 not_configured naming it.
   */
  providerEnv?: string;
  /** The provider's upstream (only with `providerEnv`): it may reach the provider URL and nothing else. */
  providerUpstream?(providerUrl: string, options: ProviderUpstreamOptions): Upstream;
  /** The setting bounding how many of the family's job targets run at once across all workers. */
  concurrencyEnv?: string;
  /** That bound when the setting is not set (DEFAULT_FAMILY_CONCURRENCY when absent). */
  concurrency?: number;
  /** Resource types the family introduces (zod object schemas with `.meta({ id, description })`). */
  resources?: readonly z.ZodObject[];
  endpoints: readonly EndpointDefinition[];
  /** GraphQL edges beyond REST that start from (or lead to) the family's resources. */
  edges?(kit: EdgeKit): readonly EdgeDefinition[];
  /**
   * The page URLs the family reads, each mapped to one of its endpoints: `/v1/resolve`, batches
   * of mixed links and `Post.linkedResource` read links through them. Forms are tried in order,
   * so a narrower form (an issue page) comes before a wider one on the same host (a repository).
   */
  urlForms?: readonly UrlForm[];
  /** Resource types a caller can fetch again by their global ID (GraphQL `node(id:)`). */
  refetch?: readonly RefetchDeclaration[];
  /** Watch fields that pick one of several endpoints by an argument (beside the one per subscribable endpoint). */
  watchChoices?: readonly WatchChoice[];
  /** Example operations GraphiQL opens with. */
  graphqlExamples?(options: { watchIntervalSeconds: number }): readonly GraphQLExample[];
  /**
   * Loads the family's synthetic platform for the offline demo (and any test that wants a healthy
   * platform). A loader, so serving the real platform never loads the demo's data.
   */
  demo?(): Promise<DemoWorld>;
}

/** Job concurrency of a family that declares no setting for it. */
export const DEFAULT_FAMILY_CONCURRENCY = 4;

/** A family as its folder declares it: what the conventions derive may be left out. */
export type FamilyDeclaration = Omit<FamilyDefinition, 'requiresResidentialProxy'> & { requiresResidentialProxy?: boolean };

/** The prefix of a family's settings: its name in capitals (`news` -> `NEWS`). */
const settingPrefix = (name: string): string => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/**
 * A family's definition from its declaration, by the conventions every family follows unless it
 * says otherwise: its proxy is `<NAME>_PROXY_URL` (a provider family, which reaches only its
 * provider, has none), its job concurrency `<NAME>_CONCURRENCY`, and no residential proxy is
 * required. The gateway's configuration adds these settings (src/config/family-settings.ts).
 */
export function defineFamily(declaration: FamilyDeclaration): FamilyDefinition {
  const prefix = settingPrefix(declaration.name);
  return {
    ...(declaration.providerEnv === undefined ? { proxyEnv: `${prefix}_PROXY_URL` } : {}),
    concurrencyEnv: `${prefix}_CONCURRENCY`,
    ...declaration,
    requiresResidentialProxy: declaration.requiresResidentialProxy ?? false,
  };
}
