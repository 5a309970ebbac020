import type { DemoTrendingDeveloper, DemoTrendingRepository } from './data.js';

/** The demo's trending boards rendered in the site's current markup (name in h2, forks at /forks). */

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const tracking = (target: string, id: number) =>
  escape(JSON.stringify({ event_type: 'explore.click', payload: { click_target: target, record_id: id, user_id: null } }));
const thousands = (n: number) => n.toLocaleString('en-US');

function page(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>\n<nav><a href="/trending">Repositories</a> <a href="/trending/developers">Developers</a></nav>\n<div class="Box">\n${body}\n</div></body></html>\n`;
}

const PERIOD_WORDS: Record<string, string> = { daily: 'today', weekly: 'this week', monthly: 'this month' };

export function trendingPage(repositories: readonly DemoTrendingRepository[], since: string): string {
  const period = PERIOD_WORDS[since] ?? 'today';
  const articles = repositories.map((repository) => {
    const [owner, name] = repository.fullName.split('/');
    const builtBy = repository.builtBy
      .map(
        (login) =>
          `<a class="d-inline-block" data-hovercard-type="user" href="/${login}"><img class="avatar mb-1 avatar-user" src="https://avatars.githubusercontent.com/${login}?s=40" alt="@${login}"></a>`,
      )
      .join('\n');
    return `<article class="Box-row">
  <h2 class="h3 lh-condensed"><a data-hydro-click="${tracking('REPOSITORY', repository.id)}" href="/${repository.fullName}"><span class="text-normal">${owner} /</span> ${name}</a></h2>
  ${repository.description === null ? '' : `<p class="col-9 color-fg-muted my-1 pr-4">${escape(repository.description)}</p>`}
  <div class="f6 color-fg-muted mt-2">
    ${repository.language === null ? '' : `<span class="d-inline-block ml-0 mr-3"><span itemprop="programmingLanguage">${repository.language}</span></span>`}
    <a href="/${repository.fullName}/stargazers" class="Link--muted d-inline-block mr-3">${thousands(repository.stars)}</a>
    <a href="/${repository.fullName}/forks" class="Link--muted d-inline-block mr-3">${thousands(repository.forks)}</a>
    ${builtBy === '' ? '' : `<span class="d-inline-block mr-3">Built by ${builtBy}</span>`}
    <span class="d-inline-block float-sm-right">${thousands(repository.starsToday)} stars ${period}</span>
  </div>
</article>`;
  });
  return page(`Trending repositories on GitHub ${period} · GitHub`, articles.join('\n'));
}

export function trendingDevelopersPage(developers: readonly DemoTrendingDeveloper[]): string {
  const articles = developers.map((developer, index) => {
    const side = developer.popularRepo
      ? `<article><div class="f6 color-fg-muted text-uppercase mb-1">Popular repo</div><h1 class="h4 lh-condensed"><a href="/${developer.popularRepo.fullName}">${developer.popularRepo.fullName.split('/')[1]}</a></h1><div class="f6 color-fg-muted mt-1">${escape(developer.popularRepo.description)}</div></article>`
      : `<p class="mb-3"><span class="Truncate" title="Works for ${escape(developer.worksFor ?? '')}"><span class="Truncate-text">${escape(developer.worksFor ?? '')}</span></span></p>`;
    return `<article class="Box-row d-flex" id="pa-${developer.login}">
  <a href="#pa-${developer.login}" class="color-fg-muted f6">${index + 1}</a>
  <div class="mx-3"><a href="/${developer.login}"><img class="rounded avatar-user" src="https://avatars.githubusercontent.com/u/${developer.id}?s=96&amp;v=4" alt="@${developer.login}"></a></div>
  <div class="d-sm-flex flex-auto"><div class="col-sm-8 d-md-flex">
    <div class="col-md-6">
      <h1 class="h3 lh-condensed"><a data-hydro-click="${tracking('OWNER', developer.id)}" href="/${developer.login}">${escape(developer.name)}</a></h1>
      <p class="f4 text-normal mb-1"><a href="/${developer.login}" class="Link--secondary">${developer.login}</a></p>
    </div>
    <div class="col-md-6">${side}</div>
  </div></div>
</article>`;
  });
  return page('Trending developers on GitHub today · GitHub', articles.join('\n'));
}
