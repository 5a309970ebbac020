import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/catalogue/catalogue.js';
import { defineFamily } from '../../src/catalogue/family.js';
import { loadConfig } from '../../src/config/config.js';
import { resolveUrl } from '../../src/pipeline/resolve-url.js';
import { isHostsFromSetting } from '../../src/catalogue/url-forms.js';
import { registeredFamilies } from '../../src/families/registry.js';
import { BOOKS_HOST, bookshelfFamily } from '../families/bookshelf/family.js';
import { bookshelfCatalogue as unsettled } from '../support/bookshelf-catalogue.js';
import { readUrl, refusalOf } from '../support/resolve-url.js';

/**
 * Proves the URL forms across every registered family and the test family (test/families/bookshelf):
 * each example resolves to its own endpoint, and nothing else does. What the forms of one real
 * family read (aliases, tabs, refused pages) is tested in that family's folder (url-forms.test.ts).
 */

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

const resolved = (url: string) => readUrl(catalogue, url);
const refusal = (url: unknown) => refusalOf(catalogue, url);
const BOOKS = `https://${BOOKS_HOST}`;

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

  it.each([
    [`${BOOKS}/shelves/poetry?utm_source=share&utm_medium=web`, `${BOOKS}/shelves/poetry/`],
    [`https://www.${BOOKS_HOST}/shelves/Poetry/Title/`, `${BOOKS}/shelves/poetry/title`],
    [`https://WWW.${BOOKS_HOST.toUpperCase()}./books/101#reviews`, `${BOOKS}/books/101`],
  ])('reads %s as %s reads', (first, second) => {
    expect(resolved(first)).toEqual(resolved(second));
  });

  it("reads a shelf page's tab as the shelf in that order", () => {
    expect(resolved(`${BOOKS}/shelves/nature/pages`)).toMatchObject({
      endpoint: '/v1/bookshelf/shelf',
      params: { shelf: 'nature', sort: 'pages' },
    });
  });

  it.each([undefined, '', '/shelves/poetry', 'javascript:alert(1)', `ftp://${BOOKS_HOST}/books/101`, 'not a url'])(
    'refuses %j naming url',
    (url) => {
      expect(refusal(url).details).toEqual({ param: 'url' });
    },
  );

  it('refuses an unknown host with every supported host', () => {
    const { details } = refusal('https://example.com/shelves/poetry');
    expect(details?.param).toBe('url');
    expect(details?.supportedHosts).toEqual(catalogue.urlFormHosts);
    expect(catalogue.urlFormHosts).toContain(BOOKS_HOST);
  });

  it.each([`https://${BOOKS_HOST}@127.0.0.1/books/101`, 'https://127.0.0.1/shelves/poetry', 'http://[::1]/books/101'])(
    'treats %s as an unknown host',
    (url) => {
      expect(refusal(url).details?.supportedHosts).toBeDefined();
    },
  );

  it.each([`${BOOKS}/settings`, `${BOOKS}/login`, `${BOOKS}/shelves/poetry/upside-down`, `${BOOKS}/books/not-a-number`])(
    'refuses %s, a page that is no resource',
    (url) => {
      expect(refusal(url)).toMatchObject({ details: { param: 'url' } });
    },
  );

  it('passes the common options through to the resolved endpoint', () => {
    const { request } = resolveUrl(catalogue, `${BOOKS}/books/101`, { cache_max_age: '1h', include_raw: 'true' });
    expect(request).toMatchObject({ cacheMaxAgeSeconds: 3600, includeRaw: true });
    expect(() => resolveUrl(catalogue, `${BOOKS}/books/101`, { cache_max_age: 'soon' })).toThrow(/cache_max_age/);
  });
});

describe('the catalogue', () => {
  const [endpoint] = bookshelfFamily.endpoints;
  const [form] = bookshelfFamily.urlForms!;

  it('refuses two families claiming one form', () => {
    const rival = defineFamily({
      name: 'rival',
      hosts: [BOOKS_HOST],
      requiresResidentialProxy: false,
      endpoints: [{ ...endpoint!, family: 'rival', path: '/v1/rival/post', graphqlField: 'rivalPost' }],
      urlForms: [{ ...form!, endpoint: '/v1/rival/post' }],
    });
    expect(() => buildCatalogue([bookshelfFamily, rival])).toThrow(/URL form conflict/);
  });

  it('refuses a form naming an endpoint of another family', () => {
    const [other] = registeredFamilies;
    const stray = defineFamily({ ...bookshelfFamily, urlForms: [{ ...form!, endpoint: other!.endpoints[0]!.path }] });
    expect(() => buildCatalogue([other!, stray])).toThrow(/not one of its endpoints/);
  });
});
