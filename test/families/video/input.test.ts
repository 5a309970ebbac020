import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src/errors.js';
import { parseChannelRef, parseVideoRef } from '../../../src/families/video/input/refs.js';
import { innertubeBody } from '../../../src/families/video/upstream/innertube.js';
import { ANDROID_CLIENT } from '../../../src/families/video/constants.js';

const ID = 'GJLlxj_dtq8';

describe('video references', () => {
  it.each([
    ID,
    `https://www.youtube.com/watch?v=${ID}&t=42s&list=PL123`,
    `youtube.com/watch?v=${ID}`,
    `http://m.youtube.com/watch?feature=share&v=${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/live/${ID}?si=abc`,
    `https://www.youtube.com/embed/${ID}`,
    `www.youtube.com/v/${ID}`,
    `https://youtu.be/${ID}?t=10`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
  ])('reads %s as the id', (value) => {
    expect(parseVideoRef(value, 'url')).toBe(ID);
  });

  it.each([
    'GJLlxj_dtq',
    `https://music.youtube.com/watch?v=${ID}`,
    'https://www.youtube.com/playlist?list=PL123',
    `https://www.youtube.com/watch?list=PL123`,
    `https://evil.example/watch?v=${ID}`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `https://user:pw@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/shorts/${ID}/extra`,
    'x'.repeat(3000),
  ])('refuses %s naming url', (value) => {
    let error: unknown;
    try {
      parseVideoRef(value, 'url');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).code).toBe('invalid_request');
    expect((error as GatewayError).message).toContain('url');
  });
});

describe('channel references', () => {
  it.each([
    ['@Dave2D', '@dave2d'],
    ['Dave2D', '@dave2d'],
    ['UCVYamHliCI9rw1tHR1xbkfw', 'UCVYamHliCI9rw1tHR1xbkfw'],
    ['https://www.youtube.com/@Dave2D/videos', '@dave2d'],
    ['youtube.com/@dave.2d', '@dave.2d'],
    ['m.youtube.com/channel/UCVYamHliCI9rw1tHR1xbkfw/about', 'UCVYamHliCI9rw1tHR1xbkfw'],
    ['https://www.youtube.com/c/ProgrammingKnowledge/videos', 'c/ProgrammingKnowledge'],
    ['https://www.youtube.com/user/YouTube', 'user/YouTube'],
  ])('reads %s as %s', (value, canonical) => {
    expect(parseChannelRef(value, 'handle')).toBe(canonical);
  });

  it.each([
    'ab',
    '@' + 'a'.repeat(31),
    'https://www.youtube.com/watch?v=GJLlxj_dtq8',
    'https://example.com/@name',
    'bad!name',
    'two words',
  ])('refuses %s naming handle', (value) => {
    expect(() => parseChannelRef(value, 'handle')).toThrow(/handle/);
  });
});

describe('InnerTube bodies', () => {
  it('are the same bytes for the same question, whatever order it was asked in, with no nonce', () => {
    const one = innertubeBody({ query: 'cats', params: 'EgIQAQ%3D%3D' });
    const two = innertubeBody({ params: 'EgIQAQ%3D%3D', query: 'cats' });
    expect(one).toBe(two);
    expect(Object.keys(JSON.parse(one) as object)).toEqual(['context', 'params', 'query']);
    expect(one).not.toMatch(/visitorData|nonce|time/i);
    expect(JSON.parse(innertubeBody({ videoId: 'GJLlxj_dtq8' }, ANDROID_CLIENT)).context.client).toMatchObject({
      clientName: 'ANDROID',
      clientVersion: '20.10.38',
    });
  });
});
