import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { NEWS_PLATFORM, userWebUrl } from '../constants.js';
import type { FirebaseUser } from '../schemas/firebase.js';
import { htmlToText, linksIn } from './html-text.js';
import { isoFromUnix } from './values.js';

/**
 * A user as a Creator. HN has no numeric user ids: id and handle are the username, exactly as
 * sent (case-sensitive). postCount counts every submission (stories, comments and polls).
 */
export function userToCreator(user: FirebaseUser, fetchedAt: string): Creator {
  return makeCreator({
    platform: NEWS_PLATFORM,
    id: user.id,
    handle: user.id,
    bio: htmlToText(user.about),
    url: userWebUrl(user.id),
    postCount: user.submitted.length,
    isPrivate: false,
    externalLinks: linksIn(user.about),
    createdAt: isoFromUnix(user.created),
    fetchedAt,
  });
}
