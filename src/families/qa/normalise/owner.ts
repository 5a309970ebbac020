import { decodedText } from './html-text.js';
import { objectOrNull, siteId, stringOrNull } from './values.js';

/**
 * An item's owner. A deleted account (`user_type` does_not_exist) keeps only its name: no id, no
 * image, so authorId is null and authorName still credits the author. Accounts have no handle, only
 * a display name.
 */
export interface Owner {
  authorId: string | null;
  authorName: string | null;
  avatarUrl: string | null;
}

export function ownerOf(site: string, value: unknown): Owner {
  const owner = objectOrNull(value);
  const deleted = owner?.user_type === 'does_not_exist';
  return {
    authorId: deleted ? null : siteId(site, owner?.user_id),
    authorName: decodedText(owner?.display_name),
    avatarUrl: deleted ? null : stringOrNull(owner?.profile_image),
  };
}
