/**
 * The code family's demo world: invented accounts, repositories, issues, comments, public
 * activity and trending boards. Every name is made up; nothing here was copied from the platform.
 */

export interface DemoAccount {
  login: string;
  id: number;
  type: 'User' | 'Organization' | 'Bot';
  name: string | null;
  bio: string;
  location: string;
  blog: string;
  followers: number;
  following: number;
  createdAt: string;
}

export interface DemoRepository {
  owner: string;
  name: string;
  id: number;
  description: string;
  homepage: string;
  language: string | null;
  topics: string[];
  stars: number;
  forks: number;
  watchers: number;
  openIssues: number;
  license: string | null;
  archived: boolean;
  createdAt: string;
  pushedAt: string;
}

export interface DemoIssue {
  number: number;
  id: number;
  title: string;
  body: string;
  author: string;
  state: 'open' | 'closed';
  pull: boolean;
  labels: string[];
  createdAt: string;
  comments: DemoIssueComment[];
}

export interface DemoIssueComment {
  id: number;
  author: string;
  body: string;
  createdAt: string;
}

export interface DemoEvent {
  type: string;
  repo: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

export interface DemoTrendingRepository {
  fullName: string;
  id: number;
  description: string | null;
  language: string | null;
  stars: number;
  forks: number;
  starsToday: number;
  builtBy: string[];
}

export interface DemoTrendingDeveloper {
  login: string;
  id: number;
  name: string;
  popularRepo: { fullName: string; description: string } | null;
  worksFor: string | null;
}

export const DEMO_ORG = 'lumen-works';
export const DEMO_PERSON = 'tamsin-reyes';
export const DEMO_REPO = 'lumen-works/ferrite';
export const DEMO_ISSUE_NUMBER = 42;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    login: 'tamsin-reyes',
    id: 4100201,
    type: 'User',
    name: 'Tamsin Reyes',
    bio: 'Build tooling, caches and the occasional synth patch.',
    location: 'Lisbon',
    blog: 'tamsin.example.org',
    followers: 240,
    following: 18,
    createdAt: '2012-03-04T10:20:30Z',
  },
  {
    login: 'ivo-marsh',
    id: 4100202,
    type: 'User',
    name: 'Ivo Marsh',
    bio: '',
    location: '',
    blog: '',
    followers: 56,
    following: 40,
    createdAt: '2014-09-12T08:00:00Z',
  },
  {
    login: 'lumen-works',
    id: 7700301,
    type: 'Organization',
    name: 'Lumen Works',
    bio: 'Tools for light-weight build pipelines.',
    location: 'Remote',
    blog: 'https://lumen.example.org',
    followers: 310,
    following: 0,
    createdAt: '2015-06-01T12:00:00Z',
  },
  {
    login: 'ferrite-bot[bot]',
    id: 9900401,
    type: 'Bot',
    name: null,
    bio: '',
    location: '',
    blog: '',
    followers: 0,
    following: 0,
    createdAt: '2020-01-01T00:00:00Z',
  },
];

export const DEMO_REPOSITORIES: readonly DemoRepository[] = [
  {
    owner: 'lumen-works',
    name: 'ferrite',
    id: 50010001,
    description: 'A small, fast build cache for monorepos.',
    homepage: 'https://ferrite.example.org',
    language: 'Rust',
    topics: ['build', 'cache', 'rust'],
    stars: 12480,
    forks: 1041,
    watchers: 214,
    openIssues: 3,
    license: 'Apache-2.0',
    archived: false,
    createdAt: '2019-05-02T08:00:00Z',
    pushedAt: '2026-04-12T16:45:00Z',
  },
  {
    owner: 'lumen-works',
    name: 'glimmer',
    id: 50010002,
    description: 'Terminal progress bars that stay out of the way.',
    homepage: '',
    language: 'Go',
    topics: ['cli', 'terminal'],
    stars: 2210,
    forks: 88,
    watchers: 31,
    openIssues: 4,
    license: 'MIT',
    archived: false,
    createdAt: '2020-02-14T09:00:00Z',
    pushedAt: '2026-03-30T12:00:00Z',
  },
  {
    owner: 'lumen-works',
    name: 'old-lamp',
    id: 50010003,
    description: '',
    homepage: '',
    language: null,
    topics: [],
    stars: 14,
    forks: 2,
    watchers: 3,
    openIssues: 0,
    license: null,
    archived: true,
    createdAt: '2016-01-10T09:00:00Z',
    pushedAt: '2018-07-01T12:00:00Z',
  },
  {
    owner: 'tamsin-reyes',
    name: 'dotfiles',
    id: 50010009,
    description: 'My shell and editor setup.',
    homepage: '',
    language: 'Shell',
    topics: ['dotfiles'],
    stars: 1203,
    forks: 40,
    watchers: 9,
    openIssues: 1,
    license: 'MIT',
    archived: false,
    createdAt: '2013-04-01T09:00:00Z',
    pushedAt: '2026-04-11T20:00:00Z',
  },
  {
    owner: 'tamsin-reyes',
    name: 'patchbay',
    id: 50010010,
    description: 'A tiny modular synth patch format and player.',
    homepage: 'https://patchbay.example.org',
    language: 'TypeScript',
    topics: ['audio', 'synth'],
    stars: 388,
    forks: 21,
    watchers: 12,
    openIssues: 2,
    license: 'MPL-2.0',
    archived: false,
    createdAt: '2021-11-20T09:00:00Z',
    pushedAt: '2026-04-02T10:00:00Z',
  },
];

