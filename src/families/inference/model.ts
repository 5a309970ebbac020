import { z } from 'zod';

/**
 * What /v1/detect-age-gender returns: a model's estimate about the person in a public image,
 * labelled as such. Never a fact about anyone: `isEstimate` is always true.
 */

export const genderEstimateSchema = z.enum(['female', 'male', 'unknown']).meta({
  id: 'GenderEstimate',
  description: "The provider's estimate: female, male or unknown.",
  'x-enumDescriptions': { female: 'estimated female', male: 'estimated male', unknown: 'the provider could not tell' },
});

export const ageRangeSchema = z
  .object({
    min: z.number().int().min(0).max(130).describe('lower bound of the estimated age, in years'),
    max: z.number().int().min(0).max(130).describe('upper bound of the estimated age, in years'),
  })
  .meta({ id: 'AgeRange', description: 'An estimated age range in whole years (min <= max).' });

export const ageGenderEstimateSchema = z
  .object({
    imageUrl: z.string().describe('the image the estimate is about, as given'),
    ageRange: ageRangeSchema,
    gender: genderEstimateSchema,
    confidence: z.number().min(0).max(1).describe("the provider's confidence in this estimate, 0 to 1"),
    model: z.string().describe("the provider's model name and version"),
    isEstimate: z.boolean().describe('always true: a model estimate, not a fact about the person'),
    fetchedAt: z.string().describe('ISO 8601 time the provider answered'),
  })
  .meta({
    id: 'AgeGenderEstimate',
    description: "A model's estimate of the age range and gender of the person in an image (experimental).",
  });

export type AgeGenderEstimate = z.infer<typeof ageGenderEstimateSchema>;
