import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/catalogue/catalogue.js';
import { catalogue as unsettled } from '../support/registered-catalogue.js';
import { defineFamily } from '../../src/catalogue/family.js';
import { loadConfig } from '../../src/config/config.js';
import { isGatewayError } from '../../src/errors.js';
import { resolveUrl } from '../../src/pipeline/resolve-url.js';
import { isHostsFromSetting } from '../../src/catalogue/url-forms.js';

/** Proves the URL forms across every registered family: each example resolves to its own endpoint, and nothing else does. */

/** Each setting that lists a family's hosts (an allowlist of instances), set to the hosts of its forms' examples. */
const settingHosts = new Map<string, Set<string>>();
for (const family of unsettled.families) {
  for (const form of family.urlForms ?? []) {
    if (!isHostsFromSetting(form.hosts)) continue;
    const hosts = settingHosts.get(form.hosts.setting) ?? new Set<string>();
    settingHosts.set(form.hosts.setting, hosts.add(new URL(form.example).hostname));
  }
}
const env = Object.fromEntries([...settingHosts].map(([setting, hosts]) => [setting, [...hosts].join(',')]));
const catalogue = unsettled.withSettings(loadConfig(env, unsettled.families).settings);

const resolved = (url: string) => {
  const { endpoint, request } = resolveUrl(catalogue, url);
  return { endpoint: endpoint.path, params: request.params };
};

function refusal(url: unknown): { message: string; details: Record<string, unknown> | undefined } {
  try {
    resolveUrl(catalogue, url);
  } catch (error) {
    if (isGatewayError(error) && error.code === 'invalid_request') return { message: error.message, details: error.details };
    throw error;
  }
  throw new Error(`${String(url)} resolved`);
}