export const DEMO_ISSUES: readonly DemoIssue[] = [
  {
    number: 42,
    id: 90000042,
    title: 'Cache misses after upgrading to 2.3',
    author: 'ivo-marsh',
    state: 'open',
    pull: false,
    labels: ['bug'],
    createdAt: '2026-04-05T10:00:00Z',
    body: 'After the upgrade every build misses the cache. cc @tamsin-reyes, probably related to #40.\n\n```\nferrite build --verbose\n```',
    comments: [
      {
        id: 700001,
        author: 'tamsin-reyes',
        body: 'Reproduced, thanks @ivo-marsh. The key now includes the absolute path.',
        createdAt: '2026-04-05T11:00:00Z',
      },
      { id: 700002, author: 'ferrite-bot[bot]', body: 'This issue is linked to pull request #43.', createdAt: '2026-04-05T11:05:00Z' },
      { id: 700003, author: 'ivo-marsh', body: 'Confirmed fixed on main.', createdAt: '2026-04-06T09:00:00Z' },
    ],
  },
  {
    number: 43,
    id: 90000043,
    title: 'Hash paths relative to the workspace root',
    author: 'tamsin-reyes',
    state: 'open',
    pull: true,
    labels: [],
    createdAt: '2026-04-05T12:00:00Z',
    body: 'Fixes #42.',
    comments: [],
  },
  {
    number: 41,
    id: 90000041,
    title: 'Add a --dry-run flag',
    author: 'tamsin-reyes',
    state: 'closed',
    pull: true,
    labels: ['enhancement'],
    createdAt: '2026-04-04T10:00:00Z',
    body: 'Prints what would be cached without writing.',
    comments: [],
  },
  {
    number: 40,
    id: 90000040,
    title: 'Document the cache layout',
    author: 'ivo-marsh',
    state: 'open',
    pull: false,
    labels: ['docs'],
    createdAt: '2026-04-03T10:00:00Z',
    body: '',
    comments: [],
  },
  {
    number: 39,
    id: 90000039,
    title: 'Support remote caches over HTTP',
    author: 'ivo-marsh',
    state: 'open',
    pull: false,
    labels: ['enhancement'],
    createdAt: '2026-03-28T10:00:00Z',
    body: 'Would love to share a cache across CI runners.',
    comments: [],
  },
];

