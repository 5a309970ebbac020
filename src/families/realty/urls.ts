import { invalidParam } from '../../errors.js';
import { MARKETS, type Market } from './market.js';
import { parseSearchPath, type SearchPath } from './search/search-path.js';

/** The four page kinds the realty endpoints read. */
export type PageKind = 'for-sale' | 'for-rent' | 'agent' | 'search';

const ENDPOINT_OF: Record<PageKind, string> = {
  'for-sale': '/v1/realty/for-sale',
  'for-rent': '/v1/realty/for-rent',
  agent: '/v1/realty/agent',
  search: '/v1/realty/search',
};

/** The URL form each endpoint accepts, as told to callers in 400 messages and OpenAPI. */
export function expectedForm(kind: PageKind, origin: string): string {
  switch (kind) {
    case 'for-sale':
      return `a ${origin} for-sale listing URL (${origin}/{ST}/{City}/{address-slug}/home/{propertyId})`;
    case 'for-rent':
      return `a ${origin} rental URL (${origin}/{ST}/{City}/{address-slug}/home/{propertyId} or ${origin}/{ST}/{City}/{building}/apartment/{propertyId})`;
    case 'agent':
      return `a ${origin} agent profile URL (${origin}/real-estate-agents/{agent-slug} or ${origin}/real-estate-partner-agents/{agent-slug})`;
    case 'search':
      return `a ${origin} search page URL (${origin}/city/{regionId}/{ST}/{City} or ${origin}/zipcode/{zip}, optionally followed by /apartments-for-rent, /filter/{filters} and /page-{n})`;
  }
}

// A listing page: state, city, one or more slug segments (address, unit), then home|apartment and the id.
const LISTING_PATH = /^\/[A-Za-z]{2}\/[^/]+\/(?:[^/]+\/)*(home|apartment)\/(\d+)\/?$/;
const AGENT_PATH = /^\/(real-estate-agents|real-estate-partner-agents)\/([A-Za-z0-9][A-Za-z0-9-]*)\/?$/;

export interface ListingTarget {
  market: Market;
  /** The page to fetch: origin and path, without query or fragment. */
  pageUrl: string;
  path: string;
  /** Digits only; safe to put in stingray URLs. */
  propertyId: string;
  /** `apartment` pages are rental buildings. */
  pathKind: 'home' | 'apartment';
}

export interface AgentTarget {
  market: Market;
  pageUrl: string;
  path: string;
  slug: string;
  isPartner: boolean;
}

export interface SearchTarget {
  market: Market;
  search: SearchPath;
}

/** A for-sale (home pages only) or for-rent (home or apartment pages) listing URL. */
export function listingTarget(raw: string, market: Market, kind: 'for-sale' | 'for-rent'): ListingTarget {
  const url = checkedUrl(raw, market, kind);
  const match = LISTING_PATH.exec(url.pathname);
  if (!match || (kind === 'for-sale' && match[1] === 'apartment')) throw wrongKind(url.pathname, market, kind);
  const path = url.pathname.replace(/\/$/, '');
  return { market, pageUrl: market.origin + path, path, propertyId: match[2]!, pathKind: match[1] as 'home' | 'apartment' };
}

/** An agent or partner-agent profile URL. */
export function agentTarget(raw: string, market: Market): AgentTarget {
  const url = checkedUrl(raw, market, 'agent');
  const match = AGENT_PATH.exec(url.pathname);
  if (!match) throw wrongKind(url.pathname, market, 'agent');
  const path = url.pathname.replace(/\/$/, '');
  return { market, pageUrl: market.origin + path, path, slug: match[2]!, isPartner: match[1] === 'real-estate-partner-agents' };
}

/** A city, zip-code, neighborhood or county search page, with its filters and page. */
export function searchTarget(raw: string, market: Market): SearchTarget {
  const url = checkedUrl(raw, market, 'search');
  const search = parseSearchPath(url.pathname);
  if (!search) throw wrongKind(url.pathname, market, 'search');
  return { market, search };
}

/** Scheme and host rules shared by every kind. */
function checkedUrl(raw: string, market: Market, kind: PageKind): URL {
  const form = expectedForm(kind, market.origin);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidParam('url', `url is not an absolute URL; expected ${form}.`);
  }
  if (url.protocol !== 'https:') throw invalidParam('url', `url must use https, not ${url.protocol.replace(':', '')}; expected ${form}.`);
  if (url.host === market.host) return url;
  const other = Object.values(MARKETS).find((each) => each.host === url.host);
  if (other) {
    throw invalidParam(
      'tld',
      `url is on ${other.host}, the tld=${other.tld} marketplace, but tld=${market.tld}; pass tld=${other.tld} or give ${form}.`,
    );
  }
  throw invalidParam('url', `url must be on ${market.host} (tld=${market.tld}), not ${url.host}; expected ${form}.`);
}

function wrongKind(path: string, market: Market, kind: PageKind): Error {
  const actual = kindOfPath(path);
  const hint = actual && actual !== kind ? ` This looks like ${describeKind(actual)}, which ${ENDPOINT_OF[actual]} serves.` : '';
  return invalidParam('url', `url must be ${expectedForm(kind, market.origin)}.${hint}`);
}

/** Which endpoint a path belongs to, when it is recognisable at all. */
export function kindOfPath(path: string): PageKind | null {
  const listing = LISTING_PATH.exec(path);
  if (listing) return listing[1] === 'apartment' ? 'for-rent' : 'for-sale';
  if (AGENT_PATH.test(path)) return 'agent';
  if (parseSearchPath(path)) return 'search';
  return null;
}

function describeKind(kind: PageKind): string {
  switch (kind) {
    case 'for-sale':
      return 'a listing page';
    case 'for-rent':
      return 'a rental building page';
    case 'agent':
      return 'an agent profile';
    case 'search':
      return 'a search page';
  }
}
