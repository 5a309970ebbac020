import { invalidParam } from '../../errors.js';
import { resolveMarket } from './market.js';
import type { RealtyParams, RealtySearchParams } from './params.js';
import { agentTarget, listingTarget, searchTarget } from './urls.js';

/** A search cursor is the next page number. */
const CURSOR = /^[1-9]\d{0,3}$/;

/**
 * The endpoints' normaliseParams: the market and URL rules, which need several parameters,
 * checked in the validation step (400 before any credit is held or proxy consulted), with
 * country_code made explicit so an omitted and a default country share a cache entry.
 */
export function checkedListingParams(kind: 'for-sale' | 'for-rent') {
  return (params: RealtyParams): RealtyParams => {
    const market = resolveMarket(params.tld, params.country_code);
    listingTarget(params.url, market, kind);
    return { ...params, country_code: market.country };
  };
}

export function checkedAgentParams(params: RealtyParams): RealtyParams {
  const market = resolveMarket(params.tld, params.country_code);
  agentTarget(params.url, market);
  return { ...params, country_code: market.country };
}

export function checkedSearchParams(params: RealtySearchParams): RealtySearchParams {
  const market = resolveMarket(params.tld, params.country_code);
  searchTarget(params.url, market);
  if (params.cursor !== undefined && !CURSOR.test(params.cursor)) {
    throw invalidParam(
      'cursor',
      'cursor must be the pagination.cursor of a previous /v1/realty/search response (a page number such as 2).',
    );
  }
  return { ...params, country_code: market.country };
}