export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    type: 'PushEvent',
    repo: 'lumen-works/ferrite',
    payload: {
      size: 3,
      distinct_size: 3,
      ref: 'refs/heads/main',
      before: 'b5c1d0e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8',
      head: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0',
      commits: [],
    },
    createdAt: '2026-04-12T16:45:00Z',
  },
  { type: 'CreateEvent', repo: 'lumen-works/ferrite', payload: { ref: 'v2.3.1', ref_type: 'tag' }, createdAt: '2026-04-12T16:00:00Z' },
  {
    type: 'ReleaseEvent',
    repo: 'lumen-works/ferrite',
    payload: {
      action: 'published',
      release: { tag_name: 'v2.3.1', name: 'v2.3.1', html_url: 'https://github.com/lumen-works/ferrite/releases/tag/v2.3.1' },
    },
    createdAt: '2026-04-12T16:01:00Z',
  },
  {
    type: 'DeleteEvent',
    repo: 'lumen-works/ferrite',
    payload: { ref: 'fix-cache-key', ref_type: 'branch' },
    createdAt: '2026-04-12T15:00:00Z',
  },
  {
    type: 'PullRequestEvent',
    repo: 'lumen-works/ferrite',
    payload: {
      action: 'opened',
      number: 43,
      pull_request: {
        number: 43,
        title: 'Hash paths relative to the workspace root',
        html_url: 'https://github.com/lumen-works/ferrite/pull/43',
      },
    },
    createdAt: '2026-04-05T12:00:00Z',
  },
  {
    type: 'IssueCommentEvent',
    repo: 'lumen-works/ferrite',
    payload: {
      action: 'created',
      issue: { number: 42, title: 'Cache misses after upgrading to 2.3', html_url: 'https://github.com/lumen-works/ferrite/issues/42' },
      comment: { id: 700001, html_url: 'https://github.com/lumen-works/ferrite/issues/42#issuecomment-700001' },
    },
    createdAt: '2026-04-05T11:00:00Z',
  },
  {
    type: 'PullRequestEvent',
    repo: 'lumen-works/ferrite',
    payload: {
      action: 'closed',
      number: 41,
      pull_request: { number: 41, title: 'Add a --dry-run flag', merged: true, html_url: 'https://github.com/lumen-works/ferrite/pull/41' },
    },
    createdAt: '2026-04-04T15:00:00Z',
  },
  {
    type: 'IssuesEvent',
    repo: 'lumen-works/glimmer',
    payload: {
      action: 'opened',
      issue: { number: 7, title: 'Flicker on Windows terminals', html_url: 'https://github.com/lumen-works/glimmer/issues/7' },
    },
    createdAt: '2026-04-03T09:00:00Z',
  },
  {
    type: 'ForkEvent',
    repo: 'lumen-works/glimmer',
    payload: { forkee: { full_name: 'tamsin-reyes/glimmer', html_url: 'https://github.com/tamsin-reyes/glimmer' } },
    createdAt: '2026-04-02T09:00:00Z',
  },
  { type: 'WatchEvent', repo: 'octo-lab/prism', payload: { action: 'started' }, createdAt: '2026-04-01T09:00:00Z' },
  {
    type: 'GollumEvent',
    repo: 'lumen-works/ferrite',
    payload: {
      pages: [
        {
          page_name: 'Cache-layout',
          title: 'Cache layout',
          action: 'created',
          html_url: 'https://github.com/lumen-works/ferrite/wiki/Cache-layout',
        },
      ],
    },
    createdAt: '2026-03-31T09:00:00Z',
  },
  {
    type: 'MemberEvent',
    repo: 'tamsin-reyes/patchbay',
    payload: { action: 'added', member: { login: 'ivo-marsh', id: 4100202 } },
    createdAt: '2026-03-30T09:00:00Z',
  },
  { type: 'PublicEvent', repo: 'tamsin-reyes/patchbay', payload: {}, createdAt: '2026-03-29T09:00:00Z' },
];

export const DEMO_TRENDING: readonly DemoTrendingRepository[] = [
  {
    fullName: 'lumen-works/ferrite',
    id: 50010001,
    description: 'A small, fast build cache for monorepos.',
    language: 'Rust',
    stars: 12480,
    forks: 1041,
    starsToday: 1203,
    builtBy: ['tamsin-reyes', 'ivo-marsh'],
  },
  {
    fullName: 'octo-lab/prism',
    id: 60000001,
    description: 'Syntax highlighting as a service, with ✨ themes.',
    language: 'TypeScript',
    stars: 980,
    forks: 12,
    starsToday: 377,
    builtBy: [],
  },
  {
    fullName: 'tamsin-reyes/patchbay',
    id: 50010010,
    description: 'A tiny modular synth patch format and player.',
    language: 'TypeScript',
    stars: 388,
    forks: 21,
    starsToday: 96,
    builtBy: ['tamsin-reyes'],
  },
  {
    fullName: 'north-quay/tidewatch',
    id: 60000002,
    description: null,
    language: null,
    stars: 4410,
    forks: 230,
    starsToday: 54,
    builtBy: [],
  },
];

export const DEMO_TRENDING_DEVELOPERS: readonly DemoTrendingDeveloper[] = [
  {
    login: 'tamsin-reyes',
    id: 4100201,
    name: 'Tamsin Reyes',
    popularRepo: { fullName: 'lumen-works/ferrite', description: 'A small, fast build cache for monorepos.' },
    worksFor: null,
  },
  { login: 'ivo-marsh', id: 4100202, name: 'Ivo Marsh', popularRepo: null, worksFor: '@lumen-works' },
];
