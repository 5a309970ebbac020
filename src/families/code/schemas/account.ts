import { z } from 'zod';
import { lenient, numericId, optionalBoolean, optionalCount, optionalString } from './lenient.js';

/** GET /users/{login} (and /orgs/{login}): a user, an organisation or an app's bot account. */
export const accountSchema = z.looseObject({
  login: z.string(),
  id: numericId,
  type: optionalString,
  name: optionalString,
  company: optionalString,
  blog: optionalString,
  location: optionalString,
  bio: optionalString,
  description: optionalString,
  twitter_username: optionalString,
  avatar_url: optionalString,
  html_url: optionalString,
  public_repos: optionalCount,
  public_gists: optionalCount,
  followers: optionalCount,
  following: optionalCount,
  is_verified: optionalBoolean,
  site_admin: optionalBoolean,
  hireable: optionalBoolean,
  created_at: optionalString,
  updated_at: optionalString,
  email: lenient(z.string()),
});
export type Account = z.infer<typeof accountSchema>;
