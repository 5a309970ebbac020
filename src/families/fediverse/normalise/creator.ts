import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { FEDIVERSE_PLATFORM } from '../constants.js';
import type { Account } from '../schemas/mastodon.js';
import { linksOf, htmlToText } from './html-text.js';
import { count, fullAcct, text } from './values.js';

/** The image servers put where an account has none (`/avatars/original/missing.png`, `/headers/original/missing.png`). */
const isPlaceholder = (url: string | null) => url !== null && /\/missing\.png(?:$|\?)/.test(url);
const image = (url: string | null | undefined) => {
  const value = text(url);
  return isPlaceholder(value) ? null : value;
};

const categoryOf = (account: Account): string | null => (account.bot === true ? 'Bot' : account.group === true ? 'Group' : null);

/** An account as a Creator; `host` is the instance that answered (a local acct is its). */
export function accountToCreator(account: Account, host: string, fetchedAt: string): Creator {
  const acct = fullAcct(account.acct, host);
  return makeCreator({
    platform: FEDIVERSE_PLATFORM,
    id: acct,
    handle: acct,
    displayName: text(account.display_name),
    bio: text(htmlToText(account.note)),
    avatarUrl: image(account.avatar),
    bannerUrl: image(account.header),
    url: text(account.url),
    followerCount: count(account.followers_count),
    followingCount: count(account.following_count),
    postCount: count(account.statuses_count),
    isPrivate: account.locked ?? null,
    category: categoryOf(account),
    externalLinks: [...new Set((account.fields ?? []).flatMap((field) => linksOf(field?.value)))],
    createdAt: text(account.created_at),
    fetchedAt,
  });
}
