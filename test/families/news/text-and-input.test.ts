import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src/errors.js';
import { itemIdOf, parseUsername } from '../../../src/families/news/input/refs.js';
import { decodeEntities, htmlToText, linksIn } from '../../../src/families/news/normalise/html-text.js';
import { kindOf } from '../../../src/families/news/normalise/post.js';
import { readNewsBudget } from '../../../src/families/news/upstream/rate-budget.js';

const paramOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    if (error instanceof GatewayError) return error.details?.param;
    throw error;
  }
  throw new Error('expected invalid_request');
};

describe('HN HTML as plain text', () => {
  it('keeps paragraphs (closed or not), links by their whole href, code indentation, and decodes entities once', () => {
    expect(
      htmlToText(
        'One &amp; <i>two</i>.<p>Three: <a href="https:&#x2F;&#x2F;x.org&#x2F;long&#x2F;path" rel="nofollow">https:&#x2F;&#x2F;x.org&#x2F;lo...</a>',
      ),
    ).toBe('One & two.\n\nThree: https://x.org/long/path');
    expect(htmlToText('<p>First</p><p>Second</p>')).toBe('First\n\nSecond');
    expect(htmlToText('Intro<p><pre><code>    indented\n    code\n</code></pre>\nAfter')).toBe('Intro\n\n    indented\n    code\n\nAfter');
    expect(htmlToText('&amp;lt; is not &lt;')).toBe('&lt; is not <');
    expect(htmlToText('<a href="https://a.example/?q=1&amp;r=2">short</a>')).toBe('https://a.example/?q=1&r=2');
    expect(htmlToText('<a>no href</a> kept')).toBe('no href kept');
    expect(htmlToText('unclosed <a href="https://u.example">link')).toBe('unclosed https://u.example');
  });

  it('reads empty and absent text as null', () => {
    expect([htmlToText(''), htmlToText('  <p> '), htmlToText(null), htmlToText(undefined)]).toEqual([null, null, null, null]);
  });

  it('decodes named and numeric references and leaves unknown or invalid ones as written', () => {
    expect(decodeEntities('&#x27;&#39;&quot;&gt;&nbsp;&bogus;&#xD800;&#0;')).toBe("''\"> &bogus;&#xD800;&#0;");
  });

  it('lists the http(s) links of a profile once each', () => {
    expect(
      linksIn('a <a href="https:&#x2F;&#x2F;a.example">x</a> <a href="javascript:alert(1)">y</a> <a href="https://a.example">z</a>'),
    ).toEqual(['https://a.example']);
  });
});

describe('kinds', () => {
  it('tells Ask and Show stories by title, as HN Search tags them', () => {
    expect(kindOf('story', 'Ask HN: anything?')).toBe('ask');
    expect(kindOf('story', 'show hn: a thing')).toBe('show');
    expect(kindOf('story', 'Showing HN things')).toBe('story');
    expect(kindOf('job', 'Ask HN: hiring?')).toBe('job');
    expect(kindOf('mystery', null)).toBe('unknown');
  });
});

describe('caller input', () => {
  it('takes an item as an id or a page URL, exactly one of them', () => {
    expect(itemIdOf({ id: ' 8863 ' })).toBe('8863');
    expect(itemIdOf({ url: 'https://news.ycombinator.com/item?id=8863' })).toBe('8863');
    expect(itemIdOf({ url: 'http://news.ycombinator.com/item?id=1&p=2' })).toBe('1');
    expect(paramOf(() => itemIdOf({ id: '0' }))).toBe('id');
    expect(paramOf(() => itemIdOf({ id: '1e3' }))).toBe('id');
    expect(paramOf(() => itemIdOf({ url: 'https://evil.example/item?id=1' }))).toBe('url');
    expect(paramOf(() => itemIdOf({ url: 'https://news.ycombinator.com/user?id=1' }))).toBe('url');
    expect(paramOf(() => itemIdOf({ url: 'https://user:pw@news.ycombinator.com/item?id=1' }))).toBe('url');
    expect(paramOf(() => itemIdOf({ id: '1', url: 'https://news.ycombinator.com/item?id=1' }))).toBe('id');
    expect(paramOf(() => itemIdOf({}))).toBe('id');
  });

  it('keeps usernames case-sensitive, from a name or a profile URL', () => {
    expect(parseUsername('PG')).toBe('PG');
    expect(parseUsername('https://news.ycombinator.com/user?id=dang')).toBe('dang');
    expect(paramOf(() => parseUsername('a b'))).toBe('username');
    expect(paramOf(() => parseUsername('x'.repeat(33)))).toBe('username');
    expect(paramOf(() => parseUsername('https://news.ycombinator.com/user?id=../x'))).toBe('username');
  });
});

describe('the budget reader', () => {
  const now = 1_000_000;
  it('holds a host after a 429 only: until its Retry-After, or for a minute without one', () => {
    expect(readNewsBudget({ 'retry-after': '5' }, now, 429)).toEqual({ remaining: 0, resetAtMs: now + 5000 });
    expect(readNewsBudget({}, now, 429)).toEqual({ remaining: 0, resetAtMs: now + 60_000 });
    expect(readNewsBudget({}, now, 200)).toBeNull();
    expect(readNewsBudget({ 'retry-after': '5' }, now, 503)).toBeNull();
    expect(readNewsBudget({}, now)).toBeNull();
  });
});
