import { describe, expect, it } from 'vitest';
import { extractHashtags, extractMentions } from '../../../src/families/forum/normalise/text-tags.js';

describe('extractHashtags', () => {
  it('reads #words without the sign, deduplicated in order ignoring case', () => {
    expect(extractHashtags('Weekend #gardening', 'More #Gardening and #tomatoes, #gardening again')).toEqual(['gardening', 'tomatoes']);
  });

  it('ignores headings, numbers, URL fragments, entities and code', () => {
    expect(
      extractHashtags('# Heading\n#1 fan\nhttps://example.org/page#anchor &#39;\n\n    #include <x>\n\n`#inline` and ```\n#fenced\n```'),
    ).toEqual([]);
  });

  it('reads non-Latin hashtags', () => {
    expect(extractHashtags('Fête #jardinage #日本')).toEqual(['jardinage', '日本']);
  });
});

describe('extractMentions', () => {
  it('reads @name, u/name and /u/name in order of appearance', () => {
    expect(extractMentions('Hi @soil_guru.', 'thanks u/fern_lover and /u/Leaf-Peeper, @soil_guru again')).toEqual([
      'soil_guru',
      'fern_lover',
      'Leaf-Peeper',
    ]);
  });

  it('ignores e-mail addresses and profile URLs', () => {
    expect(extractMentions('mail me at me@example.org or see https://www.reddit.com/u/someone and reddit.com/user/other')).toEqual([]);
  });

  it('handles missing texts', () => {
    expect(extractMentions(null, undefined)).toEqual([]);
    expect(extractHashtags(null)).toEqual([]);
  });
});
