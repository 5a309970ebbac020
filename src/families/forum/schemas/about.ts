import { z } from 'zod';
import { lenient } from './lenient.js';

/** A t5 community from /r/{name}/about.json. */
export const subredditDataSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+$/),
  display_name: z.string(),
  url: lenient(z.string()),
  title: lenient(z.string()),
  public_description: lenient(z.string()),
  subscribers: lenient(z.number()),
  active_user_count: lenient(z.number()),
  accounts_active: lenient(z.number()),
  subreddit_type: lenient(z.string()),
  created_utc: lenient(z.number()),
  community_icon: lenient(z.string()),
  icon_img: lenient(z.string()),
  banner_background_image: lenient(z.string()),
  banner_img: lenient(z.string()),
  mobile_banner_image: lenient(z.string()),
  advertiser_category: lenient(z.string()),
  over18: lenient(z.boolean()),
  quarantine: lenient(z.boolean()),
});
export type SubredditData = z.output<typeof subredditDataSchema>;

/** The profile community embedded in a t2 account. */
const profileSubredditSchema = z.object({
  title: lenient(z.string()),
  public_description: lenient(z.string()),
  subscribers: lenient(z.number()),
  banner_img: lenient(z.string()),
  icon_img: lenient(z.string()),
});

/**
 * A t2 account from /user/{name}/about.json. A suspended account comes back as a stub
 * with `name` and `is_suspended: true` and no id, so id is checked after that flag.
 */
export const userDataSchema = z.object({
  name: z.string(),
  id: lenient(z.string().regex(/^[a-z0-9]+$/)),
  is_suspended: lenient(z.boolean()),
  created_utc: lenient(z.number()),
  icon_img: lenient(z.string()),
  snoovatar_img: lenient(z.string()),
  verified: lenient(z.boolean()),
  is_employee: lenient(z.boolean()),
  link_karma: lenient(z.number()),
  comment_karma: lenient(z.number()),
  total_karma: lenient(z.number()),
  awarder_karma: lenient(z.number()),
  awardee_karma: lenient(z.number()),
  subreddit: lenient(profileSubredditSchema),
});
export type UserData = z.output<typeof userDataSchema>;
