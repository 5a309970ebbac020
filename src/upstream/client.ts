import { Agent, ProxyAgent, errors as undiciErrors, request, type Dispatcher } from 'undici';
import { GatewayError } from '../errors.js';
import type { BlockPageMarkers } from '../catalogue/family.js';
import type { BudgetTarget } from '../state/budget-store.js';
import type { BudgetGuard } from './budget/guard.js';
import { egressOf } from './budget/egress.js';
import type { AnswerBudgetReader } from './budget/read-budget.js';
import type { CallerHostGate, GateStep } from './caller-hosts/gate.js';
import { classifyResponse } from './classify.js';
import type { HostPacer } from './pacing.js';
import { Coalescer } from './coalesce.js';
import type { UpstreamObserver } from './observer.js';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../catalogue/upstream.js';
import { boundedChunks, readBoundedBytes } from './read-bounded.js';
import { decompressBody } from './decompress.js';

export interface UpstreamClientOptions {
  /** host -> origin actually fetched (UPSTREAM_ORIGINS). */
  origins: ReadonlyMap<string, URL>;
  timeoutMs: number;
  userAgent?: string;
  /** Per-host budgets: spent hosts are refused without a request, every answer's announcement is recorded. */
  budgets?: BudgetGuard | undefined;
  /** Where requests, refusals and coalesced joins are counted (the process's metrics). */
  observer?: UpstreamObserver | undefined;
  /** Spaces the requests to paced hosts (a family's `hostIntervals`), across processes when its store is shared. */
  pacer?: HostPacer | undefined;
}

export interface FamilyUpstreamOptions {
  family: string;
  hosts: readonly string[];
  proxyUrl?: string | undefined;
  /** How the family's platform shows a block page. */
  blockPages?: BlockPageMarkers | undefined;
  /** How the platform announces its request budget in its headers or body; default: an answer's Retry-After. */
  readBudget?: AnswerBudgetReader | undefined;
  /** The scopes of its host a request to a URL spends besides the host's own budget (a method, a quota), each held apart. */
  budgetScopes?: ((url: URL) => readonly string[]) | undefined;
  /** Hosts the platform allows one request per so many milliseconds, held to that pace by the pacer. */
  hostIntervals?: Readonly<Record<string, number>> | undefined;
  /**
   * A family that also fetches hosts it did not declare (its `callerNamedHosts`): requests and
   * redirect hops to them go through this gate instead of being refused.
   */
  callerHosts?: CallerHostGate | undefined;
}

interface Egress {
  dispatcher: Dispatcher;
  /** "direct", or the proxy's id: platforms count budgets per client address. */
  name: string;
  /** A dispatcher of the same egress with no connection yet, for a retry that must not reuse one. */
  fresh(): Dispatcher;
}

const MAX_REDIRECTS = 5;
const MAX_BODY_BYTES = 20 * 1024 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** A logged-out fetch that lands on a sign-in page was refused, whatever the status. */
const LOGIN_PATH = /^\/(login|signin|sign-in|account\/login)\b/i;
const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; public-data-gateway/0.1; +https://example.invalid/bot)';

/**
 * Connections per origin. Bounded so a burst cannot open hundreds of sockets to one platform
 * (or the proxy); kept alive so the steady state does no DNS lookup or TLS handshake per request.
 */
const CONNECTIONS_PER_ORIGIN = 64;

/**
 * The gateway's only door to the network. Keeps one keep-alive pool per origin (undici
 * Agent), one ProxyAgent per configured proxy, and hands each family an Upstream that can
 * reach only that family's declared hosts. Identical concurrent requests of a family (GETs,
 * and POSTs by their whole body) share one fetch (Coalescer), whichever request or door they
 * come from. Before each request the host's budget is checked and after it the answer's
 * announcement recorded (BudgetGuard), per host and egress: a host known to be spent is refused
 * without a request.
 */
export class UpstreamClient {
  readonly #options: UpstreamClientOptions;
  readonly #direct: Agent;
  readonly #proxies = new Map<string, ProxyAgent>();

