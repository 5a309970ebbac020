import type { FakeRoute } from '../../../catalogue/demo-world.js';
import { json, onHost } from '../../../demo-kit/replies.js';
import { CRATES_HOST, NPM_DOWNLOADS_HOST, NPM_REGISTRY_HOST, PYPI_HOST } from '../constants.js';

/**
 * The packages demo world: one invented package on each registry, answered in the registry's
 * own shapes (a packument with an unpublished and a deprecated version, a PyPI project with a
 * yanked release, a crate with its version pages and daily downloads), and each registry's 404.
 */

export const DEMO_NPM = 'demo-lint';
export const DEMO_PYPI = 'demo-tools';
export const DEMO_CRATE = 'demo-core';

const day = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString();

const PACKUMENT = {
  name: DEMO_NPM,
  description: 'A linter for invented code.',
  'dist-tags': { latest: '1.2.0', next: '2.0.0-rc.1' },
  versions: {
    '1.0.0': { version: '1.0.0', license: 'MIT', deprecated: 'Use 1.2.0 or later' },
    '1.2.0': { version: '1.2.0', license: 'MIT' },
    '2.0.0-rc.1': { version: '2.0.0-rc.1', license: 'MIT' },
  },
  time: { created: day(0), modified: day(40), '0.9.0': day(0), '1.0.0': day(1), '1.2.0': day(20), '2.0.0-rc.1': day(40) },
  maintainers: [{ name: 'demo-maintainer', email: 'maintainer@example.invalid' }],
  license: 'MIT',
  homepage: 'https://demo-lint.example.invalid',
  keywords: ['lint', 'demo'],
  repository: { type: 'git', url: 'git+https://github.com/demo-org/demo-lint.git' },
};

const PROJECT = {
  info: {
    name: 'Demo_Tools',
    version: '0.3.0',
    summary: 'Tools for the demo.',
    license_expression: 'BSD-3-Clause',
    keywords: 'demo, tools',
    project_urls: { Source: 'https://gitlab.com/demo/demo-tools' },
  },
  ownership: { roles: [{ role: 'Owner', user: 'demo-owner' }] },
  releases: {
    '0.1.0': [{ upload_time_iso_8601: day(2), yanked: false }],
    '0.2.0': [{ upload_time_iso_8601: day(10), yanked: true }],
    '0.3.0': [{ upload_time_iso_8601: day(30), yanked: false }],
  },
};

const VERSIONS = ['0.3.0', '0.2.1', '0.2.0'].map((num, index) => ({
  num,
  created_at: day(30 - index * 10),
  yanked: num === '0.2.1',
  license: 'MIT/Apache-2.0',
  published_by: { login: 'demo-publisher' },
}));

const CRATE = {
  crate: {
    id: DEMO_CRATE,
    name: DEMO_CRATE,
    description: 'The core of the demo.\n',
    repository: 'https://github.com/demo-org/demo-core',
    keywords: ['demo'],
    created_at: day(10),
    updated_at: day(30),
    default_version: '0.3.0',
    num_versions: VERSIONS.length,
  },
  versions: VERSIONS,
};

const DOWNLOADS = {
  version_downloads: Array.from({ length: 30 }, (_unused, index) => ({
    date: day(index).slice(0, 10),
    downloads: 100 + index,
    version: 1,
  })),
  meta: { extra_downloads: [] },
};

export function packagesRoutes(): FakeRoute[] {
  return [
    onHost(NPM_REGISTRY_HOST, (url) => {
      if (url.pathname === '/-/v1/search')
        return json({
          objects: [{ package: { name: DEMO_NPM, version: '1.2.0', description: PACKUMENT.description, date: day(20), links: {} } }],
          total: 1,
        });
      return url.pathname === `/${DEMO_NPM}` ? json(PACKUMENT) : json({ error: 'Not found' }, 404);
    }),
    onHost(NPM_DOWNLOADS_HOST, (url) =>
      url.pathname.endsWith(`/${DEMO_NPM}`)
        ? json({ downloads: 4321, start: '2026-01-24', end: '2026-01-30', package: DEMO_NPM })
        : json({ error: 'package not found' }, 404),
    ),
    onHost(PYPI_HOST, (url) => (url.pathname === `/pypi/${DEMO_PYPI}/json` ? json(PROJECT) : json({ message: 'Not Found' }, 404))),
    onHost(CRATES_HOST, (url) => {
      const base = `/api/v1/crates/${DEMO_CRATE}`;
      if (url.pathname === '/api/v1/crates') return json({ crates: [CRATE.crate], meta: { total: 1, next_page: null } });
      if (url.pathname === base) return json(CRATE);
      if (url.pathname === `${base}/versions`) return json({ versions: VERSIONS, meta: { total: VERSIONS.length, next_page: null } });
      if (url.pathname === `${base}/downloads`) return json(DOWNLOADS);
      return json({ errors: [{ detail: 'Not Found' }] }, 404);
    }),
  ];
}
