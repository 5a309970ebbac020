import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src/errors.js';
import { codeIssueCommentsEndpoint } from '../../../src/families/code/endpoints/issue-comments.js';
import { codeIssueEndpoint } from '../../../src/families/code/endpoints/issue.js';
import { codeRepoIssuesEndpoint } from '../../../src/families/code/endpoints/repo-issues.js';
import { codeRepoEndpoint } from '../../../src/families/code/endpoints/repo.js';
import { codeTrendingDevelopersEndpoint } from '../../../src/families/code/endpoints/trending-developers.js';
import { codeTrendingEndpoint } from '../../../src/families/code/endpoints/trending.js';
import { codeUserActivityEndpoint } from '../../../src/families/code/endpoints/user-activity.js';
import { codeUserEndpoint } from '../../../src/families/code/endpoints/user.js';
import { parseIssue, parseLogin, parseRepo } from '../../../src/families/code/input/refs.js';
import { encodeCursor } from '../../../src/families/code/upstream/paging.js';
import { canonical } from './support.js';

function refusal(run: () => unknown): { code: string; param: unknown; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof GatewayError) return { code: error.code, param: error.details?.param, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('account forms', () => {
  it.each([
    'tamsin-reyes',
    '@tamsin-reyes',
    'Tamsin-Reyes',
    ' tamsin-reyes ',
    'https://github.com/tamsin-reyes',
    'https://github.com/Tamsin-Reyes/',
    'github.com/tamsin-reyes',
    'http://www.github.com/tamsin-reyes?tab=repositories',
    'https://github.com/orgs/tamsin-reyes/people',
    'https://api.github.com/users/tamsin-reyes',
    'https://github.com/tamsin-reyes/dotfiles',
  ])('%s is tamsin-reyes', (form) => {
    expect(parseLogin(form)).toBe('tamsin-reyes');
    expect(canonical(codeUserEndpoint, { username: form })).toEqual({ username: 'tamsin-reyes' });
  });

  it('keeps legacy logins (trailing hyphen) and app accounts', () => {
    expect(parseLogin('Artur-')).toBe('artur-');
    expect(parseLogin('ferrite-bot[bot]')).toBe('ferrite-bot[bot]');
  });

  it.each([
    ['https://gitlab.com/tamsin-reyes', 'must be on github.com'],
    ['https://github.com.evil.example/tamsin-reyes', 'must be on github.com'],
    ['gitlab.com/tamsin-reyes', 'must be on github.com'],
    ['https://github.com/trending', 'does not name an account'],
    ['https://github.com/', 'does not name an account'],
    ['-leading-hyphen', 'not a GitHub login'],
    ['has space', 'not a GitHub login'],
    ['a'.repeat(40), 'not a GitHub login'],
    ['../etc', 'github.com'],
    ['javascript:alert(1)', 'not a GitHub login'],
  ])('refuses %s with 400 naming username', (form, message) => {
    const refused = refusal(() => canonical(codeUserEndpoint, { username: form }));
    expect(refused).toMatchObject({ code: 'invalid_request', param: 'username' });
    expect(refused.message).toContain(message);
  });
});

describe('repository forms', () => {
  it.each([
    'lumen-works/ferrite',
    'Lumen-Works/Ferrite',
    'lumen-works/ferrite.git',
    'lumen-works/ferrite/',
    'https://github.com/lumen-works/ferrite',
    'https://github.com/lumen-works/ferrite.git',
    'https://github.com/lumen-works/ferrite/',
    'https://github.com/lumen-works/ferrite/tree/main/src/cache',
    'https://github.com/lumen-works/ferrite/issues',
    'https://github.com/lumen-works/ferrite/pull/41/files',
    'github.com/lumen-works/ferrite#readme',
    'git@github.com:lumen-works/ferrite.git',
    'https://api.github.com/repos/lumen-works/ferrite',
    'git+https://github.com/lumen-works/ferrite.git',
    'lumen-works/ferrite#readme',
    'ssh://git@github.com/lumen-works/ferrite.git',
  ])('%s is lumen-works/ferrite', (form) => {
    expect(parseRepo(form)).toEqual({ owner: 'lumen-works', name: 'ferrite' });
    expect(canonical(codeRepoEndpoint, { repo: form })).toEqual({ repo: 'lumen-works/ferrite' });
  });

  it('keeps dots and underscores in names', () => {
    expect(parseRepo('octokit/octokit.rb')).toEqual({ owner: 'octokit', name: 'octokit.rb' });
    expect(parseRepo('sferik/rails_admin')).toEqual({ owner: 'sferik', name: 'rails_admin' });
  });

  it.each([
    ['https://gitlab.com/lumen-works/ferrite', 'must be on github.com'],
    ['https://bitbucket.org/lumen-works/ferrite.git', 'must be on github.com'],
    ['git@gitlab.com:lumen-works/ferrite.git', 'must be on github.com'],
    ['lumen-works', 'expected owner/name'],
    ['lumen-works/ferrite/extra', 'expected owner/name'],
    ['lumen-works/..', 'not a repository name'],
    ['https://github.com/lumen-works', 'expected owner/name'],
    ['https://github.com/topics/rust', 'expected owner/name'],
    ['https://github.com/orgs/lumen-works', 'expected owner/name'],
    ['https://github.com/users/lumen-works', 'expected owner/name'],
    ['https://github.com/blog/2024-01-01-news', 'expected owner/name'],
  ])('refuses %s with 400 naming repo', (form, message) => {
    const refused = refusal(() => canonical(codeRepoEndpoint, { repo: form }));
    expect(refused).toMatchObject({ code: 'invalid_request', param: 'repo' });
    expect(refused.message).toContain(message);
  });
});

describe('issue forms', () => {
  it.each([
    'lumen-works/ferrite#42',
    'Lumen-Works/Ferrite#42',
    'https://github.com/lumen-works/ferrite/issues/42',
    'https://github.com/lumen-works/ferrite/issues/42/',
    'https://github.com/lumen-works/ferrite/issues/42#issuecomment-700001',
    'https://github.com/lumen-works/ferrite/pull/42',
    'https://github.com/lumen-works/ferrite/pull/42/files',
    'github.com/lumen-works/ferrite/issues/42',
    'https://api.github.com/repos/lumen-works/ferrite/issues/42',
  ])('%s is lumen-works/ferrite#42', (form) => {
    expect(parseIssue(form)).toEqual({ owner: 'lumen-works', name: 'ferrite', number: 42 });
    expect(canonical(codeIssueEndpoint, { url: form })).toEqual({ url: 'lumen-works/ferrite#42' });
    expect(canonical(codeIssueCommentsEndpoint, { url: form, limit: 10 })).toMatchObject({ url: 'lumen-works/ferrite#42', limit: 10 });
  });

  it.each([
    ['https://gitlab.com/lumen-works/ferrite/-/issues/42', 'must be on github.com'],
    ['https://github.com/lumen-works/ferrite', 'expected an issue or pull-request URL'],
    ['https://github.com/lumen-works/ferrite/issues', 'expected an issue or pull-request URL'],
    ['lumen-works/ferrite#0', 'not an issue number'],
    ['lumen-works/ferrite#99999999999', 'not an issue number'],
    ['42', 'expected an issue'],
  ])('refuses %s with 400 naming url', (form, message) => {
    const refused = refusal(() => canonical(codeIssueEndpoint, { url: form }));
    expect(refused).toMatchObject({ code: 'invalid_request', param: 'url' });
    expect(refused.message).toContain(message);
  });
});

describe('cursors and other parameters', () => {
  it('accepts a cursor made for the same limit and refuses one made for another', () => {
    const cursor = encodeCursor({ page: 2, perPage: 10 });
    expect(canonical(codeRepoIssuesEndpoint, { repo: 'lumen-works/ferrite', limit: 10, cursor })).toMatchObject({ cursor, limit: 10 });
    expect(refusal(() => canonical(codeRepoIssuesEndpoint, { repo: 'lumen-works/ferrite', limit: 30, cursor }))).toMatchObject({
      code: 'invalid_request',
      param: 'cursor',
    });
  });

  it.each(['not-a-cursor', 'cDIuMTA=', Buffer.from('p0.10').toString('base64url'), Buffer.from('p2.101').toString('base64url')])(
    'refuses the forged cursor %s',
    (cursor) => {
      expect(refusal(() => canonical(codeRepoIssuesEndpoint, { repo: 'lumen-works/ferrite', limit: 10, cursor }))).toMatchObject({
        param: 'cursor',
      });
    },
  );

  it('refuses an activity cursor past the 300-event cap', () => {
    const cursor = encodeCursor({ page: 4, perPage: 100 });
    expect(refusal(() => canonical(codeUserActivityEndpoint, { username: 'tamsin-reyes', limit: 100, cursor }))).toMatchObject({
      param: 'cursor',
    });
    expect(
      canonical(codeUserActivityEndpoint, { username: 'tamsin-reyes', limit: 100, cursor: encodeCursor({ page: 3, perPage: 100 }) }),
    ).toMatchObject({ limit: 100 });
  });

  it('spells trending languages as the site does and checks the spoken language', () => {
    expect(canonical(codeTrendingEndpoint, { language: 'Jupyter Notebook', spoken_language: 'EN' })).toEqual({
      language: 'jupyter-notebook',
      since: 'daily',
      spoken_language: 'en',
    });
    expect(canonical(codeTrendingDevelopersEndpoint, { language: 'C++', since: 'monthly' })).toEqual({ language: 'c++', since: 'monthly' });
    expect(refusal(() => canonical(codeTrendingEndpoint, { language: '../../login' }))).toMatchObject({ param: 'language' });
    expect(refusal(() => canonical(codeTrendingEndpoint, { spoken_language: 'e1' }))).toMatchObject({ param: 'spoken_language' });
    expect(() => canonical(codeTrendingEndpoint, { since: 'yearly' })).toThrow();
  });
});