  constructor(options: UpstreamClientOptions) {
    this.#options = options;
    this.#direct = new Agent({ connections: CONNECTIONS_PER_ORIGIN, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 });
  }

  forFamily(options: FamilyUpstreamOptions): Upstream {
    const proxyUrl = options.proxyUrl;
    const egress: Egress = {
      dispatcher: proxyUrl ? this.#proxy(proxyUrl) : this.#direct,
      name: egressOf(proxyUrl),
      fresh: () => (proxyUrl ? new ProxyAgent({ uri: proxyUrl, connections: 1 }) : new Agent({ connections: 1 })),
    };
    const hosts = new Set(options.hosts.map((host) => host.toLowerCase()));
    // One coalescer per family: families differ in hosts and dispatcher, so they never share a fetch.
    const observer = this.#options.observer;
    const coalescer = new Coalescer(observer?.joined ? () => observer.joined?.(options.family) : undefined);
    const send = (upstreamRequest: UpstreamRequest, signal: AbortSignal) => this.#fetch(upstreamRequest, hosts, egress, options, signal);
    return { fetch: (upstreamRequest) => coalescer.fetch(upstreamRequest, send) };
  }

  async close(): Promise<void> {
    await Promise.all([this.#direct.close(), ...[...this.#proxies.values()].map((proxy) => proxy.close())]);
  }

  #proxy(proxyUrl: string): ProxyAgent {
    let proxy = this.#proxies.get(proxyUrl);
    if (!proxy) {
      proxy = new ProxyAgent({
        uri: proxyUrl,
        connections: CONNECTIONS_PER_ORIGIN,
        keepAliveTimeout: 30_000,
        keepAliveMaxTimeout: 600_000,
      });
      this.#proxies.set(proxyUrl, proxy);
    }
    return proxy;
  }

  /** `cancel` is the fetch's own signal (the coalescer's), not any one caller's. */
  async #fetch(
    upstreamRequest: UpstreamRequest,
    hosts: ReadonlySet<string>,
    egress: Egress,
    family: FamilyUpstreamOptions,
    cancel: AbortSignal,
  ): Promise<UpstreamResponse> {
    const timeoutMs = upstreamRequest.timeoutMs ?? this.#options.timeoutMs;
    // Started once the first request may go: waiting for a paced host's slot is not the platform being slow.
    let timeout: AbortSignal | undefined;
    const gate = family.callerHosts;
    let url = gate ? gatedUrl(upstreamRequest.url, gate) : declaredUrl(upstreamRequest.url, hosts, family.family);
    const maxRedirects = gate?.governs(url.hostname) ? gate.policy.maxRedirects : MAX_REDIRECTS;
    let method = upstreamRequest.method ?? 'GET';
    let body = upstreamRequest.body;
    for (let hop = 0; ; hop++) {
      const target: BudgetTarget = { host: url.hostname.toLowerCase(), egress: egress.name };
      const gated = gate?.governs(target.host) === true;
      let dispatcher = egress.dispatcher;
      if (gated) {
        // The gate's refusals come first (a host never fetched spends no ceiling); its lookup counts in the request's time.
        timeout ??= AbortSignal.timeout(timeoutMs);
        const step: GateStep = hop === 0 ? { kind: 'request', hostParam: upstreamRequest.hostParam } : { kind: 'redirect' };
        dispatcher = (await this.#cleared(gate!, url, step, timeout, cancel)) ?? dispatcher;
      }
      await this.#options.budgets?.admit(target, {
        scopes: family.budgetScopes?.(url) ?? [],
        ceiling: gated ? gate!.hostCeiling : undefined,
      });
      await this.#paced(target, family, timeoutMs, timeout ? AbortSignal.any([timeout, cancel]) : cancel);
      timeout ??= AbortSignal.timeout(timeoutMs);
      const signal = AbortSignal.any([timeout, cancel]);
      const sent = gated ? { ...upstreamRequest, headers: gate!.headers(upstreamRequest.headers) } : upstreamRequest;
      // A caller-named host's pinned dispatcher is the only way to it: a retry goes through it again.
      const fresh = gated ? () => dispatcher : egress.fresh;
      const response = await this.#counted(target.host, this.#send(url, method, body, sent, { dispatcher, fresh }, signal, timeout));
      const standing = (await this.#options.budgets?.observe(target, { ...response, url: url.href }, family.readBudget)) ?? null;
      // A 403, 429 or redirect that says the budget is spent is a rate limit, whatever the family passes through.
      const spent = this.#options.budgets?.spentFailure(target, response.status, standing) ?? null;
      const location = response.headers.location;
      if (spent || !REDIRECT_STATUSES.has(response.status) || location === undefined) {
        const failure = spent ?? classifyResponse(response, upstreamRequest.passStatuses, family.blockPages);
        this.#options.observer?.request?.(target.host, failure?.code ?? 'ok');
        if (failure) throw failure;
        return response;
      }
      this.#options.observer?.request?.(target.host, 'redirect');
      if (hop >= maxRedirects)
        throw new GatewayError('upstream_blocked', 'The platform redirected too many times.', { details: { host: url.host } });
      const next = withoutTrailingDot(new URL(location, url));
      if (LOGIN_PATH.test(next.pathname)) {
        throw new GatewayError('upstream_blocked', 'The platform redirected the logged-out request to a sign-in page.', {
          details: { host: next.host },
        });
      }
      if (!hosts.has(next.hostname.toLowerCase()) && !gate) {
        throw new GatewayError('upstream_blocked', `The platform redirected off its declared hosts (to ${next.hostname}).`, {
          details: { host: next.hostname },
        });
      }
      url = next;
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  }

  /** The gate's verdict on one step of a fetch to a host the family did not declare, bounded by the request's time. */
  async #cleared(gate: CallerHostGate, url: URL, step: GateStep, timeout: AbortSignal, cancel: AbortSignal): Promise<Dispatcher | null> {
    try {
      return await gate.clear(url, step, AbortSignal.any([timeout, cancel]));
    } catch (error) {
      if (error instanceof GatewayError) {
        this.#options.observer?.request?.(url.hostname, error.code);
        throw error;
      }
      throw networkFailure(error, url, timeout);
    }
  }

