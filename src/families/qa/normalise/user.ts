import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { QA_PLATFORM } from '../constants.js';
import { decodedText } from './html-text.js';
import { httpsLink, isoFromUnix, numberOrNull, objectOrNull, siteId, stringOrNull } from './values.js';

/** A user as a Creator: the name and place decoded, the website as the one external link. */
export function userToCreator(site: string, user: Record<string, unknown>, fetchedAt: string): Creator {
  const website = stringOrNull(user.website_url);
  return makeCreator({
    platform: QA_PLATFORM,
    id: siteId(site, user.user_id) ?? `${site}:`,
    displayName: decodedText(user.display_name),
    avatarUrl: stringOrNull(user.profile_image),
    url: httpsLink(user.link),
    isPrivate: false,
    category: stringOrNull(user.user_type),
    location: decodedText(user.location),
    externalLinks: website === null ? [] : [website],
    createdAt: isoFromUnix(user.creation_date),
    fetchedAt,
  });
}

/** What a user keeps in raw: reputation, badge counts, the network-wide account id and the site. */
export function userExtras(site: string, user: Record<string, unknown>): Record<string, unknown> {
  const badges = objectOrNull(user.badge_counts);
  return {
    site,
    reputation: numberOrNull(user.reputation),
    badgeCounts: badges && { gold: numberOrNull(badges.gold), silver: numberOrNull(badges.silver), bronze: numberOrNull(badges.bronze) },
    accountId: numberOrNull(user.account_id),
  };
}
