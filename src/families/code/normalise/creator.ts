import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { CODE_PLATFORM, WEB_ORIGIN } from '../constants.js';
import type { Account } from '../schemas/account.js';
import { httpUrlOrNull, textOrNull, timeOrNull } from './values.js';

/**
 * An account as a Creator. Organisations are businesses (`category` Organization), an app's
 * account is a `Bot`; a person has no category. postCount is the public repository count
 * (the platform's published works); viewCount, banner and privacy are not exposed.
 */
export function accountToCreator(account: Account, fetchedAt: string): Creator {
  const kind = account.type ?? null;
  const isOrganisation = kind === 'Organization';
  const externalLinks = [
    httpUrlOrNull(account.blog),
    account.twitter_username ? `https://twitter.com/${account.twitter_username}` : null,
  ].filter((link): link is string => link !== null);
  return makeCreator({
    platform: CODE_PLATFORM,
    id: account.id,
    handle: account.login,
    displayName: textOrNull(account.name),
    bio: textOrNull(account.bio) ?? textOrNull(account.description),
    avatarUrl: textOrNull(account.avatar_url),
    url: textOrNull(account.html_url) ?? `${WEB_ORIGIN}/${account.login}`,
    verified: isOrganisation ? (account.is_verified ?? null) : null,
    followerCount: account.followers ?? null,
    followingCount: account.following ?? null,
    postCount: account.public_repos ?? null,
    isBusiness: kind === null ? null : isOrganisation,
    category: isOrganisation ? 'Organization' : kind === 'Bot' ? 'Bot' : null,
    location: textOrNull(account.location),
    externalLinks,
    createdAt: timeOrNull(account.created_at),
    fetchedAt,
  });
}

/** What raw keeps of an account beside the Creator: the fields the unified type has no place for. */
export function accountExtras(account: Account): Record<string, unknown> {
  return {
    type: account.type ?? null,
    company: textOrNull(account.company),
    publicRepos: account.public_repos ?? null,
    publicGists: account.public_gists ?? null,
    updatedAt: timeOrNull(account.updated_at),
  };
}
