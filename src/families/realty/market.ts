import { invalidParam } from '../../errors.js';

/** The `platform` value every realty resource carries. */
export const REALTY_PLATFORM = 'redfin';

/** Every host the realty family fetches; the upstream layer refuses any other. */
export const REALTY_HOSTS = ['www.redfin.com', 'www.redfin.ca'] as const;

export type Tld = 'com' | 'ca';

/** One Redfin marketplace: where its pages live and which market it serves. */
export interface Market {
  tld: Tld;
  host: (typeof REALTY_HOSTS)[number];
  /** `https://{host}`, the origin of every page and stingray URL of this marketplace. */
  origin: string;
  /** ISO 3166-1 alpha-2 market code. */
  country: string;
  /** ISO 4217; every price of this marketplace is in it, whatever JSON-LD claims. */
  currency: string;
}

/**
 * The two marketplaces. The country_code rule: it defaults from tld (com: US, ca: CA) and
 * any other value contradicts the marketplace the URL belongs to, so it is refused.
 */
export const MARKETS: Readonly<Record<Tld, Market>> = {
  com: { tld: 'com', host: 'www.redfin.com', origin: 'https://www.redfin.com', country: 'US', currency: 'USD' },
  ca: { tld: 'ca', host: 'www.redfin.ca', origin: 'https://www.redfin.ca', country: 'CA', currency: 'CAD' },
};

/** The marketplace of `tld`, checked against an explicit `country_code`. */
export function resolveMarket(tld: Tld, countryCode: string | undefined): Market {
  const market = MARKETS[tld];
  if (countryCode === undefined) return market;
  const wanted = countryCode.toUpperCase();
  if (wanted !== market.country) {
    throw invalidParam(
      'country_code',
      `country_code ${wanted} contradicts the ${market.host} URL: tld=${tld} is the ${market.country} market, so country_code must be ${market.country} (or omitted).`,
    );
  }
  return market;
}
