import { describe, expect, it } from 'vitest';
import { NPM_WEB_BARE_HOST, NPM_WEB_HOST } from '../../../src/families/packages/constants.js';
import { packagesPackageEndpoint } from '../../../src/families/packages/endpoints/package.js';
import { packagesSearchEndpoint } from '../../../src/families/packages/endpoints/search.js';
import { packagesPackageVersionsEndpoint } from '../../../src/families/packages/endpoints/versions.js';
import { pep503, refFromUrl } from '../../../src/families/packages/input/identity.js';
import { nextPageCursor, offsetCursor } from '../../../src/families/packages/upstream/cursor.js';
import { canonical, errorOf } from './support.js';

/** The error a synchronous step throws. */
const refusal = (run: () => unknown) => errorOf((async () => run())());

/** Every form a caller names a package in, read into one canonical registry and name; the rest refused naming the parameter. */

describe('package page URLs', () => {
  it.each([
    [`https://${NPM_WEB_HOST}/package/lodash`, 'npm', 'lodash'],
    [`${NPM_WEB_BARE_HOST}/package/lodash/v/4.17.21`, 'npm', 'lodash'],
    [`https://${NPM_WEB_HOST}/package/@types/node`, 'npm', '@types/node'],
    [`https://${NPM_WEB_HOST}/package/%40types%2Fnode`, 'npm', '@types/node'],
    [`https://${NPM_WEB_HOST}/package/@types/node/v/20.0.0?activeTab=versions#top`, 'npm', '@types/node'],
    ['https://pypi.org/project/Flask_SQLAlchemy/', 'pypi', 'flask-sqlalchemy'],
    ['pypi.org/project/requests/2.31.0/', 'pypi', 'requests'],
    ['https://crates.io/crates/Serde', 'crates', 'serde'],
    ['https://crates.io/crates/serde/1.0.0', 'crates', 'serde'],
  ])('%s is %s %s', (url, registry, name) => {
    expect(refFromUrl(url)).toEqual({ registry, name });
  });

  it.each([
    'https://rubygems.org/gems/rails',
    `https://${NPM_WEB_HOST}/search?q=x`,
    `https://${NPM_WEB_HOST}/package/`,
    `https://${NPM_WEB_HOST}/package/lodash/extra/tail`,
    'https://pypi.org/search/?q=x',
    'https://crates.io/crates/serde/1.0.0/dependencies',
    'ftp://crates.io/crates/serde',
    `https://${NPM_WEB_HOST}/package/%E0%A4%A`,
  ])('refuses %s naming url', async (url) => {
    expect((await refusal(() => refFromUrl(url))).details).toEqual({ param: 'url' });
  });
});

describe('identity parameters', () => {
  it('drops the url once read, so equivalent inputs are one cache entry', () => {
    const fromUrl = canonical(packagesPackageEndpoint, { url: 'https://pypi.org/project/Ferrite.Tools/' });
    const fromName = canonical(packagesPackageEndpoint, { registry: 'pypi', name: 'ferrite_tools' });
    expect(fromUrl).toEqual({ registry: 'pypi', name: 'ferrite-tools' });
    expect(fromName).toEqual(fromUrl);
  });

  it('checks names against each registry’s rules', async () => {
    expect(canonical(packagesPackageEndpoint, { registry: 'npm', name: 'JSONStream' })).toMatchObject({ name: 'JSONStream' });
    for (const [registry, name] of [
      ['npm', '.hidden'],
      ['npm', '@scope/'],
      ['npm', 'a/b'],
      ['npm', 'x'.repeat(215)],
      ['pypi', 'trailing-'],
      ['pypi', 'sp ace'],
      ['crates', '_under'],
      ['crates', 'a'.repeat(65)],
    ]) {
      const error = await refusal(() => canonical(packagesPackageEndpoint, { registry, name }));
      expect(error.details, `${registry} ${name}`).toEqual({ param: 'name' });
    }
  });

  it('reads PEP 503 names', () => {
    expect(pep503('Ferrite.__Tools--X')).toBe('ferrite-tools-x');
  });

  it('checks a cursor against its registry before any request', async () => {
    expect(canonical(packagesPackageVersionsEndpoint, { registry: 'npm', name: 'a', cursor: offsetCursor(30) })).toMatchObject({
      cursor: offsetCursor(30),
    });
    const crates = nextPageCursor('?per_page=30&sort=date&seek=Mg');
    expect(canonical(packagesPackageVersionsEndpoint, { registry: 'crates', name: 'a', cursor: crates })).toMatchObject({ cursor: crates });
    for (const [registry, cursor] of [
      ['npm', crates],
      ['crates', offsetCursor(30)],
      ['npm', 'not-a-cursor!'],
      ['crates', nextPageCursor('/elsewhere?x=1')],
    ]) {
      const error = await refusal(() => canonical(packagesPackageVersionsEndpoint, { registry, name: 'a', cursor }));
      expect(error.details, `${registry} ${cursor}`).toEqual({ param: 'cursor' });
    }
  });

  it('searches npm by default, trims the query, refuses a blank one', async () => {
    expect(canonical(packagesSearchEndpoint, { query: '  http   client ' })).toMatchObject({
      registry: 'npm',
      query: 'http client',
      limit: 20,
    });
    expect((await refusal(() => canonical(packagesSearchEndpoint, { query: '   ' }))).details).toEqual({ param: 'query' });
  });
});
