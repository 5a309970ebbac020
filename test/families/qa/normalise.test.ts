import { describe, expect, it } from 'vitest';
import { answerExtras, answerToComment } from '../../../src/families/qa/normalise/answer.js';
import { bodyToText, decodedText } from '../../../src/families/qa/normalise/html-text.js';
import { questionExtras, questionToPost } from '../../../src/families/qa/normalise/question.js';
import { userExtras, userToCreator } from '../../../src/families/qa/normalise/user.js';
import { FETCHED_AT } from './support.js';
import question from './fixtures/question.json' with { type: 'json' };
import answers from './fixtures/answers.json' with { type: 'json' };
import users from './fixtures/user.json' with { type: 'json' };

describe('body HTML to text', () => {
  it('keeps the text of tags, breaks lines at block ends, drops images and decodes entities once', () => {
    expect(bodyToText('<p>One <a href="https://x.invalid">link</a> &amp; <img src="a.png" alt="pic">more</p>\n<p>Two<br>lines</p>')).toBe(
      'One link & more\n\nTwo\nlines',
    );
    expect(bodyToText('<h2>Title</h2><ul><li>a</li><li>b</li></ul><blockquote><p>q</p></blockquote><hr>end')).toBe('Title\na\nb\nq\n\nend');
    expect(bodyToText('<pre><code>if (a &lt; b) {\n  x = &quot;&amp;lt;&quot;;\n}\n</code></pre>')).toBe('if (a < b) {\n  x = "&lt;";\n}');
    expect(bodyToText('<!-- hidden --><script>x()</script><p>shown</p>')).toBe('shown');
    expect(bodyToText('')).toBe('');
  });

  it('decodes titles, names and places, null when blank', () => {
    expect(decodedText('Zo&#235; &quot;Q&quot; O&#39;Neil &amp; co')).toBe('Zoë "Q" O\'Neil & co');
    expect(decodedText('  ')).toBeNull();
    expect(decodedText(undefined)).toBeNull();
  });
});

describe('questions, answers and users', () => {
  it('reads a question into a Post with its attribution and state in raw', () => {
    const item = question.items[0]!;
    const post = questionToPost('superuser', item, FETCHED_AT);
    expect(post).toMatchObject({
      platform: 'stackexchange',
      id: 'superuser:900001001',
      url: 'https://superuser.com/questions/900001001/fixture',
      title: 'How do I "quote" & escape?',
      authorId: 'superuser:900001100',
      authorName: 'Renée',
      likeCount: -1,
      commentCount: 0,
      viewCount: 12,
      hashtags: ['c#', '.net'],
      mediaUrls: [],
      mentions: [],
      publishedAt: '2023-11-14T22:13:20Z',
      text: 'Body <b> text',
    });
    expect(questionExtras('superuser', item)).toEqual({
      site: 'superuser',
      body: '<p>Body &lt;b&gt; text</p>',
      acceptedAnswerId: null,
      isAnswered: false,
      closedReason: 'duplicate',
      isDuplicate: true,
      license: 'CC BY-SA 3.0',
    });
  });

  it('reads answers into Comments, a deleted owner keeping only the name, and a missing body as ""', () => {
    const [first, deleted] = answers.items;
    expect(answerToComment('superuser', first!)).toMatchObject({
      id: 'superuser:900001002',
      postId: 'superuser:900001001',
      parentId: null,
      text: 'Use quotes.',
      authorId: 'superuser:900001100',
      authorAvatarUrl: 'https://images.example.invalid/a.png',
      likeCount: 3,
      replyCount: 2,
      isPinned: null,
      isAuthorReply: null,
    });
    expect(answerExtras('superuser', first!)).toMatchObject({
      isAccepted: true,
      url: 'https://superuser.com/a/900001002',
      license: 'CC BY-SA 4.0',
    });
    expect(answerToComment('superuser', deleted!)).toMatchObject({
      text: '',
      authorId: null,
      authorName: 'gone',
      authorAvatarUrl: null,
      replyCount: null,
    });
  });

  it('reads a user into a Creator, the website as its link and the badges in raw', () => {
    const user = users.items[0]!;
    expect(userToCreator('gaming', user, FETCHED_AT)).toMatchObject({
      id: 'gaming:900001100',
      handle: null,
      displayName: 'Renée',
      location: 'São Paulo',
      externalLinks: ['https://example.invalid/site'],
      url: 'https://gaming.stackexchange.com/users/900001100/renee',
      category: 'moderator',
      isPrivate: false,
      bio: null,
      verified: null,
      createdAt: '2017-07-14T02:40:00Z',
    });
    expect(userExtras('gaming', user)).toEqual({
      site: 'gaming',
      reputation: 77,
      badgeCounts: { gold: 0, silver: 1, bronze: 2 },
      accountId: 900001150,
    });
  });
});
