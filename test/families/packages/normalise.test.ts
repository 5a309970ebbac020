import { describe, expect, it } from 'vitest';
import { cratesLicense, npmLicense, pypiLicense } from '../../../src/families/packages/normalise/license.js';
import { codeHostRepository, normaliseRepositoryUrl } from '../../../src/families/packages/normalise/repository-url.js';
import { isoTime } from '../../../src/families/packages/normalise/values.js';
import { keywordList } from '../../../src/families/packages/normalise/versions.js';

describe('repository URLs', () => {
  it.each([
    ['git+https://github.com/lodash/lodash.git', 'https://github.com/lodash/lodash'],
    ['git://github.com/IndigoUnited/node-cross-spawn.git', 'https://github.com/IndigoUnited/node-cross-spawn'],
    ['ssh://git@github.com/owner/name.git', 'https://github.com/owner/name'],
    ['git+ssh://git@gitlab.com/group/project.git', 'https://gitlab.com/group/project'],
    ['git@github.com:owner/name.git', 'https://github.com/owner/name'],
    ['github:owner/name', 'https://github.com/owner/name'],
    ['gitlab:group/project', 'https://gitlab.com/group/project'],
    ['bitbucket:team/repo', 'https://bitbucket.org/team/repo'],
    ['owner/name', 'https://github.com/owner/name'],
    ['https://github.com/owner/name/', 'https://github.com/owner/name'],
    ['https://github.com/owner/name#readme', 'https://github.com/owner/name'],
    ['https://github.com/owner/monorepo/tree/main/packages/x', 'https://github.com/owner/monorepo'],
    ['https://www.github.com/owner/name', 'https://github.com/owner/name'],
    ['https://git.example.test/team/repo.git', 'https://git.example.test/team/repo'],
  ])('%s is %s', (raw, url) => {
    expect(normaliseRepositoryUrl(raw)).toBe(url);
  });

  it.each([[''], [{}], [42], ['not a url at all'], ['javascript:alert(1)'], ['mailto:someone@example.test']])('%j is null', (raw) => {
    expect(normaliseRepositoryUrl(raw)).toBeNull();
  });

  it('takes a homepage as the repository only on a code host', () => {
    expect(codeHostRepository('https://github.com/spotify/luigi')).toBe('https://github.com/spotify/luigi');
    expect(codeHostRepository('http://celeryproject.org')).toBeNull();
    expect(codeHostRepository('https://github.com/spotify')).toBeNull();
  });
});

describe('licences', () => {
  it('reads npm’s string, object and legacy array forms', () => {
    expect(npmLicense('MIT', undefined)).toBe('MIT');
    expect(npmLicense({ type: 'ISC', url: 'x' }, undefined)).toBe('ISC');
    expect(npmLicense(undefined, [{ type: 'MIT' }, { type: 'GPL-2.0' }, { type: 'MIT' }])).toBe('MIT OR GPL-2.0');
    expect(npmLicense(undefined, { type: 'BSD' })).toBe('BSD');
    expect(npmLicense(undefined, undefined)).toBeNull();
  });

  it('writes crates’ legacy slash as OR', () => {
    expect(cratesLicense('MIT/Apache-2.0')).toBe('MIT OR Apache-2.0');
    expect(cratesLicense('MIT OR Apache-2.0')).toBe('MIT OR Apache-2.0');
    expect(cratesLicense({})).toBeNull();
  });

  it('prefers PyPI’s SPDX expression, else one short line of free text', () => {
    expect(pypiLicense('BSD-3-Clause', 'BSD')).toBe('BSD-3-Clause');
    expect(pypiLicense(null, 'Apache License 2.0')).toBe('Apache License 2.0');
    expect(pypiLicense(null, 'Copyright (c) 2020\nPermission is hereby granted...')).toBeNull();
    expect(pypiLicense(null, 'x'.repeat(101))).toBeNull();
  });
});

describe('times and keywords', () => {
  it('reads every registry’s timestamps as ISO 8601 UTC', () => {
    expect(isoTime('2014-12-13T22:10:11.303311+00:00')).toBe('2014-12-13T22:10:11.303311Z');
    expect(isoTime('2012-10-21T18:51:38')).toBe('2012-10-21T18:51:38Z');
    expect(isoTime('2022-01-27T10:00:00.123Z')).toBe('2022-01-27T10:00:00.123Z');
    expect(isoTime('2022-01-27T12:00:00+02:00')).toBe('2022-01-27T10:00:00.000Z');
    expect(isoTime('yesterday')).toBeNull();
    expect(isoTime({})).toBeNull();
  });

  it('splits keywords on commas, else on spaces', () => {
    expect(keywordList('task job  queue')).toEqual(['task', 'job', 'queue']);
    expect(keywordList('web, http client,web')).toEqual(['web', 'http client']);
    expect(keywordList(['a', 1, 'b', ''])).toEqual(['a', 'b']);
    expect(keywordList(null)).toEqual([]);
  });
});
