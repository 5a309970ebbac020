import { describe, expect, it } from 'vitest';
import { callerUrlProblem, parseCallerHost } from '../../src/outbound/caller-host.js';

const hostOf = (input: string, rules = {}) => {
  const parsed = parseCallerHost(input, rules);
  return parsed.ok ? parsed.host : `refused:${parsed.reason}`;
};

describe('parseCallerHost', () => {
  it('normalises a host or a URL on it: lower case, IDN as punycode, no trailing dot', () => {
    expect(hostOf('Shop.Example.com')).toBe('shop.example.com');
    expect(hostOf('shop.example.com.')).toBe('shop.example.com');
    expect(hostOf('  bücher.example.org ')).toBe('xn--bcher-kva.example.org');
    expect(hostOf('https://Shop.Example.com./products/hat?variant=1')).toBe('shop.example.com');
    expect(hostOf('http://shop.example.com/collections/sale')).toBe('shop.example.com');
    expect(hostOf('shop.example.com/products/hat')).toBe('shop.example.com');
  });

  it('keeps the URL a caller gave, and none for a bare host', () => {
    const url = parseCallerHost('https://shop.example.com/products/hat');
    expect(url.ok && url.url?.pathname).toBe('/products/hat');
    const bare = parseCallerHost('shop.example.com');
    expect(bare.ok && bare.url).toBeNull();
  });

  it('refuses user info, in a URL or before a bare host', () => {
    expect(hostOf('https://user:secret@shop.example.com/')).toBe('refused:credentials');
    expect(hostOf('user@shop.example.com')).toBe('refused:credentials');
    expect(hostOf('shop.example.com@evil.example.net')).toBe('refused:credentials');
  });

  it('refuses IP literals in every form a URL parser reads as one', () => {
    for (const input of ['127.0.0.1', '8.8.8.8', 'https://[::1]/', '[2606:4700::1111]', '2130706433', '0x7f.1', 'https://017700000001/'])
      expect(hostOf(input), input).toBe('refused:ip_literal');
  });

  it('refuses local, reserved and one-label names', () => {
    for (const input of [
      'localhost',
      'a.localhost',
      'printer.local',
      'db.internal',
      '1.0.0.10.in-addr.arpa',
      'x.onion',
      'shop.test',
      'a.invalid',
      'www.example',
      'intranet',
    ])
      expect(hostOf(input), input).toBe('refused:local_name');
  });

  it('refuses a port unless the rules allow any port', () => {
    expect(hostOf('shop.example.com:8443')).toBe('refused:port');
    expect(parseCallerHost('shop.example.com:8443', { anyPort: true })).toMatchObject({ ok: true, host: 'shop.example.com', port: '8443' });
  });

  it('refuses what is not a host: other schemes, spaces, odd characters, overlong names', () => {
    expect(hostOf('ftp://shop.example.com/')).toBe('refused:scheme');
    expect(hostOf('')).toBe('refused:malformed');
    expect(hostOf('shop example.com')).toBe('refused:malformed');
    expect(hostOf('sh{op}.example.com')).toBe('refused:malformed');
    expect(hostOf('under_score.example.com')).toBe('refused:malformed');
    expect(hostOf(`${'a'.repeat(64)}.example.com`)).toBe('refused:malformed');
    expect(hostOf(`${'abcdefghi.'.repeat(26)}com`)).toBe('refused:malformed');
  });
});

describe('callerUrlProblem (each URL fetched, redirect hops included)', () => {
  it('takes https only unless http is allowed', () => {
    expect(callerUrlProblem(new URL('http://shop.example.com/'))?.reason).toBe('scheme');
    expect(callerUrlProblem(new URL('http://shop.example.com/'), { allowHttp: true })).toBeNull();
    expect(callerUrlProblem(new URL('https://shop.example.com/'))).toBeNull();
  });

  it('refuses credentials, ports, IP literals and local names on any hop', () => {
    expect(callerUrlProblem(new URL('https://u:p@shop.example.com/'))?.reason).toBe('credentials');
    expect(callerUrlProblem(new URL('https://shop.example.com:444/'))?.reason).toBe('port');
    expect(callerUrlProblem(new URL('https://169.254.169.254/latest/meta-data'))?.reason).toBe('ip_literal');
    expect(callerUrlProblem(new URL('https://metadata.google.internal/'))?.reason).toBe('local_name');
  });
});
