import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { SOCIAL_PLATFORM, WEB_ORIGIN } from '../constants.js';
import type { ProfileView } from '../schemas/views.js';
import { text } from './values.js';

const VALID = 'valid';

/**
 * A profile view as a Creator. Counts exist only on the detailed view (a profile on its own);
 * the views in followers, list members and search results have none, so theirs are null.
 */
export function profileToCreator(view: ProfileView, fetchedAt: string): Creator {
  const verification = view.verification;
  const verified = verification?.verifiedStatus === VALID || verification?.trustedVerifierStatus === VALID ? true : null;
  const website = text(view.website);
  return makeCreator({
    platform: SOCIAL_PLATFORM,
    id: view.did,
    handle: view.handle.toLowerCase(),
    displayName: text(view.displayName),
    bio: text(view.description),
    avatarUrl: text(view.avatar),
    bannerUrl: text(view.banner),
    url: `${WEB_ORIGIN}/profile/${view.handle.toLowerCase()}`,
    verified,
    followerCount: view.followersCount ?? null,
    followingCount: view.followsCount ?? null,
    postCount: view.postsCount ?? null,
    isPrivate: false,
    category: view.associated?.labeler === true ? 'Labeler' : null,
    externalLinks: website === null ? [] : [website],
    createdAt: text(view.createdAt),
    fetchedAt,
  });
}
