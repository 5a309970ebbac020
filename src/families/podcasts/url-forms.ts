import type { UrlForm } from '../../catalogue/url-forms.js';
import { ITUNES_HOST, PODCASTS_PAGE_HOST } from './constants.js';
import { isApplePagePath } from './input/refs.js';

/**
 * Apple's show and episode pages share a path; an episode page adds `?i=`. The episode form comes
 * first: its parser refuses a URL without `?i=` (naming `url`), and the show form reads it instead.
 */
const PAGE_HOSTS = [PODCASTS_PAGE_HOST, ITUNES_HOST];
const path = { test: isApplePagePath };

export const podcastsUrlForms: readonly UrlForm[] = [
  {
    names: 'an Apple Podcasts episode',
    hosts: PAGE_HOSTS,
    path,
    example: 'https://podcasts.apple.com/us/podcast/radiolab/id152249110?i=1000900000001',
    endpoint: '/v1/podcasts/episode',
    params: (url) => ({ url: url.href }),
  },
  {
    names: 'an Apple Podcasts show',
    hosts: PAGE_HOSTS,
    path,
    example: 'https://podcasts.apple.com/us/podcast/radiolab/id152249110',
    endpoint: '/v1/podcasts/show',
    params: (url) => ({ show: `${url.origin}${url.pathname}` }),
  },
];
