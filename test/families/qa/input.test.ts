import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src/errors.js';
import { checkedTags, encodePage, pageOf, siteOf } from '../../../src/families/qa/input/params.js';
import { parsePageUrl } from '../../../src/families/qa/input/page-url.js';
import { canonicalSite, parseSite, siteHost, siteOfHost } from '../../../src/families/qa/input/site.js';

function paramOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'invalid_request') return error.details?.param as string;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('site', () => {
  it('reads names and hosts as the canonical API site parameter', () => {
    const cases: [string, string][] = [
      ['stackoverflow', 'stackoverflow'],
      ['StackOverflow.com', 'stackoverflow'],
      ['www.stackoverflow.com', 'stackoverflow'],
      ['superuser.com', 'superuser'],
      ['gaming.stackexchange.com', 'gaming'],
      ['meta.stackexchange.com', 'meta'],
      ['meta', 'meta'],
      ['meta.stackoverflow.com', 'meta.stackoverflow'],
      ['ru.stackoverflow.com', 'ru.stackoverflow'],
      ['meta.gaming.stackexchange.com', 'meta.gaming'],
      ['mathoverflow.net', 'mathoverflow.net'],
    ];
    for (const [given, site] of cases) expect(canonicalSite(given), given).toBe(site);
    for (const bad of ['x', 'has space', 'a..b', '.lead', 'dot..dot', 'ünï', 'a'.repeat(61)]) expect(canonicalSite(bad), bad).toBeNull();
    expect(paramOf(() => parseSite('not a site'))).toBe('site');
  });

  it('builds the host of every kind of site, the inverse of reading it', () => {
    const cases: [string, string][] = [
      ['stackoverflow', 'stackoverflow.com'],
      ['meta.stackoverflow', 'meta.stackoverflow.com'],
      ['ru.stackoverflow', 'ru.stackoverflow.com'],
      ['askubuntu', 'askubuntu.com'],
      ['stackapps', 'stackapps.com'],
      ['gaming', 'gaming.stackexchange.com'],
      ['meta.gaming', 'meta.gaming.stackexchange.com'],
      ['meta', 'meta.stackexchange.com'],
      ['mathoverflow.net', 'mathoverflow.net'],
    ];
    for (const [site, host] of cases) {
      expect(siteHost(site), site).toBe(host);
      expect(siteOfHost(host), host).toBe(site);
    }
    for (const host of [
      'api.stackexchange.com',
      'stackexchange.com',
      'example.com',
      'stackoverflow.com.evil.example',
      'evilstackoverflow.com',
    ])
      expect(siteOfHost(host), host).toBeNull();
  });

  it('lets the URL fix the site, and refuses a site that disagrees with it', () => {
    const page = parsePageUrl('https://gaming.stackexchange.com/questions/1');
    expect(siteOf(undefined, page)).toBe('gaming');
    expect(siteOf('gaming.stackexchange.com', page)).toBe('gaming');
    expect(paramOf(() => siteOf('superuser', page))).toBe('url');
    expect(siteOf(undefined, null)).toBe('stackoverflow');
  });
});

describe('page URLs', () => {
  it('reads every question, answer, user and tag form, ignoring query, fragment and trailing slash', () => {
    expect(parsePageUrl('http://www.stackoverflow.com/questions/11227809/why-is/11227902?x=1#y')).toEqual({
      kind: 'question',
      site: 'stackoverflow',
      id: '11227809',
      answerId: '11227902',
    });
    expect(parsePageUrl('https://superuser.com/questions/5/')).toMatchObject({ kind: 'question', id: '5', answerId: null });
    expect(parsePageUrl('https://superuser.com/q/5/77')).toMatchObject({ kind: 'question', id: '5', answerId: null });
    expect(parsePageUrl('https://askubuntu.com/a/9/3')).toEqual({ kind: 'answer', site: 'askubuntu', id: '9' });
    expect(parsePageUrl('https://meta.stackexchange.com/users/22656/jon')).toEqual({ kind: 'user', site: 'meta', id: '22656' });
    expect(parsePageUrl('https://stackapps.com/u/7')).toEqual({ kind: 'user', site: 'stackapps', id: '7' });
    expect(parsePageUrl('https://stackoverflow.com/questions/tagged/c%23')).toEqual({ kind: 'tag', site: 'stackoverflow', tag: 'c#' });
  });

  it('refuses what is no site page, naming url', () => {
    for (const bad of [
      'ftp://stackoverflow.com/q/1',
      'not a url',
      'https://example.com/questions/1',
      'https://api.stackexchange.com/2.3/questions/1',
      'https://stackoverflow.com/questions/ask',
      'https://stackoverflow.com/users/0',
      'https://stackoverflow.com/',
    ])
      expect(
        paramOf(() => parsePageUrl(bad)),
        bad,
      ).toBe('url');
  });
});

describe('tags and cursors', () => {
  it('takes up to five tags joined by ";", as the site spells them', () => {
    expect(checkedTags('C#; .NET ;asp.net-core;c++')).toBe('c#;.net;asp.net-core;c++');
    expect(checkedTags('a;a')).toBe('a');
    for (const bad of ['a;b;c;d;e;f', 'has space', ';', 'a'.repeat(36), 'tag/slash'])
      expect(
        paramOf(() => checkedTags(bad)),
        bad,
      ).toBe('tag');
  });

  it('round-trips a page and refuses a foreign or mismatched cursor', () => {
    expect(pageOf(undefined, 30)).toBe(1);
    expect(pageOf(encodePage(7, 30), 30)).toBe(7);
    expect(paramOf(() => pageOf(encodePage(7, 30), 10))).toBe('cursor');
    expect(paramOf(() => pageOf('not-a-cursor', 30))).toBe('cursor');
    expect(paramOf(() => pageOf(encodePage(10_001, 30), 30))).toBe('cursor');
  });
});
