import type { UrlForm } from '../../catalogue/url-forms.js';
import { NO_COOKIE_HOST, SHORT_LINK_HOST, SITE_HOSTS } from './constants.js';

const SITE = [...SITE_HOSTS];

/** The whole URL, read by the endpoint's own parameter parser (input/refs.ts). */
const asParam = (param: string) => (url: URL) => ({ [param]: url.href });

/** The channel part of a channel URL with a tab after it (`/@name/videos` is the channel `/@name`). */
const channelPart = (url: URL) => ({ handle: url.href });

/** The youtube.com pages the video endpoints read: watch pages and short links, channel pages and tabs, search results. */
export const videoUrlForms: readonly UrlForm[] = [
  {
    names: 'a video',
    hosts: SITE,
    path: /^\/(?:watch\/?|(?:shorts|live|embed|v)\/[A-Za-z0-9_-]{11}\/?)$/,
    example: 'https://www.youtube.com/watch?v=GJLlxj_dtq8',
    endpoint: '/v1/video/post',
    params: asParam('url'),
  },
  {
    names: 'a video (short link)',
    hosts: [SHORT_LINK_HOST],
    path: /^\/[A-Za-z0-9_-]{11}\/?$/,
    example: 'https://youtu.be/GJLlxj_dtq8',
    endpoint: '/v1/video/post',
    params: asParam('url'),
  },
  {
    names: 'an embedded video',
    hosts: [NO_COOKIE_HOST],
    path: /^\/embed\/[A-Za-z0-9_-]{11}\/?$/,
    example: 'https://www.youtube-nocookie.com/embed/GJLlxj_dtq8',
    endpoint: '/v1/video/post',
    params: asParam('url'),
  },
  {
    names: "a channel's videos",
    hosts: SITE,
    path: /^\/(?:@[^/]+|channel\/UC[A-Za-z0-9_-]{22}|c\/[^/]+|user\/[^/]+)\/videos\/?$/,
    example: 'https://www.youtube.com/@Dave2D/videos',
    endpoint: '/v1/video/channel/videos',
    params: channelPart,
  },
  {
    names: "a channel's shorts",
    hosts: SITE,
    path: /^\/(?:@[^/]+|channel\/UC[A-Za-z0-9_-]{22}|c\/[^/]+|user\/[^/]+)\/shorts\/?$/,
    example: 'https://www.youtube.com/@Dave2D/shorts',
    endpoint: '/v1/video/channel/shorts',
    params: channelPart,
  },
  {
    names: 'a channel',
    hosts: SITE,
    path: /^\/(?:@[^/]+|channel\/UC[A-Za-z0-9_-]{22}|c\/[^/]+|user\/[^/]+)(?:\/.*)?$/,
    example: 'https://www.youtube.com/@Dave2D',
    endpoint: '/v1/video/channel',
    params: channelPart,
  },
  {
    names: 'a search',
    hosts: SITE,
    path: /^\/results\/?$/,
    example: 'https://www.youtube.com/results?search_query=surface+go',
    endpoint: '/v1/video/search',
    params: (url: URL) => ({ query: url.searchParams.get('search_query') ?? '' }),
  },
];
