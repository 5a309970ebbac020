import { parse, type HTMLElement } from 'node-html-parser';
import { schemaDrift } from '../../../errors.js';
import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { CODE_PLATFORM, WEB_ORIGIN } from '../constants.js';
import { pathSegments, recordIdOf, textOf } from './html.js';
import { isTrendingPage } from './parse-repositories.js';

/**
 * The trending developers page. Each entry is an `<article class="Box-row" id="pa-LOGIN">`
 * with a rank, the display name in a heading, the login below it, and either a "Popular repo"
 * (a nested article) or an employer line. The account id comes from the click-tracking record
 * or the avatar URL; counts the page does not show are null.
 */

export interface PopularRepo {
  fullName: string;
  description: string | null;
}

export interface TrendingDeveloperExtras {
  rank: number;
  popularRepo: PopularRepo | null;
  worksFor: string | null;
}

export interface TrendingDevelopers {
  items: Creator[];
  extras: TrendingDeveloperExtras[];
}

const LOGIN = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/;

/** The entry's own heading, not the nested popular-repository article's. */
function ownHeadingLink(article: HTMLElement): HTMLElement | null {
  return article.querySelectorAll('h1 a[href], h2 a[href]').find((link) => link.closest('article') === article) ?? null;
}

function loginOf(article: HTMLElement, heading: HTMLElement | null): string | null {
  const fromId = (article.getAttribute('id') ?? '').replace(/^pa-/, '');
  const candidates = [fromId, pathSegments(heading?.getAttribute('href'))[0], textOf(article.querySelector('p a'))];
  return candidates.find((candidate): candidate is string => typeof candidate === 'string' && LOGIN.test(candidate)) ?? null;
}

function popularRepoOf(article: HTMLElement): PopularRepo | null {
  const nested = article.querySelectorAll('article').find((each) => each !== article);
  if (!nested) return null;
  const link = nested.querySelectorAll('a[href]').find((each) => pathSegments(each.getAttribute('href')).length === 2);
  if (!link) return null;
  const [owner, name] = pathSegments(link.getAttribute('href'));
  return { fullName: `${owner}/${name}`, description: textOf(nested.querySelector('div.f6.mt-1, div.mt-1')) };
}

function developerOf(article: HTMLElement, rank: number, fetchedAt: string): { creator: Creator; extras: TrendingDeveloperExtras } | null {
  const heading = ownHeadingLink(article);
  const login = loginOf(article, heading);
  if (login === null) return null;
  const avatar = article.querySelector('img.avatar-user, img.avatar');
  const avatarUrl = avatar?.getAttribute('src') ?? null;
  const id = recordIdOf(heading) ?? (avatarUrl === null ? null : /\/u\/(\d{1,20})/.exec(avatarUrl)?.[1]) ?? login;
  const displayName = textOf(heading);
  const worksFor =
    article
      .querySelector('[title^="Works for"]')
      ?.getAttribute('title')
      ?.replace(/^Works for\s*/, '')
      .trim() ?? null;
  const shownRank = Number(textOf(article.querySelector('a[href^="#pa-"]')));
  const creator: Creator = makeCreator({
    platform: CODE_PLATFORM,
    id,
    handle: login,
    displayName,
    avatarUrl,
    url: `${WEB_ORIGIN}/${login}`,
    fetchedAt,
  });
  return {
    creator,
    extras: {
      rank: Number.isInteger(shownRank) && shownRank > 0 ? shownRank : rank,
      popularRepo: popularRepoOf(article),
      worksFor: worksFor === '' ? null : worksFor,
    },
  };
}

export function parseTrendingDevelopers(html: string, fetchedAt: string): TrendingDevelopers {
  const root = parse(html);
  const articles = root.querySelectorAll('article.Box-row');
  const items: Creator[] = [];
  const extras: TrendingDeveloperExtras[] = [];
  for (const article of articles) {
    const read = developerOf(article, items.length + 1, fetchedAt);
    if (read === null) continue;
    items.push(read.creator);
    extras.push(read.extras);
  }
  if (articles.length > 0 && items.length === 0)
    throw schemaDrift('The trending developers page lists entries but none names an account.', { entries: articles.length });
  if (articles.length === 0 && !isTrendingPage(root)) throw schemaDrift('The trending developers page did not have the expected markup.');
  return { items, extras };
}
