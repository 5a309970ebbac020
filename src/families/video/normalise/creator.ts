import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { VIDEO_ORIGIN, VIDEO_PLATFORM } from '../constants.js';
import { arrayAt, countOf, handleOfPath, isObject, objectAt, stringAt, textOf, widestImage, type Json } from './values.js';
import type { ListOwner } from './items.js';

/**
 * A channel from a `browse` answer: its header (`pageHeaderViewModel` since 2024,
 * `c4TabbedHeaderRenderer` before) and `metadata.channelMetadataRenderer`.
 */

export interface CreatorExtras {
  approximate: string[];
}

/** The alert of a removed or terminated channel, which YouTube answers instead of the channel. */
export function removedAlertOf(browse: Json): string | null {
  for (const alert of arrayAt(browse, 'alerts')) {
    const renderer = objectAt(alert, 'alertRenderer') ?? objectAt(alert, 'alertWithButtonRenderer');
    const text = textOf(renderer?.text);
    if (stringAt(renderer, 'type') === 'ERROR' && text !== null && /removed|terminated/i.test(text)) return text;
  }
  return null;
}

/** The header's metadata rows' texts, in order ("@Dave2D", "3.68M subscribers", "382 videos"). */
function metadataTexts(header: Json | null): string[] {
  return arrayAt(header, 'metadata', 'contentMetadataViewModel', 'metadataRows')
    .flatMap((row) => arrayAt(row, 'metadataParts').map((part) => textOf(objectAt(part, 'text'))))
    .filter((text): text is string => text !== null);
}

/** The target of a `/redirect?q=` link, or the link itself when it goes straight out. */
function linkTarget(url: string | null): string | null {
  if (url === null) return null;
  const parsed = URL.parse(url, VIDEO_ORIGIN);
  if (parsed === null) return null;
  if (parsed.pathname === '/redirect') return parsed.searchParams.get('q');
  return parsed.href;
}

function headerLinks(view: Json | null, old: Json | null): string[] {
  const links = [
    ...arrayAt(view, 'attribution', 'attributionViewModel', 'text', 'commandRuns').map((run) =>
      stringAt(run, 'onTap', 'innertubeCommand', 'urlEndpoint', 'url'),
    ),
    ...arrayAt(old, 'headerLinks', 'channelHeaderLinksRenderer', 'primaryLinks').map((link) =>
      stringAt(link, 'navigationEndpoint', 'urlEndpoint', 'url'),
    ),
  ];
  return [...new Set(links.map(linkTarget).filter((link): link is string => link !== null && /^https?:\/\//.test(link)))];
}

function isVerified(view: Json | null, old: Json | null): boolean | null {
  const attachments = JSON.stringify(objectAt(view, 'title') ?? {}).slice(0, 20_000);
  if (attachments.includes('"CHECK_CIRCLE_FILLED"')) return true;
  const badges = arrayAt(old, 'badges').map((badge) => stringAt(badge, 'metadataBadgeRenderer', 'style'));
  return badges.some((style) => style === 'BADGE_STYLE_TYPE_VERIFIED' || style === 'BADGE_STYLE_TYPE_VERIFIED_ARTIST') ? true : null;
}

export function browseToCreator(browse: Json, fetchedAt: string): { creator: Creator; extras: CreatorExtras } | null {
  const metadata = objectAt(browse, 'metadata', 'channelMetadataRenderer');
  const view = objectAt(browse, 'header', 'pageHeaderRenderer', 'content', 'pageHeaderViewModel');
  const old = objectAt(browse, 'header', 'c4TabbedHeaderRenderer');
  const id = stringAt(metadata, 'externalId') ?? stringAt(old, 'channelId');
  if (id === null) return null;
  const rows = metadataTexts(view);
  const rowHandle = rows.find((text) => /^@[^\s]+$/.test(text))?.slice(1) ?? null;
  const approximate: string[] = [];
  const counted = (field: string, text: unknown) => {
    const count = countOf(text);
    if (count.approximate && count.value !== null) approximate.push(field);
    return count.value;
  };
  const subscribers = rows.find((text) => /subscriber/i.test(text)) ?? textOf(old?.subscriberCountText);
  const videos = rows.find((text) => /\bvideos?\b/i.test(text)) ?? textOf(old?.videosCountText);
  const avatar = [
    ...arrayAt(view, 'image', 'decoratedAvatarViewModel', 'avatar', 'avatarViewModel', 'image', 'sources'),
    ...arrayAt(old, 'avatar', 'thumbnails'),
    ...arrayAt(metadata, 'avatar', 'thumbnails'),
  ];
  const banner = [...arrayAt(view, 'banner', 'imageBannerViewModel', 'image', 'sources'), ...arrayAt(old, 'banner', 'thumbnails')];
  const creator: Creator = makeCreator({
    platform: VIDEO_PLATFORM,
    id,
    handle: handleOfPath(stringAt(metadata, 'vanityChannelUrl')) ?? rowHandle,
    displayName: stringAt(metadata, 'title') ?? textOf(objectAt(view, 'title', 'dynamicTextViewModel', 'text')) ?? stringAt(old, 'title'),
    bio: stringAt(metadata, 'description') ?? textOf(objectAt(view, 'description', 'descriptionPreviewViewModel', 'description')),
    avatarUrl: widestImage(avatar),
    bannerUrl: widestImage(banner),
    url: `${VIDEO_ORIGIN}/channel/${id}`,
    verified: isVerified(view, old),
    followerCount: counted('followerCount', subscribers ?? null),
    postCount: counted('postCount', videos ?? null),
    isPrivate: false,
    externalLinks: headerLinks(view, old),
    fetchedAt,
  });
  return { creator, extras: { approximate } };
}

/** What list items of a channel's own tab take from the channel (they name no owner themselves). */
export function ownerOf(browse: Json): ListOwner {
  const metadata = objectAt(browse, 'metadata', 'channelMetadataRenderer');
  if (!isObject(metadata)) return {};
  return {
    authorId: stringAt(metadata, 'externalId'),
    authorName: stringAt(metadata, 'title'),
    authorHandle: handleOfPath(stringAt(metadata, 'vanityChannelUrl')),
  };
}
