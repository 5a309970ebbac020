import { describe, expect, it } from 'vitest';
import { isPrivateCommunity, karmaOf, subredditToCreator, userToCreator } from '../../../src/families/forum/normalise/creator.js';
import { subredditDataSchema, userDataSchema } from '../../../src/families/forum/schemas/about.js';
import { FETCHED_AT, jsonFixture } from './support.js';

const community = subredditDataSchema.parse((jsonFixture('about-subreddit.json') as { data: unknown }).data);
const user = userDataSchema.parse((jsonFixture('about-user.json') as { data: unknown }).data);

describe('subredditToCreator', () => {
  it('maps a t5 community', () => {
    expect(subredditToCreator(community, FETCHED_AT)).toEqual({
      platform: 'reddit',
      id: '5x4m9',
      handle: 'examplesub',
      displayName: 'Example Gardening',
      bio: 'A place for gardeners.',
      avatarUrl: 'https://styles.redditmedia.com/t5_5x4m9/styles/communityIcon_abc.png?width=256&s=f00',
      bannerUrl: 'https://styles.redditmedia.com/t5_5x4m9/styles/bannerBackgroundImage_def.png?width=4000&s=ba4',
      url: 'https://www.reddit.com/r/examplesub/',
      verified: null,
      followerCount: 123456,
      followingCount: null,
      postCount: null,
      viewCount: null,
      isPrivate: false,
      isBusiness: null,
      category: 'Home & Garden',
      location: null,
      externalLinks: [],
      createdAt: '2011-03-13T07:06:40.000Z',
      fetchedAt: FETCHED_AT,
    });
  });

  it('falls back to icon_img and reads empty strings as null', () => {
    const plain = subredditDataSchema.parse({
      id: 'a1',
      display_name: 'plain',
      community_icon: '',
      icon_img: 'https://b.thumbs.redditmedia.com/icon.png',
      advertiser_category: '',
      title: '',
    });
    expect(subredditToCreator(plain, FETCHED_AT)).toMatchObject({
      avatarUrl: 'https://b.thumbs.redditmedia.com/icon.png',
      category: null,
      displayName: null,
      bannerUrl: null,
      url: 'https://www.reddit.com/r/plain/',
      createdAt: null,
    });
  });

  it('reads privacy from subreddit_type', () => {
    expect(isPrivateCommunity('private')).toBe(true);
    expect(isPrivateCommunity('public')).toBe(false);
    expect(isPrivateCommunity('restricted')).toBe(false);
    expect(isPrivateCommunity('employees_only')).toBeNull();
    expect(isPrivateCommunity(undefined)).toBeNull();
  });
});

describe('userToCreator', () => {
  it('maps a t2 account from its profile community', () => {
    expect(userToCreator({ ...user, id: 'k1x9q' }, FETCHED_AT)).toEqual({
      platform: 'reddit',
      id: 'k1x9q',
      handle: 'maple_writer',
      displayName: 'Maple Writes',
      bio: 'I write about maples. #trees',
      avatarUrl: 'https://styles.redditmedia.com/t5_u1/styles/profileIcon_y.png?width=256&s=2',
      bannerUrl: 'https://styles.redditmedia.com/t5_u1/styles/profileBanner_x.jpg?width=1280&s=1',
      url: 'https://www.reddit.com/user/maple_writer/',
      verified: true,
      followerCount: 87,
      followingCount: null,
      postCount: null,
      viewCount: null,
      isPrivate: null,
      isBusiness: null,
      category: null,
      location: null,
      externalLinks: [],
      createdAt: '2017-07-14T02:40:00.000Z',
      fetchedAt: FETCHED_AT,
    });
  });

  it('collects karma for raw.karma, skipping what is absent', () => {
    expect(karmaOf(user)).toEqual({ link: 1500, comment: 4200, total: 5800, awarder: 20, awardee: 80 });
    expect(karmaOf(userDataSchema.parse({ name: 'old_account', link_karma: 3, comment_karma: 4 }))).toEqual({ link: 3, comment: 4 });
  });

  it('is lenient on a missing profile and verified flag', () => {
    const bare = userDataSchema.parse({ name: 'bare_user', id: 'b1', snoovatar_img: 'https://i.redd.it/snoovatar/avatars/x.png' });
    expect(userToCreator({ ...bare, id: 'b1' }, FETCHED_AT)).toMatchObject({
      displayName: null,
      bio: null,
      verified: null,
      followerCount: null,
      avatarUrl: 'https://i.redd.it/snoovatar/avatars/x.png',
    });
  });
});
