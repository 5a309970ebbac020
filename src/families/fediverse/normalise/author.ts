import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { FEDIVERSE_PLATFORM } from '../constants.js';

/**
 * A post's author as the post itself names it (Post.author without a request): the full acct,
 * the display name, and the profile page on the author's home server (`https://domain/@user`).
 * What only the account document says (counts, bio, images) stays null.
 */
export function authorOfPost(acct: string, displayName: string | null, fetchedAt: string): Creator {
  const at = acct.lastIndexOf('@');
  const url = at > 0 ? `https://${acct.slice(at + 1)}/@${acct.slice(0, at)}` : null;
  return makeCreator({
    platform: FEDIVERSE_PLATFORM,
    id: acct,
    handle: acct,
    displayName,
    url,
    fetchedAt,
  });
}
