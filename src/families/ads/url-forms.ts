import type { UrlForm } from '../../catalogue/url-forms.js';
import { ADS_HOSTS } from './constants.js';

/** The Ads Transparency Center pages the ads endpoints read: an ad, and an advertiser's ads. */
export const adsUrlForms: readonly UrlForm[] = [
  {
    names: 'an ad',
    hosts: ADS_HOSTS,
    path: /^\/advertiser\/AR\d+\/creative\/CR\d+\/?$/i,
    example: 'https://adstransparency.google.com/advertiser/AR01234567890123456789/creative/CR01234567890123456789',
    endpoint: '/v1/ads/ad',
    params: (url) => ({ url: url.href }),
  },
  {
    names: "an advertiser's ads",
    hosts: ADS_HOSTS,
    path: /^\/advertiser\/AR\d+\/?$/i,
    example: 'https://adstransparency.google.com/advertiser/AR01234567890123456789',
    endpoint: '/v1/ads/advertiser/ads',
    // The page's own `region` filter (an ISO code) carries over; the id is checked by the endpoint.
    params: (url) => {
      const region = url.searchParams.get('region');
      return { advertiser_id: url.pathname.split('/')[2] ?? '', ...(region !== null && /^[a-z]{2}$/i.test(region) ? { region } : {}) };
    },
  },
];