describe('resolveUrl', () => {
  const forms = [...new Set([...catalogue.urlForms.values()].flat()), ...catalogue.fallbackUrlForms];

  it.each(forms.map((form) => [form.example, form.endpoint] as const))('reads %s as %s', (example, endpoint) => {
    expect(resolved(example).endpoint).toBe(endpoint);
  });

  it.each(forms.filter((form) => form.node !== undefined).map((form) => [form.example, form.node!.endpoint] as const))(
    'reads %s as the one resource it is about, %s, when a Node is asked for',
    (example, endpoint) => {
      expect(resolveUrl(catalogue, example, {}, 'url', 'node').endpoint.path).toBe(endpoint);
      expect(catalogue.byPath.get(endpoint)!.returns.kind).toBe('single');
    },
  );

  it('reads a page as its Node only when its form names one: others read the same either way', () => {
    const plain = forms.find((form) => form.node === undefined)!;
    expect(resolveUrl(catalogue, plain.example, {}, 'url', 'node').endpoint.path).toBe(plain.endpoint);
  });

  it('covers every family that serves pages people link to', () => {
    const families = new Set(forms.map((form) => form.family));
    const withHosts = catalogue.families.filter((family) => family.providerEnv === undefined).map((family) => family.name);
    expect([...families].sort()).toEqual([...withHosts].sort());
  });

  it("tries the any-host forms only on hosts no family names, through their endpoint's parser", () => {
    expect(resolved('https://Shop.Example.net./de/collections/tea/products/sencha.js?variant=1')).toEqual({
      endpoint: '/v1/shop/product',
      params: { domain: 'shop.example.net', handle: 'sencha' },
    });
    expect(resolved('https://shop.example.net/collections/sale/')).toMatchObject({
      params: { domain: 'shop.example.net', collection: 'sale' },
    });
    // A named host keeps its own forms; a host the store rules refuse is the unknown-host refusal, listing named hosts only.
    expect(refusal('https://pypi.org/products/x').message).toMatch(/none that the gateway reads/);
    for (const url of [
      'https://localhost/products/x',
      'https://127.0.0.1/products/x',
      'https://shop.example.net:8443/products/x',
      'https://shop.example.net/pages/about',
    ]) {
      const refused = refusal(url);
      expect(refused.message, url).toMatch(/no family reads pages/);
      expect(refused.details?.supportedHosts).toEqual(catalogue.urlFormHosts);
    }
    expect(catalogue.urlFormHosts).not.toContain('shop.example.net');
  });

  it('reads pages of the instances an allowlist names, and of no other host', () => {
    const allowlisted = unsettled.withSettings(
      loadConfig({ FEDIVERSE_INSTANCES: 'Social.Example.com,fedi.example.org' }, unsettled.families).settings,
    );
    const read = (url: string) => {
      const { endpoint, request } = resolveUrl(allowlisted, url);
      return { endpoint: endpoint.path, params: request.params };
    };
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

  it.each([
    [
      'https://old.reddit.com/r/redditdev/comments/1abc2d/title/?utm_source=share&utm_medium=web',
      'https://www.reddit.com/r/redditdev/comments/1abc2d/',
    ],
    ['https://redd.it/1abc2d', 'https://www.reddit.com/comments/1abc2d'],
    ['https://m.reddit.com/r/redditdev', 'https://www.reddit.com/r/redditdev/'],
    ['https://www.github.com/Octocat/Hello-World/?utm_campaign=x', 'https://github.com/octocat/hello-world'],
    ['https://github.com/octocat/hello-world/issues/1#issuecomment-1', 'https://github.com/octocat/Hello-World/issues/1'],
    [
      'https://redfin.com/TX/Austin/123-Main-St-78701/home/12345678/?utm_source=x',
      'https://www.redfin.com/TX/Austin/123-Main-St-78701/home/12345678',
    ],
  ])('reads %s as %s reads', (first, second) => {
    expect(resolved(first)).toEqual(resolved(second));
  });

  it('keeps each marketplace apart', () => {
    expect(resolved('https://www.redfin.ca/ON/Toronto/1-Front-St-M5J/home/87654321').params).toMatchObject({ tld: 'ca' });
    expect(resolved('https://www.redfin.com/TX/Austin/The-Building/apartment/12345678').endpoint).toBe('/v1/realty/for-rent');
  });

  it.each([undefined, '', '/r/redditdev', 'javascript:alert(1)', 'ftp://github.com/octocat', 'not a url'])(
    'refuses %j naming url',
    (url) => {
      expect(refusal(url).details).toEqual({ param: 'url' });
    },
  );

  it('refuses an unknown host with every supported host', () => {
    const { details } = refusal('https://example.com/r/redditdev');
    expect(details?.param).toBe('url');
    expect(details?.supportedHosts).toEqual(catalogue.urlFormHosts);
    expect(catalogue.urlFormHosts).toContain('github.com');
  });

  it.each(['https://github.com@127.0.0.1/octocat/hello-world', 'https://127.0.0.1/r/redditdev', 'http://[::1]/user/spez'])(
    'treats %s as an unknown host',
    (url) => {
      expect(refusal(url).details?.supportedHosts).toBeDefined();
    },
  );

  it.each(['https://github.com/settings', 'https://github.com/login', 'https://www.reddit.com/settings/', 'https://www.redfin.com/login'])(
    'refuses %s, a page that is no resource',
    (url) => {
      expect(refusal(url)).toMatchObject({ details: { param: 'url' } });
    },
  );

  it('passes the common options through to the resolved endpoint', () => {
    const { request } = resolveUrl(catalogue, 'https://github.com/octocat', { cache_max_age: '1h', include_raw: 'true' });
    expect(request).toMatchObject({ cacheMaxAgeSeconds: 3600, includeRaw: true });
    expect(() => resolveUrl(catalogue, 'https://github.com/octocat', { cache_max_age: 'soon' })).toThrow(/cache_max_age/);
  });
});

describe('the catalogue', () => {
  const [forum] = catalogue.families;
  const endpoint = forum!.endpoints[0]!;

  it('refuses two families claiming one form', () => {
    const rival = defineFamily({
      name: 'rival',
      hosts: ['www.reddit.com'],
      requiresResidentialProxy: false,
      endpoints: [{ ...endpoint, family: 'rival', path: '/v1/rival/post', graphqlField: 'rivalPost' }],
      urlForms: [{ ...forum!.urlForms![0]!, endpoint: '/v1/rival/post' }],
    });
    expect(() => buildCatalogue([forum!, rival])).toThrow(/URL form conflict/);
  });

  it('refuses a form naming an endpoint of another family', () => {
    const stray = defineFamily({ ...forum!, urlForms: [{ ...forum!.urlForms![0]!, endpoint: '/v1/code/repo' }] });
    expect(() => buildCatalogue([stray])).toThrow(/not one of its endpoints/);
  });
});
