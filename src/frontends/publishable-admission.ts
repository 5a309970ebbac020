import type { IncomingHttpHeaders } from 'node:http';
import { GatewayError } from '../errors.js';
import { hashKey } from '../state/key-hash.js';
import type { ApiKeyRecord, Keys } from '../state/ports.js';
import { secondsToNextUtcDay, utcDay } from '../state/utc-day.js';
import { clientIp } from './client-ip.js';
import { originAllowed } from './origins.js';
import type { FrontendStore, PublishableKeyRecord } from './store.js';

/** Every publishable key starts with it; a secret key never does. */
export const PUBLISHABLE_PREFIX = 'pk_';
const MAX_KEY_LENGTH = 256;
const WINDOW_MS = 60_000;

export const isPublishableKey = (key: string | undefined): key is string => key !== undefined && key.startsWith(PUBLISHABLE_PREFIX);

/** What a publishable key's admission reads of a request. */
export interface PublishableRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string };
}

/** A caller admitted with a publishable key: its record, and where its charges are counted against its own daily cap. */
export interface PublishableCaller {
  record: PublishableKeyRecord;
  /** Adds credits charged through the key to its day. */
  charged(credits: number): void;
}

export type PublishableAdmitted =
  { account: ApiKeyRecord; publishable: PublishableCaller; refusal: null } | { account: null; publishable: null; refusal: GatewayError };

/** The refusal of a rule a publishable key breaks: 403, with the rule named, before anything is fetched. */
export const forbidden = (rule: string): GatewayError => new GatewayError('forbidden', `Publishable key refused: ${rule}`);

/** A publishable key on a door that never serves one (REST, jobs, MCP, the account route). */
export const notServedHere = (): GatewayError =>
  forbidden('publishable keys (pk_) are served only on POST /graphql with a trusted document; use a secret key here.');

/** Where a publishable key may be used: POST /graphql. */
function routeAllowed(method: string | undefined, url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0];
  return method === 'POST' && path === '/graphql';
}

/**
 * Admits a request that presents a publishable key: the key (by its hash), the route, the
 * Origin, the client IP's per-minute rate and the key's daily cap, in that order, each refusal
 * naming its rule. The account is the key's owner: it pays, and its own state (revoked) holds.
 * Whether the operation is a trusted document is decided where the body is read.
 */
export class PublishableAdmission {
  readonly #store: FrontendStore;
  readonly #keys: Pick<Keys, 'get'>;
  readonly #trustProxy: number;
  readonly #logError: (message: string, context: Record<string, unknown>) => void;

  constructor(
    store: FrontendStore,
    keys: Pick<Keys, 'get'>,
    trustProxy: number,
    logError: (message: string, context: Record<string, unknown>) => void = () => {},
  ) {
    this.#store = store;
    this.#keys = keys;
    this.#trustProxy = trustProxy;
    this.#logError = logError;
  }

  async admit(presented: string, request: PublishableRequest): Promise<PublishableAdmitted> {
    try {
      return await this.#admit(presented, request);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return { account: null, publishable: null, refusal: error };
    }
  }

  async #admit(presented: string, request: PublishableRequest): Promise<PublishableAdmitted> {
    const key = presented.trim();
    const record = key.length <= MAX_KEY_LENGTH ? await this.#store.publishableByHash(hashKey(key)) : null;
    if (!record) throw new GatewayError('invalid_api_key', 'The API key is not recognised.');
    if (record.status === 'revoked') throw new GatewayError('revoked_api_key', 'The API key has been revoked.');
    if (!routeAllowed(request.method, request.url))
      throw forbidden(`this key is served only on POST /graphql, not ${request.method ?? '?'} ${(request.url ?? '').split('?')[0]}.`);
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || origin === '')
      throw forbidden('the request has no Origin header; send it from a page on an allowed origin.');
    if (!originAllowed(record.origins, origin)) throw forbidden(`the Origin ${origin.slice(0, 200)} is not one this key lists.`);

    const now = Date.now();
    const window = Math.floor(now / WINDOW_MS);
    const ip = clientIp(request.headers, request.socket?.remoteAddress, this.#trustProxy);
    const count = await this.#store.countClientRequest(record.hash, ip, window);
    if (count > record.perIpPerMinute) {
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
      throw new GatewayError(
        'rate_limited',
        `More than ${record.perIpPerMinute} requests per minute from this client for this publishable key; retry after ${retryAfter} s.`,
        { retryAfter, details: { quota: record.perIpPerMinute, windowSeconds: WINDOW_MS / 1000 } },
      );
    }
    const day = utcDay(new Date(now));
    if (record.dailyCap !== null && (await this.#store.dailyUsed(record.hash, day)) >= record.dailyCap)
      throw new GatewayError('daily_cap_exceeded', `This publishable key has spent its daily cap of ${record.dailyCap} credits.`, {
        retryAfter: secondsToNextUtcDay(new Date(now)),
      });

    const account = await this.#keys.get(record.accountId);
    if (!account) throw new GatewayError('invalid_api_key', 'The API key is not recognised.');
    if (account.status === 'revoked') throw new GatewayError('revoked_api_key', 'The API key has been revoked.');
    const charged = (credits: number) => {
      if (credits <= 0) return;
      this.#store.addDailyUse(record.hash, day, credits).catch((error: unknown) => {
        this.#logError('publishable key daily use not recorded', { err: error, prefix: record.prefix });
      });
    };
    return { account, publishable: { record, charged }, refusal: null };
  }
}
