import { z } from 'zod';

/**
 * Lenient zod shapes of the AppView's views (lexicon app.bsky.actor.defs, app.bsky.feed.defs,
 * app.bsky.graph.defs). Only what identifies a view is required; every other field is optional and
 * reads as null when absent or malformed, because answers vary with the view (counts exist only on
 * detailed profiles), the date (older answers lack quoteCount and associated) and the account.
 */

function lenient<Schema extends z.ZodType>(schema: Schema) {
  return schema.nullish().catch(null);
}

const optionalString = lenient(z.string());
const optionalCount = lenient(z.number().int().nonnegative());

export const labelSchema = z.looseObject({ val: z.string(), neg: lenient(z.boolean()) });

export const profileViewSchema = z.looseObject({
  did: z.string().min(1),
  handle: z.string().min(1),
  displayName: optionalString,
  description: optionalString,
  avatar: optionalString,
  banner: optionalString,
  website: optionalString,
  followersCount: optionalCount,
  followsCount: optionalCount,
  postsCount: optionalCount,
  createdAt: optionalString,
  labels: lenient(z.array(lenient(labelSchema))),
  associated: lenient(z.looseObject({ labeler: lenient(z.boolean()) })),
  verification: lenient(z.looseObject({ verifiedStatus: optionalString, trustedVerifierStatus: optionalString })),
  pinnedPost: lenient(z.looseObject({ uri: optionalString })),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

const facetSchema = z.looseObject({
  index: z.looseObject({ byteStart: z.number().int().nonnegative(), byteEnd: z.number().int().nonnegative() }),
  features: z.array(z.looseObject({ $type: optionalString, tag: optionalString, did: optionalString })),
});
export type Facet = z.infer<typeof facetSchema>;

export const postRecordSchema = z.looseObject({
  text: optionalString,
  createdAt: optionalString,
  langs: lenient(z.array(z.string())),
  facets: lenient(z.array(lenient(facetSchema))),
});

export const postViewSchema = z.looseObject({
  uri: z.string().startsWith('at://'),
  author: profileViewSchema,
  record: postRecordSchema,
  embed: z.unknown().optional(),
  replyCount: optionalCount,
  repostCount: optionalCount,
  likeCount: optionalCount,
  quoteCount: optionalCount,
  indexedAt: optionalString,
});
export type PostView = z.infer<typeof postViewSchema>;

export const feedItemSchema = z.looseObject({
  post: postViewSchema,
  reply: z.unknown().optional(),
  reason: lenient(z.looseObject({ $type: optionalString, by: lenient(profileViewSchema) })),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedPageSchema = z.looseObject({ feed: z.array(z.unknown()), cursor: optionalString });
export const followersPageSchema = z.looseObject({
  subject: z.unknown().optional(),
  followers: z.array(z.unknown()),
  cursor: optionalString,
});
export const actorsPageSchema = z.looseObject({ actors: z.array(z.unknown()), cursor: optionalString });

export const listPageSchema = z.looseObject({
  list: z.looseObject({
    uri: z.string(),
    name: optionalString,
    purpose: optionalString,
    description: optionalString,
    listItemCount: optionalCount,
    creator: lenient(profileViewSchema),
  }),
  items: z.array(z.unknown()),
  cursor: optionalString,
});
export const listItemSchema = z.looseObject({ uri: optionalString, subject: profileViewSchema });

export const threadAnswerSchema = z.looseObject({ thread: z.looseObject({ $type: optionalString }) });
export const postsAnswerSchema = z.looseObject({ posts: z.array(z.unknown()) });
export const resolvedHandleSchema = z.looseObject({ did: z.string().regex(/^did:[a-z]+:[A-Za-z0-9._:%-]{1,2048}$/) });
