import { describe, expect, it } from 'vitest';
import { descendantsToComments } from '../../../src/families/fediverse/normalise/comments.js';
import { accountToCreator } from '../../../src/families/fediverse/normalise/creator.js';
import { htmlToText, linksOf } from '../../../src/families/fediverse/normalise/html-text.js';
import { instanceFromV1, instanceFromV2 } from '../../../src/families/fediverse/normalise/instance.js';
import { postExtras, statusToPost } from '../../../src/families/fediverse/normalise/post.js';
import { fullAcct } from '../../../src/families/fediverse/normalise/values.js';
import {
  accountSchema,
  instanceV1Schema,
  instanceV2Schema,
  originalStatusSchema,
  statusSchema,
} from '../../../src/families/fediverse/schemas/mastodon.js';
import { account, attachment, instanceV1, instanceV2, reblog, remoteAccount, status, type Json } from './fixtures/mastodon.js';

const AT = '2026-01-01T00:00:00.000Z';
const HOST = 'one.example.net';
const post = (value: Json) => statusToPost(statusSchema.parse(value), HOST, AT);

describe('HTML to text', () => {
  it('keeps paragraphs and line breaks, mentions and hashtags as text, other links as their hrefs', () => {
    const html =
      '<p>Line one<br />line two <span class="h-card"><a href="https://x.example/@bob" class="u-url mention">@<span>bob</span></a></span></p>' +
      '<p>See <a href="https://example.org/a/very/long/path?q=1&amp;r=2" rel="nofollow"><span class="invisible">https://</span><span class="ellipsis">example.org/a/very</span><span class="invisible">/long/path</span></a> ' +
      '<a href="https://one.example.net/tags/Maps" class="mention hashtag" rel="tag">#<span>Maps</span></a></p>';
    expect(htmlToText(html)).toBe('Line one\nline two @bob\n\nSee https://example.org/a/very/long/path?q=1&r=2 #Maps');
  });

  it('decodes entities, drops other tags, trims, and keeps a literal newline inside a paragraph', () => {
    expect(htmlToText('<p>  a &lt;b&gt; &#39;c&#x27;\nd  </p><blockquote><p>quoted</p></blockquote>')).toBe("a <b> 'c'\nd\n\nquoted");
    expect(htmlToText('')).toBe('');
    expect(htmlToText(null)).toBe('');
  });

  it('reads a bridged hashtag link (class "hashtag" alone) as its text', () => {
    expect(htmlToText('<p><a href="https://bsky.app/search?q=%23x" class="hashtag">#x</a></p>')).toBe('#x');
  });

  it('lists the hrefs of links that are not mentions', () => {
    expect(linksOf('<a href="https://a.example/">a</a> <a class="mention" href="https://b.example/@b">@b</a>')).toEqual([
      'https://a.example/',
    ]);
  });
});

describe('accounts', () => {
  it('makes a local acct full with the answering host and keeps a remote one', () => {
    expect(fullAcct('schochastics', 'fosstodon.org')).toBe('schochastics@fosstodon.org');
    expect(fullAcct('maelle@Mastodon.Social', 'fosstodon.org')).toBe('maelle@mastodon.social');
  });

  it('reads an account as a Creator', () => {
    const creator = accountToCreator(accountSchema.parse(account({ bot: true, followers_count: -1 })), HOST, AT);
    expect(creator).toMatchObject({
      platform: 'mastodon',
      id: 'alice@one.example.net',
      handle: 'alice@one.example.net',
      displayName: 'Alice Example',
      bio: 'Writes about #maps.',
      bannerUrl: null,
      avatarUrl: 'https://files.one.example.net/accounts/avatars/alice.png',
      followerCount: null,
      followingCount: 80,
      postCount: 345,
      verified: null,
      isPrivate: false,
      category: 'Bot',
      externalLinks: ['https://alice.example.org/'],
      createdAt: '2022-11-05T00:00:00.000Z',
    });
  });

  it('reads group accounts and absent fields as null', () => {
    const minimal = accountSchema.parse({ id: '1', acct: 'grp@other.example.org', group: true, fields: 'broken' });
    expect(accountToCreator(minimal, HOST, AT)).toMatchObject({
      id: 'grp@other.example.org',
      category: 'Group',
      externalLinks: [],
      isPrivate: null,
    });
  });
});

