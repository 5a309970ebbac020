import type { z } from 'zod';
import { productSchema } from './commerce.js';
import { commentSchema, creatorSchema, postSchema, transcriptSchema } from './content.js';

/**
 * The platform-neutral resource types every family may return. A family adds its own types
 * (`FamilyDefinition.resources`); the catalogue indexes both by their zod `id`.
 */
export const contentResources: readonly z.ZodObject[] = [postSchema, commentSchema, creatorSchema, transcriptSchema, productSchema];
