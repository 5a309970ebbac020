import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { html } from '../../../src/demo-kit/replies.js';
import type { FakeReply, FakeRoute } from '../../support/fake-upstream-server.js';
import type { HealthyFamily } from '../../hardening/support/healthy-family.js';

/** A healthy GitHub for the hardening suites: any account, repository or issue by the shape of its path. */

const codeFixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');
const api = (name: string): FakeReply => ({
  body: codeFixture(name),
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '9999999999' },
});

/** api.github.com and github.com, healthy. */
const route: FakeRoute = (_request, url) => {
  const path = url.pathname;
  if (url.hostname === 'github.com') {
    if (path === '/trending/developers' || path.startsWith('/trending/developers/')) return html(codeFixture('trending-developers.html'));
    if (path === '/trending' || path.startsWith('/trending/')) return html(codeFixture('trending.html'));
    return undefined;
  }
  if (url.hostname !== 'api.github.com') return undefined;
  if (path === '/search/repositories') return api('search.json');
  if (/^\/users\/[^/]+\/repos$/.test(path)) return api('repo-list.json');
  if (/^\/users\/[^/]+\/events\/public$/.test(path)) return api('events.json');
  if (/^\/users\/[^/]+$/.test(path)) return api('user-person.json');
  if (/^\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments$/.test(path)) return api('comments.json');
  if (/^\/repos\/[^/]+\/[^/]+\/issues\/\d+$/.test(path)) return api('issue.json');
  if (/^\/repos\/[^/]+\/[^/]+\/issues$/.test(path)) return api('issues.json');
  if (/^\/repos\/[^/]+\/[^/]+$/.test(path)) return api('repo.json');
  return undefined;
};

const id = (prefix: string, variant: number) => `${prefix}${variant.toString(36)}`;

export const healthy: HealthyFamily = {
  route,
  scenarios: {
    '/v1/code/user': (n) => ({ username: id('cu-', n) }),
    '/v1/code/user/repos': (n) => ({ username: id('cur-', n) }),
    '/v1/code/user/activity': (n) => ({ username: id('cua-', n) }),
    '/v1/code/repo': (n) => ({ repo: `fault-owner/${id('r', n)}` }),
    '/v1/code/repo/issues': (n) => ({ repo: `fault-owner/${id('ri', n)}` }),
    '/v1/code/issue': (n) => ({ url: `fault-owner/${id('i', n)}#1` }),
    '/v1/code/issue/comments': (n) => ({ url: `fault-owner/${id('ic', n)}#1` }),
    '/v1/code/search': (n) => ({ query: `fault ${n}` }),
    // The boards take no resource name: a language of its own keeps each variant's cache entry apart.
    '/v1/code/trending': (n) => ({ language: id('lang', n) }),
    '/v1/code/trending/developers': (n) => ({ language: id('devlang', n) }),
  },
  pages: [
    'https://github.com/fault-owner/resolved-repo?tab=readme',
    'https://www.github.com/resolved-user',
    'https://github.com/fault-owner/resolved-issue/issues/1',
  ],
};
