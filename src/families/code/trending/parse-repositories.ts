import { parse, type HTMLElement } from 'node-html-parser';
import { schemaDrift } from '../../../errors.js';
import { CODE_PLATFORM, WEB_ORIGIN } from '../constants.js';
import type { Repository } from '../model.js';
import { countOf, pathSegments, recordIdOf, textOf } from './html.js';

/**
 * The trending repositories page, read from its markup. Each entry is an
 * `<article class="Box-row">`; the markup changed over the years and both forms seen are read:
 * the name link sits in an `h1` (until 2022) or an `h2`, and forks link to `/forks` or to
 * `/network/members`. Entries keep the page's order. What the board does not show (creation
 * date, license, watchers) is null.
 */

export interface TrendingRepositoryExtras {
  rank: number;
  builtBy: string[];
  /** The board's own wording of the period, e.g. "stars today". */
  period: string | null;
}

export interface TrendingRepositories {
  items: Repository[];
  extras: TrendingRepositoryExtras[];
}

const NAME_LINK = 'h1 a[href], h2 a[href], h3 a[href]';
const PERIOD_STARS = /([\d,.]+[kKmM]?)\s+stars?\s+(today|this week|this month)/i;

function nameLinkOf(article: HTMLElement): { link: HTMLElement; owner: string; name: string } | null {
  for (const link of article.querySelectorAll(NAME_LINK)) {
    const segments = pathSegments(link.getAttribute('href'));
    if (segments.length === 2) return { link, owner: segments[0]!, name: segments[1]! };
  }
  return null;
}

/** The count shown in the first link whose path matches (the star and fork links). */
function countLinked(article: HTMLElement, matches: (path: string) => boolean): number | null {
  const link = article.querySelectorAll('a[href]').find((each) => matches((each.getAttribute('href') ?? '').split(/[?#]/)[0]!));
  return link ? countOf(textOf(link)) : null;
}

const isStarsLink = (path: string) => path.endsWith('/stargazers');
/** `/owner/name/forks` now; `/owner/name/network/members` (sometimes with a `.name` suffix) before. */
const isForksLink = (path: string) => path.endsWith('/forks') || /\/network(\/members)?(\.[^/]*)?$/.test(path);

function builtByOf(article: HTMLElement): string[] {
  const logins = article
    .querySelectorAll('a[data-hovercard-type="user"]')
    .map((link) => pathSegments(link.getAttribute('href'))[0] ?? link.querySelector('img')?.getAttribute('alt')?.replace(/^@/, ''))
    .filter((login): login is string => typeof login === 'string' && login !== '');
  return [...new Set(logins)];
}

function repositoryOf(
  article: HTMLElement,
  fetchedAt: string,
): { repository: Repository; builtBy: string[]; period: string | null } | null {
  const named = nameLinkOf(article);
  if (named === null) return null;
  const fullName = `${named.owner}/${named.name}`;
  const period = PERIOD_STARS.exec(article.text.replace(/\s+/g, ' '));
  const repository: Repository = {
    platform: CODE_PLATFORM,
    id: recordIdOf(named.link) ?? fullName,
    fullName,
    name: named.name,
    ownerHandle: named.owner,
    url: `${WEB_ORIGIN}/${fullName}`,
    description: textOf(article.querySelector('p')),
    homepageUrl: null,
    language: textOf(article.querySelector('[itemprop="programmingLanguage"]')),
    topics: [],
    starCount: countLinked(article, isStarsLink),
    forkCount: countLinked(article, isForksLink),
    watcherCount: null,
    openIssueCount: null,
    license: null,
    isFork: null,
    isArchived: null,
    defaultBranch: null,
    starsInPeriod: period ? countOf(period[1]) : null,
    createdAt: null,
    updatedAt: null,
    pushedAt: null,
    fetchedAt,
  };
  return { repository, builtBy: builtByOf(article), period: period ? `stars ${period[2]!.toLowerCase()}` : null };
}

/**
 * Reads the board. A page with no entries is an empty board only when it is recognisably the
 * trending page (the platform shows an empty state for a quiet language); anything else is drift.
 */
export function parseTrendingRepositories(html: string, fetchedAt: string): TrendingRepositories {
  const root = parse(html);
  const articles = root.querySelectorAll('article.Box-row');
  const items: Repository[] = [];
  const extras: TrendingRepositoryExtras[] = [];
  for (const article of articles) {
    const read = repositoryOf(article, fetchedAt);
    if (read === null) continue;
    items.push(read.repository);
    extras.push({ rank: items.length, builtBy: read.builtBy, period: read.period });
  }
  if (articles.length > 0 && items.length === 0)
    throw schemaDrift('The trending page lists entries but none names a repository.', { entries: articles.length });
  if (articles.length === 0 && !isTrendingPage(root)) throw schemaDrift('The trending page did not have the expected markup.');
  return { items, extras };
}

/** The trending pages name themselves in the title and link their own tabs. */
export function isTrendingPage(root: HTMLElement): boolean {
  const title = textOf(root.querySelector('title')) ?? '';
  return /trending/i.test(title) || root.querySelector('a[href^="/trending"]') !== null;
}
