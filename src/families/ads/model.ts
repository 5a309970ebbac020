import { z } from 'zod';

/**
 * The unified type the ads family adds: one ad (a "creative") of an advertising library.
 * Null means "not in the platform's answer" (a single ad's answer has no first-shown time), never
 * zero; arrays are never null. Previews are URLs on the platform's own media hosts, passed on
 * as given and never fetched by the gateway.
 */

const nullableString = z.string().nullable();
/** A count or an id the platform gives as a whole number (GraphQL Int). */
const whole = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

export const adFormatSchema = z.enum(['text', 'image', 'video', 'unknown']).meta({
  id: 'AdFormat',
  description: "An ad's format as the platform codes it; unknown for a code it has not used before.",
  'x-enumDescriptions': {
    text: 'a text ad (archived as a rendered image: the preview does not tell the format)',
    image: 'an image ad',
    video: 'a video ad',
    unknown: 'a format code the gateway does not know',
  },
});
export type AdFormat = z.infer<typeof adFormatSchema>;

export const adVariantSchema = z
  .object({
    imageUrl: nullableString.describe('the archived image of this variant (src of its <img> preview); null when it has none'),
    previewUrl: nullableString.describe("the platform's script preview of this variant (content.js URL); null when it has none"),
  })
  .meta({ id: 'AdVariant', description: 'One variant of an ad as the platform previews it.' });

export const adSchema = z
  .object({
    platform: z.string().describe('the advertising library, e.g. "google_ads"'),
    id: z.string().describe("the platform's creative id (CR followed by digits)"),
    advertiserId: z.string().describe("the advertiser's id (AR followed by digits)"),
    advertiserName: nullableString.describe("the advertiser's verified name"),
    domain: nullableString.describe('the domain searched for (domain searches only; null otherwise)'),
    format: adFormatSchema,
    firstShownAt: nullableString.describe('ISO 8601 time the ad was first shown (lists only; null for a single ad)'),
    lastShownAt: nullableString.describe('ISO 8601 time the ad was last shown'),
    daysShown: whole.nullable().describe('days on which the ad was shown (lists only; null for a single ad)'),
    regions: z.array(z.string()).describe('ISO 3166-1 alpha-2 codes of the regions it was shown in (a single ad only; [] in lists)'),
    regionIds: z.array(whole).describe("the platform's geo ids of those regions, as given, including any without an ISO code"),
    imageUrl: nullableString.describe('the archived image of the first preview that has one (not fetched by the gateway)'),
    previewUrl: nullableString.describe("the first script preview (content.js URL on the platform's media host; not fetched)"),
    variantCount: whole.nullable().describe('how many variants the ad has (a single ad only; null in lists)'),
    variants: z.array(adVariantSchema).describe('the previews of every variant (a single ad only; [] in lists)'),
    url: z.string().describe("the ad's page on the platform"),
    fetchedAt: z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)'),
  })
  .meta({ id: 'Ad', description: 'An ad of an advertising library: who ran it, in which format, where and when it was shown.' });
export type Ad = z.infer<typeof adSchema>;
