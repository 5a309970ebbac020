/**
 * Synthetic Mastodon API entities for the demo world and the family's tests: two invented
 * instances under example.net and example.org, accounts named for what they show (`quiet` opted
 * out of indexing, `shy` not discoverable), in the shape Mastodon serves them.
 */

export type Json = Record<string, unknown>;

export const HOME = 'one.example.net';
export const OTHER_HOME = 'two.example.org';

/** A stable numeric local id for a name (ids are per server: a name gives another id on each). */
export function localId(name: string, host: string): string {
  let hash = 7;
  for (const char of `${host}/${name}`) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_007;
  return String(100_000_000 + hash);
}

/** Account ids handed out, read back by the fake's statuses route (bounded: cleared when full). */
const usernames = new Map<string, string>();
const MAX_REMEMBERED = 10_000;

/** The username of an account id this module made, on any host. */
export const usernameOfId = (id: string): string | undefined => usernames.get(id);

/** An account as `host` serves it: local when its home is `host`, else with its domain in `acct`. */
export function accountOn(host: string, username: string, home = host): Json {
  const local = home === host;
  const id = localId(`@${username}@${home}`, host);
  if (usernames.size >= MAX_REMEMBERED) usernames.clear();
  usernames.set(id, username);
  return {
    id,
    username,
    acct: local ? username : `${username}@${home}`,
    display_name: `${username[0]!.toUpperCase()}${username.slice(1)} Example`,
    locked: false,
    bot: username.startsWith('bot'),
    group: false,
    discoverable: !username.startsWith('shy'),
    indexable: !username.startsWith('quiet'),
    created_at: '2023-03-01T00:00:00.000Z',
    note: `<p>Synthetic account on <a href="https://${home}/" rel="nofollow noopener" target="_blank"><span class="invisible">https://</span><span class="">${home}</span><span class="invisible"></span></a></p>`,
    url: `https://${home}/@${username}`,
    uri: `https://${home}/users/${username}`,
    avatar: `https://files.${home}/avatars/${username}.png`,
    header: `https://${home}/headers/original/missing.png`,
    followers_count: 42,
    following_count: 7,
    statuses_count: 3,
    fields: [],
    emojis: [],
    // Sent only for the answering server's own accounts.
    ...(local ? { noindex: username.startsWith('quiet') } : {}),
    ...(username.startsWith('gone') ? { suspended: true } : {}),
  };
}

export interface StatusOptions {
  home?: string;
  inReplyTo?: string | null;
  text?: string;
  warning?: string;
  tags?: string[];
  media?: number;
  createdAt?: string;
}

/** A status by `username` with key `key`, as `host` serves it. */
export function statusOn(host: string, username: string, key: string, options: StatusOptions = {}): Json {
  const home = options.home ?? host;
  const homeId = localId(`${username}@${home}/${key}`, home);
  const tags = options.tags ?? [];
  return {
    id: localId(`${username}@${home}/${key}`, host),
    created_at: options.createdAt ?? '2025-07-10T09:30:00.000Z',
    in_reply_to_id: options.inReplyTo ?? null,
    sensitive: options.warning !== undefined,
    spoiler_text: options.warning ?? '',
    visibility: 'public',
    language: 'en',
    uri: `https://${home}/users/${username}/statuses/${homeId}`,
    url: `https://${home}/@${username}/${homeId}`,
    replies_count: 1,
    reblogs_count: 2,
    favourites_count: 3,
    content: `<p>${options.text ?? `Post ${key} by ${username}`}${tags.map((tag) => ` <a href="https://${host}/tags/${tag}" class="mention hashtag" rel="tag">#<span>${tag}</span></a>`).join('')}</p>`,
    reblog: null,
    account: accountOn(host, username, home),
    media_attachments: Array.from({ length: options.media ?? 0 }, (_, index) => ({
      id: localId(`${key}/media/${index}`, host),
      type: 'image',
      url: `https://files.${host}/media/${key}-${index}.png`,
      preview_url: `https://files.${host}/media/${key}-${index}-small.png`,
      remote_url: null,
      meta: { original: { width: 640, height: 480 } },
    })),
    mentions: [],
    tags: tags.map((name) => ({ name, url: `https://${host}/tags/${name}` })),
    emojis: [],
    quote: null,
    card: null,
    poll: null,
  };
}

/** A reblog of `original` by `username`, as `host` serves it. */
export function reblogOn(host: string, username: string, key: string, original: Json): Json {
  const id = localId(`reblog/${username}/${key}`, host);
  return {
    ...statusOn(host, username, key),
    id,
    content: '',
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    uri: `https://${host}/users/${username}/statuses/${id}/activity`,
    url: `https://${host}/users/${username}/statuses/${id}/activity`,
    reblog: original,
  };
}

export function instanceDocumentV2(host: string): Json {
  return {
    domain: host,
    title: `Synthetic ${host}`,
    version: '4.4.1',
    source_url: 'https://github.com/mastodon/mastodon',
    description: 'An invented instance of the offline demo.',
    usage: { users: { active_month: 321 } },
    thumbnail: { url: `https://files.${host}/site/thumb.png` },
    languages: ['en'],
    configuration: { statuses: { max_characters: 500 } },
    registrations: { enabled: false, approval_required: true, message: null },
    contact: { email: `staff@${host}`, account: accountOn(host, 'admin') },
    rules: [{ id: '1', text: 'Be kind.' }],
  };
}

export function instanceDocumentV1(host: string): Json {
  return {
    uri: host,
    title: `Synthetic ${host}`,
    short_description: 'An older invented instance.',
    description: '',
    email: `admin@${host}`,
    version: '3.5.19',
    stats: { user_count: 55, status_count: 1234, domain_count: 678 },
    thumbnail: `https://${host}/thumb.png`,
    languages: ['de'],
    registrations: true,
    approval_required: false,
    contact_account: accountOn(host, 'owner'),
    rules: [],
  };
}
