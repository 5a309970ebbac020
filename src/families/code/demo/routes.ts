import type { FakeReply, FakeRoute } from '../../../catalogue/demo-world.js';
import { html, json, onHost } from '../../../demo-kit/replies.js';
import { accountBody, commentBody, eventBody, issueBody, repositoryBody } from './bodies.js';
import {
  DEMO_ACCOUNTS,
  DEMO_EVENTS,
  DEMO_ISSUES,
  DEMO_PERSON,
  DEMO_REPO,
  DEMO_REPOSITORIES,
  DEMO_TRENDING,
  DEMO_TRENDING_DEVELOPERS,
} from './data.js';
import { trendingDevelopersPage, trendingPage } from './pages.js';

/**
 * The code demo world served the way GitHub answers: API bodies with the anonymous rate
 * headers and `Link` paging, 404 `{"message":"Not Found"}` for unknown names, and the two
 * trending pages in the site's markup. Mount the routes on the demo's FakeUpstream.
 */

const API = 'https://api.github.com';
const NOT_FOUND: FakeReply = json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 404);

/** The demo never spends its budget: every answer reports the same comfortable remainder. */
function rateHeaders(): Record<string, string> {
  return {
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': '59',
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
    'x-ratelimit-resource': 'core',
  };
}

const lower = (value: string) => value.toLowerCase();

/** One page of `items` as per_page/page ask, with a Link to the next page on the API's id-based path. */
function paged(items: readonly unknown[], url: URL, linkPath: string): FakeReply {
  const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page') ?? 30) || 30, 1), 100);
  const page = Math.max(Number(url.searchParams.get('page') ?? 1) || 1, 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const headers = rateHeaders();
  if (page * perPage < items.length)
    headers.link = `<${API}${linkPath}?per_page=${perPage}&page=${page + 1}>; rel="next", <${API}${linkPath}?per_page=${perPage}&page=${Math.ceil(items.length / perPage)}>; rel="last"`;
  return json(slice, 200, headers);
}

function apiReply(url: URL): FakeReply | undefined {
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => lower(decodeURIComponent(segment)));
  const [root, first, second, third, fourth, fifth] = segments;
  if (root === 'users' && first !== undefined) {
    const account = DEMO_ACCOUNTS.find((each) => lower(each.login) === first);
    if (!account) return NOT_FOUND;
    if (second === undefined) return json(accountBody(account), 200, rateHeaders());
    if (second === 'repos') {
      const owned = DEMO_REPOSITORIES.filter((repository) => repository.owner === account.login);
      const sort = url.searchParams.get('sort') ?? 'updated';
      const ordered = [...owned].sort((a, b) =>
        sort === 'full_name'
          ? a.name.localeCompare(b.name)
          : sort === 'created'
            ? b.createdAt.localeCompare(a.createdAt)
            : b.pushedAt.localeCompare(a.pushedAt),
      );
      return paged(
        ordered.map((repository) => repositoryBody(repository, false)),
        url,
        `/user/${account.id}/repos`,
      );
    }
    if (second === 'events' && third === 'public') {
      const events = account.login === DEMO_PERSON ? DEMO_EVENTS.map((event, index) => eventBody(account.login, event, index)) : [];
      return paged(events, url, `/user/${account.id}/events/public`);
    }
    return NOT_FOUND;
  }
  if (root === 'repos' && first !== undefined && second !== undefined) {
    const repository = DEMO_REPOSITORIES.find((each) => lower(`${each.owner}/${each.name}`) === `${first}/${second}`);
    if (!repository) return NOT_FOUND;
    const fullName = `${repository.owner}/${repository.name}`;
    if (third === undefined) return json(repositoryBody(repository, true), 200, rateHeaders());
    if (third !== 'issues') return NOT_FOUND;
    const issues = fullName === DEMO_REPO ? DEMO_ISSUES : [];
    if (fourth === undefined) {
      const state = url.searchParams.get('state') ?? 'open';
      const chosen = issues.filter((issue) => state === 'all' || issue.state === state);
      const sort = url.searchParams.get('sort') ?? 'created';
      const ordered = [...chosen].sort((a, b) =>
        sort === 'comments' ? b.comments.length - a.comments.length : b.createdAt.localeCompare(a.createdAt),
      );
      return paged(
        ordered.map((issue) => issueBody(fullName, issue)),
        url,
        `/repositories/${repository.id}/issues`,
      );
    }
    const issue = issues.find((each) => String(each.number) === fourth);
    if (!issue) return NOT_FOUND;
    if (fifth === undefined) return json({ ...issueBody(fullName, issue), closed_by: null }, 200, rateHeaders());
    if (fifth === 'comments')
      return paged(
        issue.comments.map((comment) => commentBody(fullName, issue, comment)),
        url,
        `/repositories/${repository.id}/issues/${issue.number}/comments`,
      );
    return NOT_FOUND;
  }
  if (root === 'search' && first === 'repositories') {
    const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const language = words.find((word) => word.startsWith('language:'))?.slice('language:'.length);
    const terms = words.filter((word) => !word.includes(':'));
    const found = DEMO_REPOSITORIES.filter(
      (repository) =>
        (language === undefined || lower(repository.language ?? '') === language) &&
        terms.every((term) => lower(`${repository.name} ${repository.description} ${repository.topics.join(' ')}`).includes(term)),
    );
    const sort = url.searchParams.get('sort');
    const ordered =
      sort === 'stars'
        ? [...found].sort((a, b) => b.stars - a.stars)
        : sort === 'forks'
          ? [...found].sort((a, b) => b.forks - a.forks)
          : found;
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30) || 30, 100);
    return json(
      {
        total_count: ordered.length,
        incomplete_results: false,
        items: ordered.slice(0, perPage).map((repository) => ({ ...repositoryBody(repository, false), score: 1 })),
      },
      200,
      { ...rateHeaders(), 'x-ratelimit-limit': '10', 'x-ratelimit-resource': 'search' },
    );
  }
  return NOT_FOUND;
}

function webReply(url: URL): FakeReply | undefined {
  const segments = url.pathname.split('/').filter(Boolean).map(lower);
  if (segments[0] !== 'trending') return undefined;
  const since = url.searchParams.get('since') ?? 'daily';
  if (segments[1] === 'developers') {
    const language = segments[2];
    return html(
      trendingDevelopersPage(language === undefined || language === 'rust' || language === 'typescript' ? DEMO_TRENDING_DEVELOPERS : []),
    );
  }
  const language = segments[1] === undefined ? undefined : decodeURIComponent(segments[1]);
  return html(
    trendingPage(
      DEMO_TRENDING.filter((repository) => language === undefined || lower(repository.language ?? '') === language),
      since,
    ),
  );
}

/** The routes answering api.github.com and github.com from the demo world. */
export function codeRoutes(): FakeRoute[] {
  return [onHost('api.github.com', apiReply), onHost('github.com', webReply)];
}
