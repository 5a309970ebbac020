import type { FakeReply, FakeRoute } from '../../support/fake-upstream-server.js';
import { CRATES_HOST, NPM_DOWNLOADS_HOST, NPM_REGISTRY_HOST, PYPI_HOST } from '../../../src/families/packages/constants.js';

/**
 * A small synthetic world of the three registries (invented packages, in the shapes the
 * registries answer), served by path on their hosts: the end-to-end suites and the hardening
 * harness's healthy upstream. Unknown names get each registry's own 404 body.
 */

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): FakeReply => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

/** npm's packument of one invented package: `versions` as [version, publish time, deprecation?]. */
export function packument(name: string, versions: [string, string, string?][], extra: Record<string, unknown> = {}) {
  const latest = versions.filter(([version]) => !version.includes('-')).at(-1)?.[0] ?? versions.at(-1)?.[0];
  return {
    _id: name,
    _rev: '3-0123456789abcdef',
    name,
    description: `  ${name}: a synthetic package  `,
    'dist-tags': { latest },
    versions: Object.fromEntries(
      versions.map(([version, , deprecated]) => [
        version,
        {
          name,
          version,
          license: 'MIT',
          readme: 'A long readme the gateway never keeps. '.repeat(20),
          dist: { tarball: `https://${NPM_REGISTRY_HOST}/${name}/-/${name}-${version}.tgz`, shasum: 'abc', fileCount: 4 },
          ...(deprecated ? { deprecated } : {}),
        },
      ]),
    ),
    time: {
      created: versions[0]?.[1],
      modified: versions.at(-1)?.[1],
      ...Object.fromEntries(versions.map(([version, time]) => [version, time])),
    },
    maintainers: [{ name: 'tamsin-reyes', email: 'tamsin@example.test' }],
    license: 'MIT',
    homepage: 'https://prism.example.test/',
    keywords: ['lint', 'prism'],
    repository: { type: 'git', url: 'git+https://github.com/lumen-works/prism-lint.git' },
    readme: 'The top-level readme, also never kept.',
    ...extra,
  };
}

const PRISM_LINT_BASE = packument('prism-lint', [
  ['1.0.0', '2024-01-01T10:00:00.000Z'],
  ['1.1.0', '2024-03-01T10:00:00.000Z', 'Use 1.2.0: 1.1.0 mis-reads tabs'],
  ['1.2.0', '2024-05-01T10:00:00.000Z'],
  ['2.0.0-beta.1', '2024-06-01T10:00:00.000Z'],
]);
/** 0.9.0 was unpublished: it stays in `time` only. */
export const PRISM_LINT = { ...PRISM_LINT_BASE, time: { ...PRISM_LINT_BASE.time, '0.9.0': '2023-12-01T10:00:00.000Z' } };

export const SCOPED_PRISM = packument(
  '@lumen/prism',
  [
    ['0.1.0', '2025-02-01T08:00:00.000Z'],
    ['0.2.0', '2025-02-08T08:00:00.000Z'],
  ],
  { license: undefined, licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }], repository: 'github:lumen-works/prism' },
);

export const FERRITE_TOOLS = {
  info: {
    name: 'Ferrite_Tools',
    version: '0.2.0',
    summary: 'Tools for ferrite cores.',
    description: 'A long description the gateway never keeps.',
    license: 'BSD',
    license_expression: 'BSD-3-Clause',
    home_page: '',
    project_urls: { Homepage: 'https://ferrite.example.test', 'Source Code': 'https://gitlab.com/lumen/ferrite-tools.git' },
    keywords: 'ferrite, tools',
    author_email: 'ivo@example.test',
    downloads: { last_day: -1, last_week: -1, last_month: -1 },
  },
  ownership: { roles: [{ role: 'Owner', user: 'ivo-marsh' }] },
  releases: {
    '0.1.0': [
      { upload_time: '2023-04-01T09:00:00', upload_time_iso_8601: '2023-04-01T09:00:00.123456Z', yanked: false, digests: { md5: 'x' } },
    ],
    '0.1.1': [
      { upload_time: '2023-05-01T09:00:00', upload_time_iso_8601: '2023-05-01T09:00:00Z', yanked: true },
      { upload_time: '2023-05-01T09:05:00', upload_time_iso_8601: '2023-05-01T09:05:00Z', yanked: true },
    ],
    '0.2.0': [{ upload_time: '2024-01-10T12:00:00', upload_time_iso_8601: '2024-01-10T12:00:00Z', yanked: false }],
    '0.0.1': [],
  },
  urls: [],
  vulnerabilities: [],
};

const crateVersion = (num: string, created: string, yanked = false, login = 'tamsin-reyes') => ({
  id: Number(num.replaceAll('.', '')) + 1000,
  crate: 'ferrite',
  num,
  created_at: created,
  updated_at: created,
  yanked,
  license: 'MIT/Apache-2.0',
  downloads: 10,
  features: {},
  published_by: { id: 7, login, name: 'Someone', url: `https://github.com/${login}` },
});

export const FERRITE_VERSIONS = [
  crateVersion('0.4.0', '2025-03-01T00:00:00.000000Z'),
  crateVersion('0.3.1', '2025-01-01T00:00:00.000000Z', true, 'ivo-marsh'),
  crateVersion('0.3.0', '2024-12-01T00:00:00.000000Z'),
];

