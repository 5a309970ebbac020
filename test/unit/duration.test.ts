import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../src/pipeline/duration.js';

describe('cache_max_age durations', () => {
  it.each([
    ['30s', 30],
    ['15m', 900],
    ['12h', 43_200],
    ['7d', 604_800],
    ['2w', 1_209_600],
    ['3600', 3600],
    ['0', 0],
    ['PT1H', 3600],
    ['P7D', 604_800],
    ['P1W', 604_800],
    ['P1DT12H', 129_600],
    ['PT90M', 5400],
    ['pt30s', 30],
  ])('%s is %i seconds', (text, seconds) => expect(parseDuration(text)).toBe(seconds));

  it.each(['', 'P', 'PT', 'P1M', 'P1Y', '1.5h', '-5', '5x', 'soon', '7 d', 'P1DT'])('%j is refused', (text) =>
    expect(parseDuration(text)).toBeNull(),
  );
});
