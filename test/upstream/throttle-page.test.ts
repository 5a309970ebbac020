import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../../src/upstream/classify.js';
import { isRedirectTo, throttleReader } from '../../src/upstream/budget/throttle-page.js';

const NOW = 1_700_000_000_000;
const isCaptcha = (target: URL) => target.hostname === 'captcha.example.test' && target.pathname.startsWith('/sorry');
const read = throttleReader(isCaptcha);
const held = (seconds: number) => ({ remaining: 0, resetAtMs: NOW + seconds * 1000 });

describe('the budget reader of a platform that throttles with a status or a redirect', () => {
  it('holds the host back on a 429, for its Retry-After or else the default', () => {
    expect(read({ 'retry-after': '30' }, NOW, 429)).toEqual(held(30));
    expect(read({}, NOW, 429)).toEqual(held(DEFAULT_RETRY_AFTER_SECONDS));
  });

  it('holds the host back on a redirect to the throttle page, and only that redirect', () => {
    expect(read({ location: 'https://captcha.example.test/sorry/index?continue=x' }, NOW, 302)).toEqual(held(DEFAULT_RETRY_AFTER_SECONDS));
    expect(read({ location: 'https://captcha.example.test/other' }, NOW, 302)).toBeNull();
    expect(read({ location: 'https://elsewhere.example.test/sorry' }, NOW, 302)).toBeNull();
    expect(read({ location: 'https://captcha.example.test/sorry' }, NOW, 200)).toBeNull();
  });

  it('reads a Retry-After on any other answer as the family reader without throttling would', () => {
    expect(read({ 'retry-after': '5' }, NOW, 503)).toEqual(held(5));
    expect(read({}, NOW, 200)).toBeNull();
    expect(read({}, NOW)).toBeNull();
  });

  it('recognises a redirect only with a 3xx status and a Location that parses', () => {
    expect(isRedirectTo(301, 'https://captcha.example.test/sorry', isCaptcha)).toBe(true);
    expect(isRedirectTo(404, 'https://captcha.example.test/sorry', isCaptcha)).toBe(false);
    expect(isRedirectTo(302, undefined, isCaptcha)).toBe(false);
    expect(isRedirectTo(302, 'not a url', isCaptcha)).toBe(false);
  });
});