export const FERRITE_CRATE = {
  crate: {
    id: 'ferrite',
    name: 'ferrite',
    description: 'Magnetic core modelling.\n',
    homepage: null,
    repository: 'https://github.com/lumen-works/ferrite',
    keywords: ['magnetics'],
    created_at: '2024-12-01T00:00:00.000000Z',
    updated_at: '2025-03-01T00:00:00.000000Z',
    default_version: '0.4.0',
    max_version: '0.4.0',
    num_versions: 3,
    versions: FERRITE_VERSIONS.map((each) => each.id),
  },
  versions: FERRITE_VERSIONS,
  keywords: [{ id: 'magnetics', keyword: 'magnetics' }],
  categories: [],
};

export const FERRITE_DOWNLOADS = {
  version_downloads: [
    { date: '2025-03-08', downloads: 5, version: 1400 },
    { date: '2025-03-09', downloads: 7, version: 1400 },
    { date: '2025-03-02', downloads: 100, version: 1400 },
  ],
  meta: { extra_downloads: [{ date: '2025-03-09', downloads: 3 }] },
};

export const npmSearchBody = (names: string[], total: number) => ({
  objects: names.map((name) => ({
    downloads: { monthly: 0, weekly: 0 },
    package: {
      name,
      version: '1.2.0',
      description: `${name} in search`,
      keywords: ['lint'],
      publisher: { username: 'tamsin-reyes', email: 'tamsin@example.test' },
      maintainers: [{ username: 'tamsin-reyes', email: 'tamsin@example.test' }],
      license: 'MIT',
      date: '2024-05-01T10:00:00.000Z',
      links: {
        npm: 'https://example.test/',
        homepage: 'https://prism.example.test/',
        repository: 'git+https://github.com/lumen-works/prism-lint.git',
      },
    },
    score: { final: 1 },
    searchScore: 1,
  })),
  total,
  time: 'Thu Nov 26 2026 05:00:00 GMT+0000',
});

export const cratesSearchBody = (nextPage: string | null) => ({
  crates: [{ ...FERRITE_CRATE.crate, versions: null }],
  meta: { total: 2, next_page: nextPage, prev_page: null },
});

/** A minimal repository as the code family's upstream answers it (the Package.repository edge). */
export const PRISM_REPO = {
  id: 4242,
  name: 'prism-lint',
  full_name: 'lumen-works/prism-lint',
  owner: { login: 'lumen-works', id: 77, type: 'Organization' },
  html_url: 'https://github.com/lumen-works/prism-lint',
  description: 'A linter for prisms',
  stargazers_count: 12,
  forks_count: 2,
  subscribers_count: 3,
  open_issues_count: 1,
  license: { spdx_id: 'MIT' },
  default_branch: 'main',
};

/** Answers the three registries (and the repository edge's one code-host path) by path shape. */
export const registryRoute: FakeRoute = (_request, url) => {
  const host = url.hostname;
  const path = url.pathname;
  if (host === NPM_REGISTRY_HOST) {
    if (path === '/-/v1/search') {
      const size = Number(url.searchParams.get('size') ?? 20);
      const from = Number(url.searchParams.get('from') ?? 0);
      return json(npmSearchBody(['prism-lint', '@lumen/prism', 'prism-extra'].slice(from, from + size), 3));
    }
    if (path === '/prism-lint') return json(PRISM_LINT);
    if (path === '/@lumen%2Fprism' || path === '/@lumen%2fprism') return json(SCOPED_PRISM);
    return json({ error: 'Not found' }, 404);
  }
  if (host === NPM_DOWNLOADS_HOST) {
    const match = /^\/downloads\/point\/(last-day|last-week|last-month)\/(prism-lint|@lumen\/prism)$/.exec(path);
    if (match) return json({ downloads: 1234, start: '2025-03-03', end: '2025-03-09', package: match[2] });
    return json({ error: `package ${path.split('/').slice(4).join('/')} not found` }, 404);
  }
  if (host === PYPI_HOST) {
    if (path === '/pypi/ferrite-tools/json') return json(FERRITE_TOOLS);
    return json({ message: 'Not Found' }, 404);
  }
  if (host === CRATES_HOST) {
    if (path === '/api/v1/crates/ferrite') return json(FERRITE_CRATE);
    if (path === '/api/v1/crates/ferrite/versions') {
      const seek = url.searchParams.get('seek');
      const page = seek === null ? FERRITE_VERSIONS.slice(0, 2) : FERRITE_VERSIONS.slice(2);
      return json({ versions: page, meta: { total: 3, next_page: seek === null ? '?per_page=2&sort=date&seek=Mg' : null } });
    }
    if (path === '/api/v1/crates/ferrite/downloads') return json(FERRITE_DOWNLOADS);
    if (path === '/api/v1/crates') {
      const seek = url.searchParams.get('seek');
      return json(
        seek === null
          ? cratesSearchBody(`?q=${url.searchParams.get('q') ?? ''}&seek=Mg`)
          : { crates: [], meta: { total: 2, next_page: null } },
      );
    }
    const crate = /^\/api\/v1\/crates\/([^/]+)/.exec(path)?.[1] ?? '';
    return json({ errors: [{ detail: `crate \`${crate}\` does not exist` }] }, 404);
  }
  if (host === 'api.github.com' && path === '/repos/lumen-works/prism-lint') return json(PRISM_REPO);
  return undefined;
};
