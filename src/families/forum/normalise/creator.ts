import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { FORUM_PLATFORM, REDDIT_ORIGIN } from '../constants.js';
import type { SubredditData, UserData } from '../schemas/about.js';
import { httpUrlOrNull, isoFromEpochSeconds, nonEmpty } from './values.js';

/** Image URLs in about answers may carry HTML-escaped query strings on older surfaces. */
export function cleanImageUrl(value: string | null | undefined): string | null {
  return httpUrlOrNull(value?.replaceAll('&amp;', '&'));
}

/**
 * isPrivate from subreddit_type: private -> true; public, restricted (readable, posting
 * limited), archived and user profiles -> false; other types -> null (unknown meaning).
 */
export function isPrivateCommunity(subredditType: string | null | undefined): boolean | null {
  if (subredditType === 'private') return true;
  if (subredditType === 'public' || subredditType === 'restricted' || subredditType === 'archived' || subredditType === 'user')
    return false;
  return null;
}

/** A t5 community as a Creator: handle is the name, displayName the title, followers the subscribers. */
export function subredditToCreator(sub: SubredditData, fetchedAt: string): Creator {
  return makeCreator({
    platform: FORUM_PLATFORM,
    id: sub.id,
    handle: sub.display_name,
    displayName: nonEmpty(sub.title),
    bio: nonEmpty(sub.public_description),
    avatarUrl: cleanImageUrl(sub.community_icon) ?? cleanImageUrl(sub.icon_img),
    bannerUrl: cleanImageUrl(sub.banner_background_image) ?? cleanImageUrl(sub.banner_img) ?? cleanImageUrl(sub.mobile_banner_image),
    url: `${REDDIT_ORIGIN}${nonEmpty(sub.url) ?? `/r/${sub.display_name}/`}`,
    followerCount: sub.subscribers ?? null,
    isPrivate: isPrivateCommunity(sub.subreddit_type),
    category: nonEmpty(sub.advertiser_category),
    createdAt: isoFromEpochSeconds(sub.created_utc),
    fetchedAt,
  });
}

/** Karma figures of an account, for raw.karma (the unified schema has no karma field). */
export function karmaOf(user: UserData): Record<string, number> {
  const karma: Record<string, number> = {};
  const fields = {
    link: user.link_karma,
    comment: user.comment_karma,
    total: user.total_karma,
    awarder: user.awarder_karma,
    awardee: user.awardee_karma,
  };
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'number') karma[name] = value;
  return karma;
}

/**
 * A t2 account as a Creator. displayName and bio come from the profile community (null when
 * unset); verified is Reddit's `verified` flag when present; isPrivate is null because
 * Reddit has no private profiles to report on.
 */
export function userToCreator(user: UserData & { id: string }, fetchedAt: string): Creator {
  const profile = user.subreddit ?? null;
  return makeCreator({
    platform: FORUM_PLATFORM,
    id: user.id,
    handle: user.name,
    displayName: nonEmpty(profile?.title),
    bio: nonEmpty(profile?.public_description),
    avatarUrl: cleanImageUrl(user.icon_img) ?? cleanImageUrl(user.snoovatar_img),
    bannerUrl: cleanImageUrl(profile?.banner_img),
    url: `${REDDIT_ORIGIN}/user/${user.name}/`,
    verified: user.verified ?? null,
    followerCount: profile?.subscribers ?? null,
    createdAt: isoFromEpochSeconds(user.created_utc),
    fetchedAt,
  });
}
