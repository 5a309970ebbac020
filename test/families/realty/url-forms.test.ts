import { describe, expect, it } from 'vitest';
import { catalogue } from '../../support/registered-catalogue.js';
import { readUrl, refusalOf } from '../../support/resolve-url.js';

/** The realty pages as /v1/resolve reads them: each marketplace apart, a rental as a rental, the bare host as the www. one. */
describe('realty URL forms', () => {
  it('reads a listing on the bare host, with tracking parameters, as the listing on www.', () => {
    expect(readUrl(catalogue, 'https://redfin.com/TX/Austin/123-Main-St-78701/home/12345678/?utm_source=x')).toEqual(
      readUrl(catalogue, 'https://www.redfin.com/TX/Austin/123-Main-St-78701/home/12345678'),
    );
  });

  it('keeps each marketplace apart', () => {
    expect(readUrl(catalogue, 'https://www.redfin.ca/ON/Toronto/1-Front-St-M5J/home/87654321').params).toMatchObject({ tld: 'ca' });
    expect(readUrl(catalogue, 'https://www.redfin.com/TX/Austin/The-Building/apartment/12345678').endpoint).toBe('/v1/realty/for-rent');
  });

  it('refuses the login page, which is no resource', () => {
    expect(refusalOf(catalogue, 'https://www.redfin.com/login')).toMatchObject({ details: { param: 'url' } });
  });
});
