import { describe, expect, it } from 'vitest';
import { accountToCreator } from '../../../src/families/code/normalise/creator.js';
import { eventToActivity } from '../../../src/families/code/normalise/event.js';
import { readEvent } from '../../../src/families/code/normalise/event-summary.js';
import { issueCommentToComment, issueToPost } from '../../../src/families/code/normalise/issue.js';
import { extractMentions } from '../../../src/families/code/normalise/mentions.js';
import { repositoryFromApi } from '../../../src/families/code/normalise/repository.js';
import { accountSchema } from '../../../src/families/code/schemas/account.js';
import { eventBodySchema } from '../../../src/families/code/schemas/event.js';
import { issueBodySchema, issueCommentSchema } from '../../../src/families/code/schemas/issue.js';
import { repositoryBodySchema } from '../../../src/families/code/schemas/repository.js';
import { activityEventSchema, repositorySchema } from '../../../src/families/code/model.js';
import { commentSchema, creatorSchema, postSchema } from '../../../src/model/content.js';
import { FETCHED_AT, fixture } from './support.js';

const json = (name: string) => JSON.parse(fixture(name)) as unknown;
const creatorOf = (name: string) => creatorSchema.parse(accountToCreator(accountSchema.parse(json(name)), FETCHED_AT));

describe('accounts as Creators', () => {
  it('a person: empty strings are null, the blog and twitter handle are links', () => {
    expect(creatorOf('user-person.json')).toEqual({
      platform: 'github',
      id: '4100201',
      handle: 'tamsin-reyes',
      displayName: 'Tamsin Reyes',
      bio: null,
      avatarUrl: 'https://avatars.githubusercontent.com/u/4100201?v=4',
      bannerUrl: null,
      url: 'https://github.com/tamsin-reyes',
      verified: null,
      followerCount: 240,
      followingCount: 18,
      postCount: 12,
      viewCount: null,
      isPrivate: null,
      isBusiness: false,
      category: null,
      location: 'Lisbon',
      externalLinks: ['https://tamsin.example.org', 'https://twitter.com/tamsin_codes'],
      createdAt: '2012-03-04T10:20:30Z',
      fetchedAt: FETCHED_AT,
    });
  });

  it('an organisation: business, category Organization, its description as bio, verified as stated', () => {
    expect(creatorOf('user-org.json')).toMatchObject({
      handle: 'lumen-works',
      isBusiness: true,
      category: 'Organization',
      verified: true,
      bio: 'Tools for light-weight build pipelines.',
      location: null,
      externalLinks: [],
    });
  });

  it("an app's account: category Bot, not a business", () => {
    expect(creatorOf('user-bot.json')).toMatchObject({ handle: 'ferrite-bot[bot]', isBusiness: false, category: 'Bot', displayName: null });
  });
});

describe('repositories', () => {
  const [ferrite, glimmer, oldLamp] = (json('repo-list.json') as unknown[]).map((each) =>
    repositorySchema.parse(repositoryFromApi(repositoryBodySchema.parse(each), FETCHED_AT)),
  );

  it('reads stars from stargazers_count and leaves watchers null in a list', () => {
    expect(ferrite).toEqual({
      platform: 'github',
      id: '50010001',
      fullName: 'lumen-works/ferrite',
      name: 'ferrite',
      ownerHandle: 'lumen-works',
      url: 'https://github.com/lumen-works/ferrite',
      description: 'A small, fast build cache.',
      homepageUrl: 'https://ferrite.example.org',
      language: 'Rust',
      topics: ['build', 'cache', 'rust'],
      starCount: 1280,
      forkCount: 41,
      watcherCount: null,
      openIssueCount: 7,
      license: 'Apache-2.0',
      isFork: false,
      isArchived: false,
      defaultBranch: 'main',
      starsInPeriod: null,
      createdAt: '2019-05-02T08:00:00Z',
      updatedAt: '2026-04-10T08:00:00Z',
      pushedAt: '2026-04-12T16:45:00Z',
      fetchedAt: FETCHED_AT,
    });
  });

  it('turns empty strings and an unnamed license into null', () => {
    expect(glimmer).toMatchObject({ description: null, homepageUrl: null, language: null, license: null, topics: [] });
    expect(oldLamp).toMatchObject({ isArchived: true, license: null });
  });

  it('takes watcherCount from subscribers_count on the single repository answer', () => {
    const single = repositoryFromApi(repositoryBodySchema.parse(json('repo.json')), FETCHED_AT);
    expect(single).toMatchObject({ starCount: 1280, watcherCount: 37 });
  });
});

