import { describe, expect, it } from 'vitest';
import {
  accountUrl,
  canonicalStatusUrl,
  parseAccount,
  parseInstance,
  parseStatus,
  parseTag,
} from '../../../src/families/fediverse/input/refs.js';
import { nextMaxId } from '../../../src/families/fediverse/upstream/link.js';

const refused = (run: () => unknown, param: string) => {
  try {
    run();
  } catch (error) {
    expect((error as { code: string; details: { param: string } }).details.param).toBe(param);
    expect((error as { code: string }).code).toBe('invalid_request');
    return;
  }
  throw new Error('expected a refusal');
};

describe('fediverse input forms', () => {
  it('reads every account form, lower-casing the host and ignoring queries and trailing slashes', () => {
    expect(parseAccount('@alice@One.Example.net', 'account')).toEqual({ host: 'one.example.net', acct: 'alice' });
    expect(parseAccount('alice@one.example.net', 'account')).toEqual({ host: 'one.example.net', acct: 'alice' });
    expect(parseAccount('https://one.example.net/@alice/?utm=x', 'account')).toEqual({ host: 'one.example.net', acct: 'alice' });
    expect(parseAccount('https://one.example.net/@bob@Two.example.org', 'account')).toEqual({
      host: 'one.example.net',
      acct: 'bob@two.example.org',
    });
    expect(parseAccount('https://one.example.net/@alice@one.example.net', 'account')).toEqual({ host: 'one.example.net', acct: 'alice' });
    expect(parseAccount('https://one.example.net/users/alice', 'account')).toEqual({ host: 'one.example.net', acct: 'alice' });
    expect(accountUrl({ host: 'one.example.net', acct: 'bob@two.example.org' })).toBe('https://one.example.net/@bob@two.example.org');
  });

  it('refuses other account shapes naming the parameter', () => {
    for (const input of [
      'alice',
      '@alice',
      'https://one.example.net/@alice/123',
      'http://one.example.net/@alice',
      'alice@localhost',
      'alice@10.0.0.1',
      'a b@one.example.net',
      'https://one.example.net:8443/@alice',
    ])
      refused(() => parseAccount(input, 'account'), 'account');
  });

  it('reads every status form and refuses others', () => {
    expect(parseStatus('https://one.example.net/@alice/1234', 'url')).toEqual({ host: 'one.example.net', id: '1234' });
    expect(parseStatus('https://one.example.net/@bob@two.example.org/99', 'url')).toEqual({ host: 'one.example.net', id: '99' });
    expect(parseStatus('https://one.example.net/users/alice/statuses/77/', 'url')).toEqual({ host: 'one.example.net', id: '77' });
    expect(canonicalStatusUrl('https://ONE.example.net/@alice/1234/?x=1', 'url')).toBe('https://one.example.net/@alice/1234');
    for (const input of [
      'https://one.example.net/@alice',
      '@alice@one.example.net',
      'https://one.example.net/@alice/12/34',
      'https://u:p@one.example.net/@alice/1',
    ])
      refused(() => parseStatus(input, 'url'), 'url');
  });

  it('reads instances and tags', () => {
    expect(parseInstance('https://Mastodon.Social/', 'instance')).toBe('mastodon.social');
    expect(parseTag('#IchbinHanna', 'tag')).toBe('IchbinHanna');
    for (const input of ['intranet', 'box.local', 'https://one.example.net/about', '127.0.0.1'])
      refused(() => parseInstance(input, 'instance'), 'instance');
    for (const input of ['two words', 'a/b', '', '#']) refused(() => parseTag(input, 'tag'), 'tag');
  });

  it('takes the cursor from the Link rel="next" max_id only', () => {
    expect(
      nextMaxId('<https://h.example.net/api/v1/x?max_id=123&limit=2>; rel="next", <https://h.example.net/api/v1/x?min_id=9>; rel="prev"'),
    ).toBe('123');
    expect(nextMaxId('<https://h.example.net/api/v1/x?min_id=9>; rel="prev"')).toBeNull();
    expect(nextMaxId('<https://h.example.net/api/v1/x?max_id=1;drop>; rel="next"')).toBeNull();
    expect(nextMaxId(undefined)).toBeNull();
  });
});
