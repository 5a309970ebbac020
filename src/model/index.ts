import type { z } from 'zod';
import type { ResourceTypeName } from '../catalogue/endpoint.js';
import { ageGenderEstimateSchema } from './inference.js';
import { commentSchema, creatorSchema, postSchema, transcriptSchema } from './forum.js';
import { propertyListingSchema, realEstateAgentSchema, searchResultItemSchema } from './realty.js';
import { activityEventSchema, repositorySchema } from '../families/code/model.js';

/** The resource schemas endpoints may return, by the name endpoints use in `returns.type`. */
export const resourceSchemas: Record<ResourceTypeName, z.ZodObject> = {
  Post: postSchema,
  Comment: commentSchema,
  Transcript: transcriptSchema,
  Creator: creatorSchema,
  PropertyListing: propertyListingSchema,
  RealEstateAgent: realEstateAgentSchema,
  SearchResultItem: searchResultItemSchema,
  AgeGenderEstimate: ageGenderEstimateSchema,
  Repository: repositorySchema,
  ActivityEvent: activityEventSchema,
};
