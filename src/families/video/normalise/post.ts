import type { Post } from '../../../model/content.js';
import { makePost } from '../../../model/make.js';
import { VIDEO_PLATFORM, COMMENTS_SECTION } from '../constants.js';
import { watchUrlOf } from '../input/refs.js';
import { playabilityOf, type Playability } from './player.js';
import {
  arrayAt,
  countOf,
  handleOfPath,
  hashtagsOf,
  isObject,
  mentionsOf,
  objectAt,
  secondsOf,
  stringAt,
  textOf,
  widestImage,
  type Json,
} from './values.js';

/** One video from its WEB `player` answer and its `next {videoId}` answer (an empty next leaves its fields null). */

export interface PostExtras {
  playability: Playability;
  keywords: string[];
  live: Json | null;
  /** The count fields read from rounded text ("2.7K"). */
  approximate: string[];
}

/** The parts of a watch answer (`next`) the Post reads. */
interface WatchParts {
  primary: Json | null;
  secondary: Json | null;
}

function watchParts(next: Json): WatchParts {
  const parts: WatchParts = { primary: null, secondary: null };
  for (const item of arrayAt(next, 'contents', 'twoColumnWatchNextResults', 'results', 'results', 'contents')) {
    parts.primary ??= objectAt(item, 'videoPrimaryInfoRenderer');
    parts.secondary ??= objectAt(item, 'videoSecondaryInfoRenderer');
  }
  return parts;
}

/** The comments' first continuation token of a watch answer: its comments section, or null when comments are off. */
export function commentsTokenOf(next: Json): string | null {
  for (const item of arrayAt(next, 'contents', 'twoColumnWatchNextResults', 'results', 'results', 'contents')) {
    const section = objectAt(item, 'itemSectionRenderer');
    if (stringAt(section, 'sectionIdentifier') !== COMMENTS_SECTION) continue;
    for (const content of arrayAt(section, 'contents')) {
      const token = stringAt(content, 'continuationItemRenderer', 'continuationEndpoint', 'continuationCommand', 'token');
      if (token !== null) return token;
    }
  }
  return null;
}

/** The comment count of the comments panel ("2.7K"), from its contextualInfo. */
function commentCountOf(next: Json) {
  for (const panel of arrayAt(next, 'engagementPanels')) {
    const renderer = objectAt(panel, 'engagementPanelSectionListRenderer');
    const isComments =
      stringAt(renderer, 'panelIdentifier') === 'engagement-panel-comments-section' ||
      arrayAt(renderer, 'content', 'sectionListRenderer', 'contents').some(
        (content) => stringAt(content, 'itemSectionRenderer', 'sectionIdentifier') === COMMENTS_SECTION,
      );
    if (isComments) return countOf(objectAt(renderer, 'header', 'engagementPanelTitleHeaderRenderer', 'contextualInfo'));
  }
  return { value: null, approximate: false };
}

/** Likes: the microformat's exact count, else the button's "along with N other people", else its (rounded) text. */
function likeCountOf(microformat: Json | null, primary: Json | null) {
  const exact = stringAt(microformat, 'likeCount');
  if (exact !== null && /^\d{1,15}$/.test(exact)) return { value: Number(exact), approximate: false };
  const buttons = arrayAt(primary, 'videoActions', 'menuRenderer', 'topLevelButtons');
  const serialised = buttons.length === 0 ? '' : JSON.stringify(buttons).slice(0, 200_000);
  const along = /along with ([\d,]{1,20}) other (?:people|person)/i.exec(serialised);
  if (along) return { value: Number(along[1]!.replace(/,/g, '')), approximate: false };
  for (const button of buttons) {
    const toggle = objectAt(button, 'toggleButtonRenderer');
    if (toggle !== null && stringAt(toggle, 'defaultIcon', 'iconType') === 'LIKE') return countOf(toggle.defaultText);
    const segmented = objectAt(button, 'segmentedLikeDislikeButtonViewModel', 'likeButtonViewModel', 'likeButtonViewModel');
    if (segmented !== null) {
      return countOf(
        stringAt(segmented, 'toggleButtonViewModel', 'toggleButtonViewModel', 'defaultButtonViewModel', 'buttonViewModel', 'title'),
      );
    }
  }
  return { value: null, approximate: false };
}

export function playerToPost(videoId: string, player: Json, next: Json, fetchedAt: string): { post: Post; extras: PostExtras } {
  const details = objectAt(player, 'videoDetails') ?? {};
  const microformat = objectAt(player, 'microformat', 'playerMicroformatRenderer');
  const { primary, secondary } = watchParts(next);
  const approximate: string[] = [];
  const counted = (field: string, count: { value: number | null; approximate: boolean }) => {
    if (count.approximate && count.value !== null) approximate.push(field);
    return count.value;
  };
  const live = objectAt(microformat, 'liveBroadcastDetails');
  const isLive = details.isLiveContent === true || details.isLive === true || live !== null || details.isUpcoming === true;
  const isShort = microformat?.isShortsEligible === true;
  const title = stringAt(details, 'title') ?? textOf(microformat?.title) ?? textOf(primary?.title);
  const text = typeof details.shortDescription === 'string' ? details.shortDescription || null : textOf(microformat?.description);
  const ownerUrl =
    stringAt(microformat, 'ownerProfileUrl') ??
    stringAt(secondary, 'owner', 'videoOwnerRenderer', 'navigationEndpoint', 'browseEndpoint', 'canonicalBaseUrl');
  const post: Post = makePost({
    platform: VIDEO_PLATFORM,
    id: videoId,
    type: isLive ? 'live' : isShort ? 'short' : 'video',
    url: watchUrlOf(videoId, isShort && !isLive),
    title,
    text,
    authorId: stringAt(details, 'channelId') ?? stringAt(microformat, 'externalChannelId'),
    authorHandle: handleOfPath(ownerUrl),
    authorName: stringAt(details, 'author') ?? stringAt(microformat, 'ownerChannelName'),
    thumbnailUrl: widestImage(objectAt(details, 'thumbnail')) ?? widestImage(objectAt(microformat, 'thumbnail')),
    durationSeconds: secondsOf(details.lengthSeconds),
    viewCount: counted('viewCount', countOf(stringAt(details, 'viewCount') ?? stringAt(microformat, 'viewCount'))),
    likeCount: counted('likeCount', likeCountOf(microformat, primary)),
    commentCount: counted('commentCount', commentCountOf(next)),
    hashtags: hashtagsOf(title, text),
    mentions: mentionsOf(text),
    isSponsored: isObject(player.paidContentOverlay),
    publishedAt: stringAt(microformat, 'publishDate'),
    fetchedAt,
  });
  const keywords = arrayAt(details, 'keywords').filter((keyword): keyword is string => typeof keyword === 'string');
  const liveRaw = isLive ? { isLiveContent: details.isLiveContent === true, ...(live ?? {}) } : null;
  return { post, extras: { playability: playabilityOf(player), keywords, live: liveRaw, approximate } };
}