  /** Waits for a paced host's next slot (a family's `hostIntervals`), at most the request's time-out. */
  async #paced(target: BudgetTarget, family: FamilyUpstreamOptions, timeoutMs: number, signal: AbortSignal): Promise<void> {
    const intervalMs = family.hostIntervals?.[target.host];
    if (intervalMs === undefined || !this.#options.pacer) return;
    try {
      await this.#options.pacer.wait(target, intervalMs, timeoutMs, signal);
    } catch (error) {
      if (error instanceof GatewayError) {
        this.#options.observer?.request?.(target.host, error.code);
        throw error;
      }
      throw new GatewayError('upstream_timeout', 'The request was cancelled while it waited for its turn at the platform.', {
        details: { host: target.host },
        cause: error,
      });
    }
  }

  /** Counts a request that failed before any answer (time-out, dropped connection) under its error code. */
  async #counted(host: string, sending: Promise<UpstreamResponse>): Promise<UpstreamResponse> {
    try {
      return await sending;
    } catch (error) {
      this.#options.observer?.request?.(host, error instanceof GatewayError ? error.code : 'internal_error');
      throw error;
    }
  }

  async #send(
    url: URL,
    method: 'GET' | 'POST',
    body: string | undefined,
    { headers, bodyReader }: Pick<UpstreamRequest, 'headers' | 'bodyReader'>,
    via: { dispatcher: Dispatcher; fresh(): Dispatcher },
    signal: AbortSignal,
    timeout: AbortSignal,
  ): Promise<UpstreamResponse> {
    const rewritten = this.#options.origins.get(url.host.toLowerCase());
    const target = rewritten ? new URL(url.pathname + url.search, rewritten) : url;
    const requestHeaders: Record<string, string> = {
      'user-agent': this.#options.userAgent ?? DEFAULT_USER_AGENT,
      accept: '*/*',
      ...headers,
    };
    if (rewritten) requestHeaders['x-forwarded-host'] = url.host;
    const send = (dispatcher: Dispatcher) => request(target, { method, headers: requestHeaders, body, dispatcher, signal });
    let retriedOn: Dispatcher | null = null;
    try {
      let response: Dispatcher.ResponseData;
      try {
        response = await send(via.dispatcher);
      } catch (error) {
        // A kept-alive connection the platform closed while it sat idle fails the next request
        // before any answer byte; a GET asks nothing twice, so it is tried once more on a new
        // connection. A POST is never sent again.
        if (method !== 'GET' || body !== undefined || signal.aborted || !droppedBeforeAnswer(error)) throw error;
        this.#options.observer?.connectionRetried?.(url.hostname);
        retriedOn = via.fresh();
        response = await send(retriedOn);
      }
      const streamed =
        bodyReader !== undefined &&
        (bodyReader.anyType === true
          ? response.statusCode >= 200 && response.statusCode < 300
          : isJsonSuccess(response.statusCode, response.headers['content-type']));
      const text = streamed
        ? await bodyReader.read(boundedChunks(response.body, bodyReader.maxBytes, "The platform's"))
        : decompressBody(
            await readBoundedBytes(response.body, MAX_BODY_BYTES, "The platform's"),
            MAX_BODY_BYTES,
            "The platform's",
          ).toString('utf8');
      return { status: response.statusCode, headers: flattenHeaders(response.headers), body: text, url: url.href };
    } catch (error) {
      throw networkFailure(error, url, timeout);
    } finally {
      if (retriedOn !== null && retriedOn !== via.dispatcher) void retriedOn.close().catch(() => {});
    }
  }
}