describe('posts', () => {
  it('reads a status: uri as id, content warning as title, arrays for hashtags and mentions', () => {
    const value = status({
      spoiler_text: 'spoilers',
      content: '<p>Hi @bob #rstats</p>',
      tags: [{ name: 'rstats' }, { name: 'RStats' }, { name: 'rstats' }],
      mentions: [{ acct: 'bob@two.example.net' }, { acct: 'carol' }, { acct: 'bob@two.example.net' }],
    });
    const result = post(value);
    expect(result).toMatchObject({
      id: value.uri,
      url: value.url,
      type: 'text',
      title: 'spoilers',
      text: 'Hi @bob #rstats',
      authorId: 'alice@one.example.net',
      likeCount: 5,
      commentCount: 2,
      shareCount: 3,
      hashtags: ['rstats', 'RStats'],
      mentions: ['bob@two.example.net', 'carol@one.example.net'],
      viewCount: null,
      isSponsored: null,
    });
  });

  it('reads media: one image, one video with its duration, a carousel, a remote copy, a card', () => {
    expect(post(status({ media_attachments: [attachment('image')] })).type).toBe('image');
    const video = post(status({ media_attachments: [attachment('gifv')] }));
    expect(video).toMatchObject({ type: 'video', durationSeconds: 12.5 });
    expect(post(status({ media_attachments: [attachment('audio')] })).type).toBe('audio');
    expect(post(status({ media_attachments: [attachment('unknown')] })).type).toBe('unknown');
    const two = [attachment('image'), attachment('video', { url: null, remote_url: 'https://far.example/v.mp4' })];
    const carousel = post(status({ media_attachments: two }));
    expect(carousel).toMatchObject({ type: 'carousel', durationSeconds: null, thumbnailUrl: two[0]!.preview_url });
    expect(carousel.mediaUrls).toEqual([two[0]!.url, 'https://far.example/v.mp4']);
    expect(post(status({ card: { image: 'https://card.example/i.png' } })).thumbnailUrl).toBe('https://card.example/i.png');
  });

  it("reads a reblog as the original's fields, naming the reblogger in the extras", () => {
    const original = status({
      account: remoteAccount('bob', 'two.example.net'),
      quote: { state: 'accepted', quoted_status: { uri: 'https://q.example/1' } },
    });
    const wrapper = reblog(original, account());
    expect(post(wrapper)).toMatchObject({ id: original.uri, authorId: 'bob@two.example.net' });
    expect(postExtras(statusSchema.parse(wrapper), HOST)).toMatchObject({
      rebloggedBy: 'alice@one.example.net',
      quote: 'https://q.example/1',
      visibility: 'public',
    });
  });

  it('falls back to the uri when a status has no url', () => {
    const value = status({ url: null });
    expect(post(value).url).toBe(value.uri);
  });
});

describe('replies', () => {
  const root = originalStatusSchema.parse(status({ id: '1' }));
  const reply = (id: string, parent: string, who: Json = remoteAccount('bob', 'two.example.net')) =>
    originalStatusSchema.parse(status({ id, in_reply_to_id: parent, account: who, spoiler_text: id === '2' ? 'cw' : '' }));

  it('keeps the served order, finds parents by local id, and counts depth', () => {
    const replies = descendantsToComments(root, [reply('2', '1'), reply('3', '2', account()), reply('4', '1')], HOST);
    expect(replies.comments.map((each) => each.parentId)).toEqual([null, replies.comments[0]!.id, null]);
    expect(replies.extras.map((each) => each.depth)).toEqual([1, 2, 1]);
    expect(replies.extras[0]!.contentWarning).toBe('cw');
    expect(replies.comments[1]!.isAuthorReply).toBe(true);
    expect(replies.comments[0]!.isAuthorReply).toBe(false);
  });

  it('withholds a reply by a noindex author with the replies under it', () => {
    const quiet = account({ username: 'quiet', noindex: true });
    const replies = descendantsToComments(root, [reply('2', '1', quiet), reply('3', '2'), reply('5', '3'), reply('4', '1')], HOST);
    expect(replies.withheld).toBe(3);
    expect(replies.comments.map((each) => each.id)).toEqual([status({ id: '4', account: remoteAccount('bob', 'two.example.net') }).uri]);
  });
});

describe('instances', () => {
  it('reads a v2 document', () => {
    expect(instanceFromV2(instanceV2Schema.parse(instanceV2()), AT)).toMatchObject({
      id: 'one.example.net',
      monthlyActiveUsers: 1234,
      userCount: null,
      registrationsOpen: true,
      approvalRequired: false,
      contactAccount: 'admin@one.example.net',
      rules: ['Be kind.', 'No spam.'],
      maxCharacters: 500,
      thumbnailUrl: 'https://files.one.example.net/site/thumb.png',
    });
  });

  it('reads a v1 document', () => {
    expect(instanceFromV1(instanceV1Schema.parse(instanceV1()), AT)).toMatchObject({
      id: 'two.example.net',
      description: 'Short and synthetic.',
      userCount: 500,
      statusCount: 80000,
      domainCount: 9000,
      monthlyActiveUsers: null,
      registrationsOpen: false,
      approvalRequired: true,
      contactAccount: 'owner@two.example.net',
      maxCharacters: null,
    });
  });
});
