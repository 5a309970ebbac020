import { z } from 'zod';
import { cursorParam, queryInt } from '../../../catalogue/query-params.js';
import { PAGE } from '../constants.js';
import { ANYWHERE } from '../input/refs.js';
import { MAX_CURSOR_LENGTH } from '../input/cursor.js';

/** Parameter pieces of the ads endpoints (REST spelling). */

export const domain = z
  .string()
  .min(1)
  .max(2048)
  .optional()
  .describe('the domain whose ads to list: a host (example.com, www.example.com) or a URL on it; pass this or advertiser_id');
export const advertiserIdParam = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .describe('the advertiser id, AR followed by digits (from /v1/ads/advertisers/search or an ad page)');
export const region = z
  .string()
  .min(1)
  .max(16)
  .default(ANYWHERE)
  .describe(`where the ads were shown: an ISO 3166-1 alpha-2 country code (US, de) or ${ANYWHERE} (default)`);

export const AD_FORMAT_FILTERS = ['all', 'text', 'image', 'video'] as const;
export type AdFormatFilter = (typeof AD_FORMAT_FILTERS)[number];
export const format = z.enum(AD_FORMAT_FILTERS).default('all').describe('only ads of this format: all (default), text, image or video');

export const limit = queryInt(1, PAGE.max).default(PAGE.default).describe(`ads per page (1-${PAGE.max}, default ${PAGE.default})`);
export const cursor = cursorParam(
  MAX_CURSOR_LENGTH,
  'pagination.cursor of a previous answer to the same query (the same domain or advertiser_id, region and format)',
);
