/** Fixed facts about the video platform (YouTube) shared by every module of the family. */

/** The `platform` value every video resource carries. */
export const VIDEO_PLATFORM = 'youtube';

/** The one host the family fetches: InnerTube, caption files and the channel feed all live on it. */
export const VIDEO_HOST = 'www.youtube.com';
export const VIDEO_HOSTS = [VIDEO_HOST] as const;
export const VIDEO_ORIGIN = `https://${VIDEO_HOST}`;

/** Hosts a caller's watch or channel URL may name (youtu.be and the no-cookie embed host are read separately). */
export const SITE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com'] as const;
export const SHORT_LINK_HOST = 'youtu.be';
export const NO_COOKIE_HOST = 'www.youtube-nocookie.com';

/**
 * The InnerTube clients the family speaks as. WEB answers carry the microformat (publish date,
 * exact likes, the owner's handle); ANDROID's caption URLs work without a proof-of-origin token,
 * which WEB's need, so transcripts ask as ANDROID.
 */
export const WEB_CLIENT = { clientName: 'WEB', clientVersion: '2.20260519.10.00', hl: 'en', gl: 'US' } as const;
export const ANDROID_CLIENT = { clientName: 'ANDROID', clientVersion: '20.10.38', hl: 'en', gl: 'US' } as const;
export type InnertubeClient = typeof WEB_CLIENT | typeof ANDROID_CLIENT;

/** The channel tabs' browse params (protobuf, as the web app sends them). */
export const TAB_PARAMS = { videos: 'EgZ2aWRlb3PyBgQKAjoA', shorts: 'EgZzaG9ydHPyBgUKA5oBAA%3D%3D' } as const;
export type ChannelTab = keyof typeof TAB_PARAMS;

/** Search's params by sort, each restricted to videos. */
export const SEARCH_PARAMS = { relevance: 'EgIQAQ%3D%3D', date: 'CAISAhAB', views: 'CAMSAhAB' } as const;
export type SearchSort = keyof typeof SEARCH_PARAMS;

/** The section of a watch answer that holds the comments' first token. */
export const COMMENTS_SECTION = 'comment-item-section';
