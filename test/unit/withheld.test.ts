import { describe, expect, it } from 'vitest';
import { allWithheld, withheldNotice, withheldRaw } from '../../src/catalogue/withheld.js';

describe('withheld items', () => {
  it('a notice counts them in the singular or plural, with the reason', () => {
    expect(withheldNotice(1, 'post', 'author_opted_out')).toEqual(['1 post withheld: author_opted_out']);
    expect(withheldNotice(2, 'post', 'author_opted_out')).toEqual(['2 posts withheld: author_opted_out']);
    expect(withheldNotice(3, 'reply', 'author_opted_out')).toEqual(['3 replies withheld: author_opted_out']);
    expect(withheldNotice(2, 'account', 'not_discoverable')).toEqual(['2 accounts withheld: not_discoverable']);
  });

  it('says nothing when none were withheld', () => {
    expect(withheldNotice(0, 'reply', 'author_opted_out')).toEqual([]);
    expect(withheldRaw(0, 'author_opted_out')).toEqual({});
    expect(allWithheld(0, 0, 'author_opted_out')).toEqual({});
  });

  it('raw carries the count and the reason', () => {
    expect(withheldRaw(4, 'author_opted_out')).toEqual({ withheld: { count: 4, reason: 'author_opted_out' } });
  });

  it('a page is empty for the reason only when withholding left nothing', () => {
    expect(allWithheld(0, 2, 'author_opted_out')).toEqual({ emptyReason: 'author_opted_out' });
    expect(allWithheld(1, 2, 'author_opted_out')).toEqual({});
  });
});
