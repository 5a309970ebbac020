import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import { resolveUrl } from '../../../src/pipeline/resolve-url.js';
import { catalogue as unsettled } from '../../support/registered-catalogue.js';
import { readUrl } from '../../support/resolve-url.js';

/** The instances' pages as /v1/resolve reads them: on the hosts the allowlist names, and on no other. */
describe('fediverse URL forms', () => {
  it('reads pages of the instances an allowlist names, and of no other host', () => {
    const allowlisted = unsettled.withSettings(
      loadConfig({ FEDIVERSE_INSTANCES: 'Social.Example.com,fedi.example.org' }, unsettled.families).settings,
    );
    const read = (url: string) => readUrl(allowlisted, url);
    expect(read('https://fedi.example.org/@Someone@elsewhere.example.net/?utm_source=x')).toMatchObject({
      endpoint: '/v1/fediverse/account',
      params: { account: 'https://fedi.example.org/@Someone@elsewhere.example.net' },
    });
    expect(read('https://social.example.com/users/someone')).toMatchObject({
      params: { account: 'https://social.example.com/@someone' },
    });
    expect(read('https://social.example.com/users/someone/statuses/1234/')).toMatchObject({
      endpoint: '/v1/fediverse/post',
      params: { url: 'https://social.example.com/users/someone/statuses/1234' },
    });
    expect(read('https://SOCIAL.example.com/tags/Caf%C3%A9')).toMatchObject({
      endpoint: '/v1/fediverse/hashtag',
      params: { instance: 'social.example.com', tag: 'Café' },
    });
    expect(allowlisted.urlFormHosts).toEqual(expect.arrayContaining(['fedi.example.org', 'social.example.com']));
    // An instance's page that names no resource is its own refusal, not a store page.
    expect(() => resolveUrl(allowlisted, 'https://social.example.com/products/tea')).toThrow(/none that the gateway reads/);
    // Off the allowlist, or with no allowlist, an instance's page is a host no family names; a store path there is a store's.
    for (const settled of [allowlisted, unsettled]) {
      expect(() => resolveUrl(settled, 'https://other.example.net/@someone')).toThrow(/no family reads pages/);
      expect(resolveUrl(settled, 'https://other.example.net/products/tea').endpoint.path).toBe('/v1/shop/product');
    }
    expect(() => resolveUrl(unsettled, 'https://social.example.com/@someone')).toThrow(/no family reads pages/);
    expect(unsettled.urlFormHosts).not.toContain('social.example.com');
  });
});
