import { z } from 'zod';

/**
 * Lenient zod shapes of the Mastodon REST API's entities. Only what identifies an entity is
 * required; every other field reads as null when absent or malformed, because servers differ by
 * version (a 4.0 status has no `quote`, an account no `indexable`) and by software.
 */

function lenient<Schema extends z.ZodType>(schema: Schema) {
  return schema.nullish().catch(null);
}

const optionalString = lenient(z.string());
const optionalInt = lenient(z.number().int());
const optionalBoolean = lenient(z.boolean());

export const accountSchema = z.looseObject({
  id: z.string().min(1),
  username: optionalString,
  acct: z.string().min(1),
  display_name: optionalString,
  locked: optionalBoolean,
  bot: optionalBoolean,
  group: optionalBoolean,
  discoverable: optionalBoolean,
  noindex: optionalBoolean,
  suspended: optionalBoolean,
  created_at: optionalString,
  note: optionalString,
  url: optionalString,
  avatar: optionalString,
  header: optionalString,
  followers_count: optionalInt,
  following_count: optionalInt,
  statuses_count: optionalInt,
  fields: lenient(z.array(lenient(z.looseObject({ name: optionalString, value: optionalString })))),
});
export type Account = z.infer<typeof accountSchema>;

const attachmentSchema = z.looseObject({
  type: optionalString,
  url: optionalString,
  remote_url: optionalString,
  preview_url: optionalString,
  meta: lenient(z.looseObject({ original: lenient(z.looseObject({ duration: lenient(z.number().nonnegative()) })) })),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const ownStatusShape = {
  id: z.string().min(1),
  uri: z.string().min(1),
  url: optionalString,
  created_at: optionalString,
  in_reply_to_id: optionalString,
  sensitive: optionalBoolean,
  spoiler_text: optionalString,
  visibility: optionalString,
  content: optionalString,
  replies_count: optionalInt,
  reblogs_count: optionalInt,
  favourites_count: optionalInt,
  account: accountSchema,
  media_attachments: lenient(z.array(lenient(attachmentSchema))),
  mentions: lenient(z.array(lenient(z.looseObject({ acct: optionalString })))),
  tags: lenient(z.array(lenient(z.looseObject({ name: optionalString })))),
  card: lenient(z.looseObject({ image: optionalString })),
  poll: lenient(z.looseObject({})),
  quote: lenient(z.looseObject({ state: optionalString, quoted_status: lenient(z.looseObject({ uri: optionalString })) })),
};

/** A status that is not a reblog: what a reblog wrapper holds. */
export const originalStatusSchema = z.looseObject(ownStatusShape);
export type OriginalStatus = z.infer<typeof originalStatusSchema>;

export const statusSchema = z.looseObject({ ...ownStatusShape, reblog: lenient(originalStatusSchema) });
export type Status = z.infer<typeof statusSchema>;

export const statusListSchema = z.array(z.unknown()).max(1000);

export const contextSchema = z.looseObject({
  ancestors: lenient(z.array(z.unknown())),
  descendants: z.array(z.unknown()).max(1000),
});

export const searchSchema = z.looseObject({ accounts: z.array(z.unknown()).max(1000) });

const ruleSchema = z.looseObject({ text: optionalString });

export const instanceV2Schema = z.looseObject({
  domain: z.string().min(1),
  title: optionalString,
  version: optionalString,
  source_url: optionalString,
  description: optionalString,
  usage: lenient(z.looseObject({ users: lenient(z.looseObject({ active_month: optionalInt })) })),
  thumbnail: lenient(z.looseObject({ url: optionalString })),
  languages: lenient(z.array(z.string())),
  configuration: lenient(z.looseObject({ statuses: lenient(z.looseObject({ max_characters: optionalInt })) })),
  registrations: lenient(z.looseObject({ enabled: optionalBoolean, approval_required: optionalBoolean })),
  contact: lenient(z.looseObject({ email: optionalString, account: lenient(z.looseObject({ acct: optionalString })) })),
  rules: lenient(z.array(lenient(ruleSchema))),
});
export type InstanceV2 = z.infer<typeof instanceV2Schema>;

export const instanceV1Schema = z.looseObject({
  uri: z.string().min(1),
  title: optionalString,
  short_description: optionalString,
  description: optionalString,
  email: optionalString,
  version: optionalString,
  stats: lenient(z.looseObject({ user_count: optionalInt, status_count: optionalInt, domain_count: optionalInt })),
  thumbnail: optionalString,
  languages: lenient(z.array(z.string())),
  registrations: optionalBoolean,
  approval_required: optionalBoolean,
  configuration: lenient(z.looseObject({ statuses: lenient(z.looseObject({ max_characters: optionalInt })) })),
  contact_account: lenient(z.looseObject({ acct: optionalString })),
  rules: lenient(z.array(lenient(ruleSchema))),
});
export type InstanceV1 = z.infer<typeof instanceV1Schema>;