describe('issues and comments', () => {
  const [bug, pull, bare] = (json('issues.json') as unknown[]).map((each) => issueBodySchema.parse(each));

  it('an issue is a text Post with mentions from @login, no hashtags, thumbs-up as likes', () => {
    const post = postSchema.parse(issueToPost(bug!, FETCHED_AT));
    expect(post).toMatchObject({
      platform: 'github',
      id: '90000042',
      type: 'text',
      url: 'https://github.com/lumen-works/ferrite/issues/42',
      title: 'Cache misses after upgrading to 2.3',
      authorId: '4100202',
      authorHandle: 'ivo-marsh',
      commentCount: 3,
      likeCount: 4,
      hashtags: [],
      publishedAt: '2026-04-05T10:00:00Z',
      isSponsored: null,
    });
    // @lumen-works/core names the organisation; code blocks and e-mail addresses are not mentions.
    expect(post.mentions).toEqual(['tamsin-reyes', 'lumen-works']);
  });

  it('a pull request is a Post too; an empty body is null; no reactions is null likes', () => {
    expect(issueToPost(pull!, FETCHED_AT)).toMatchObject({
      type: 'text',
      url: 'https://github.com/lumen-works/ferrite/pull/41',
      likeCount: null,
    });
    expect(issueToPost(bare!, FETCHED_AT).text).toBeNull();
  });

  it('comments carry the issue number as postId, flat', () => {
    const [first, bot, ghost] = (json('comments.json') as unknown[]).map((each) =>
      commentSchema.parse(issueCommentToComment(issueCommentSchema.parse(each), 42)),
    );
    expect(first).toEqual({
      platform: 'github',
      id: '700001',
      postId: '42',
      parentId: null,
      text: 'Reproduced, thanks @ivo-marsh.',
      authorId: '4100201',
      authorHandle: 'tamsin-reyes',
      authorName: null,
      authorAvatarUrl: 'https://avatars.githubusercontent.com/u/4100201?v=4',
      likeCount: 2,
      replyCount: null,
      isPinned: null,
      isAuthorReply: null,
      publishedAt: '2026-04-05T11:00:00Z',
    });
    expect(bot).toMatchObject({ authorHandle: 'ferrite-bot[bot]', text: '' });
    // A deleted account leaves a comment without a user.
    expect(ghost).toMatchObject({ authorHandle: null, authorId: null, text: 'Fixed in 2.3.1.' });
  });

  it('mentions skip code, e-mail addresses and URLs', () => {
    expect(extractMentions('ping @a-b and @A-B, `@code`, mail x@y.org, https://e.org/@path, (@paren)')).toEqual(['a-b', 'paren']);
  });
});

describe('activity events', () => {
  const events = (json('events.json') as unknown[]).map((each) =>
    activityEventSchema.parse(eventToActivity(eventBodySchema.parse(each), FETCHED_AT)),
  );

  it('gives every event type of the feed a readable summary and a link', () => {
    expect(events.map((event) => [event.type, event.summary, event.url])).toEqual([
      ['PushEvent', 'pushed 3 commits to main', 'https://github.com/lumen-works/ferrite/compare/bbbbbbbbbbbb...aaaaaaaaaaaa'],
      ['CreateEvent', 'created tag v2.3.1', 'https://github.com/lumen-works/ferrite/tree/v2.3.1'],
      ['DeleteEvent', 'deleted branch fix-cache', 'https://github.com/lumen-works/ferrite'],
      ['IssuesEvent', 'opened issue #42: Cache misses after upgrading to 2.3', 'https://github.com/lumen-works/ferrite/issues/42'],
      [
        'IssueCommentEvent',
        'commented on issue #42: Cache misses after upgrading to 2.3',
        'https://github.com/lumen-works/ferrite/issues/42#issuecomment-700001',
      ],
      ['PullRequestEvent', 'merged pull request #41: Add a --dry-run flag', 'https://github.com/lumen-works/ferrite/pull/41'],
      ['ForkEvent', 'forked lumen-works/glimmer to tamsin-reyes/glimmer', 'https://github.com/tamsin-reyes/glimmer'],
      ['WatchEvent', 'starred octo-lab/prism', 'https://github.com/octo-lab/prism'],
      ['ReleaseEvent', 'published release v2.3.0', 'https://github.com/lumen-works/ferrite/releases/tag/v2.3.0'],
      ['PublicEvent', 'made lumen-works/old-lamp public', 'https://github.com/lumen-works/old-lamp'],
      ['MemberEvent', 'added ivo-marsh as a collaborator', 'https://github.com/lumen-works/ferrite'],
      ['GollumEvent', 'created wiki page Cache layout', 'https://github.com/lumen-works/ferrite/wiki/Cache-layout'],
      ['PullRequestReviewEvent', 'PullRequestReviewEvent', 'https://github.com/lumen-works/ferrite'],
    ]);
    expect(events.every((event) => event.actorHandle === 'tamsin-reyes' && event.platform === 'github')).toBe(true);
    expect(events[0]).toMatchObject({ id: '3000000012', repoFullName: 'lumen-works/ferrite', createdAt: '2026-04-12T16:45:00Z' });
  });

  it('shortens the sentence when a newer payload lacks fields, instead of failing', () => {
    expect(readEvent('PushEvent', { ref: 'refs/heads/main' }, 'o/n')).toEqual({ summary: 'pushed to main', url: 'https://github.com/o/n' });
    expect(readEvent('PushEvent', null, null)).toEqual({ summary: 'pushed', url: null });
    expect(readEvent('IssuesEvent', { action: 'closed' }, 'o/n').summary).toBe('closed issue');
    expect(readEvent('IssueCommentEvent', { action: 'created', issue: { number: 7, pull_request: {} } }, 'o/n').summary).toBe(
      'commented on pull request #7',
    );
    expect(readEvent('PullRequestEvent', { action: 'closed', number: 9, pull_request: { merged: false } }, 'o/n').summary).toBe(
      'closed pull request #9',
    );
    expect(readEvent('GollumEvent', { pages: [{ action: 'edited' }, { action: 'created' }] }, 'o/n')).toEqual({
      summary: 'updated 2 wiki pages',
      url: 'https://github.com/o/n/wiki',
    });
    expect(readEvent('CreateEvent', { ref_type: 'repository', ref: null }, 'o/n').summary).toBe('created repository o/n');
    expect(readEvent('PushEvent', { size: 1, ref: 'refs/heads/x' }, 'o/n').summary).toBe('pushed 1 commit to x');
  });
});