/** A body a reader may stream: a 2xx JSON answer (a block page or an error is read as text and classified as usual). */
function isJsonSuccess(status: number, contentType: string | string[] | undefined): boolean {
  return status >= 200 && status < 300 && /\bjson\b/i.test(String(contentType ?? ''));
}

/** A gated family's request: a declared host as usual; any other is for the gate to check (its own refusals name the parameter). */
function gatedUrl(raw: string, gate: CallerHostGate): URL {
  const url = URL.parse(raw);
  if (!url) {
    throw new GatewayError('invalid_request', `The ${gate.policy.family} family asked for a URL that is not one.`, {
      details: { host: null },
    });
  }
  if (!gate.governs(url.hostname) && url.protocol !== 'https:') return declaredUrl(raw, gate.policy.declaredHosts, gate.policy.family);
  return withoutTrailingDot(url);
}

/** `shop.example.com.` and `shop.example.com` are one host: one budget, one pinned answer, one allowlist entry. */
function withoutTrailingDot(url: URL): URL {
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  return url;
}

function declaredUrl(raw: string, hosts: ReadonlySet<string>, family: string): URL {
  const url = URL.parse(raw);
  if (!url || url.protocol !== 'https:' || !hosts.has(url.hostname.toLowerCase())) {
    throw new GatewayError('invalid_request', `The ${family} family may only fetch https URLs on ${[...hosts].join(', ')}.`, {
      details: { host: url?.hostname ?? null },
    });
  }
  return url;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** The connection closed or was reset before the answer's first byte (the request itself may have been written). */
function droppedBeforeAnswer(error: unknown): boolean {
  if (error instanceof undiciErrors.SocketError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

function networkFailure(error: unknown, url: URL, timeout: AbortSignal): GatewayError {
  if (error instanceof GatewayError) return error;
  const details = { host: url.host };
  if (timeout.aborted || error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new GatewayError('upstream_timeout', 'The platform did not answer in time.', { details, cause: error });
  }
  return new GatewayError('upstream_blocked', 'The platform could not be reached or dropped the connection.', { details, cause: error });
}
