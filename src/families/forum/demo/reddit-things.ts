/**
 * Synthetic Reddit bodies built in code, shaped like Reddit's public JSON and Atom surfaces
 * (Listing of t3 things, t1 comment trees, t2 about pages, Atom feeds). Invented data only;
 * the demo's dataset and the tests both build their upstream answers with these.
 */

export interface SyntheticPost {
  id: string;
  author: string;
  subreddit?: string;
  title?: string;
  selftext?: string;
  score?: number;
  numComments?: number;
  /** Seconds since the epoch; default 1_700_000_000. */
  createdUtc?: number;
  /** The URL slug after the id; default "synthetic_post". */
  slug?: string;
  flair?: string;
  /** A v.redd.it video: the post becomes a hosted-video link post. */
  video?: { id: string; durationSeconds: number };
}

function redditVideo(video: { id: string; durationSeconds: number }) {
  const base = `https://v.redd.it/${video.id}`;
  return {
    reddit_video: {
      bitrate_kbps: 2400,
      fallback_url: `${base}/CMAF_720.mp4?source=fallback`,
      has_audio: true,
      height: 1280,
      width: 720,
      dash_url: `${base}/DASHPlaylist.mpd?a=1790000000%2CAbCd&v=1&f=sd`,
      duration: video.durationSeconds,
      hls_url: `${base}/HLSPlaylist.m3u8?a=1790000000%2CEfGh&v=1&f=sd`,
      is_gif: false,
      transcoding_status: 'completed',
    },
  };
}

export function t3(post: SyntheticPost) {
  const subreddit = post.subreddit ?? 'synthetic';
  const permalink = `/r/${subreddit}/comments/${post.id}/${post.slug ?? 'synthetic_post'}/`;
  const media = post.video ? redditVideo(post.video) : null;
  return {
    kind: 't3',
    data: {
      id: post.id,
      name: `t3_${post.id}`,
      subreddit,
      subreddit_name_prefixed: `r/${subreddit}`,
      subreddit_id: 't5_2qh0u',
      title: post.title ?? `Synthetic post ${post.id}`,
      selftext: post.selftext ?? '',
      author: post.author,
      author_fullname: `t2_${post.author.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
      score: post.score ?? 10,
      ups: post.score ?? 10,
      upvote_ratio: 0.9,
      num_comments: post.numComments ?? 0,
      created_utc: post.createdUtc ?? 1_700_000_000,
      permalink,
      url: post.video ? `https://v.redd.it/${post.video.id}` : `https://www.reddit.com${permalink}`,
      is_self: !post.video,
      is_video: Boolean(post.video),
      over_18: false,
      stickied: false,
      thumbnail: post.video ? 'default' : 'self',
      domain: post.video ? 'v.redd.it' : `self.${subreddit}`,
      link_flair_text: post.flair ?? null,
      view_count: null,
      media,
      secure_media: media,
      ...(post.video ? { post_hint: 'hosted:video', url_overridden_by_dest: `https://v.redd.it/${post.video.id}` } : {}),
    },
  };
}

export function listing(posts: SyntheticPost[], after: string | null = null) {
  return { kind: 'Listing', data: { after, before: null, dist: posts.length, modhash: '', geo_filter: null, children: posts.map(t3) } };
}

/** A user's about.json (t2); `profile` overrides the generated title, bio and creation time. */
export function userAbout(name: string, karma = 100, profile: { title?: string; bio?: string; createdUtc?: number } = {}) {
  return {
    kind: 't2',
    data: {
      id: name.toLowerCase().replace(/[^a-z0-9]/g, ''),
      name,
      created_utc: profile.createdUtc ?? 1_500_000_000,
      link_karma: karma,
      comment_karma: karma * 2,
      total_karma: karma * 3,
      awardee_karma: 0,
      awarder_karma: 0,
      is_suspended: false,
      verified: true,
      has_verified_email: true,
      icon_img: `https://styles.redditmedia.com/${name}.png`,
      subreddit: {
        display_name: `u_${name}`,
        title: profile.title ?? `${name} display`,
        public_description: profile.bio ?? `About ${name}`,
        subscribers: karma,
        icon_img: `https://styles.redditmedia.com/${name}.png`,
        banner_img: '',
        url: `/user/${name}/`,
        over_18: false,
      },
    },
  };
}

/** 25 posts by `authors` distinct authors, round-robin. */
export function postsByAuthors(count: number, authors: number): SyntheticPost[] {
  return Array.from({ length: count }, (_unused, index) => ({ id: `p${index.toString(36)}x`, author: `author_${index % authors}` }));
}

export interface SyntheticComment {
  id: string;
  /** Parent comment id; omitted for a top-level comment. */
  parent?: string;
  author: string;
  body?: string;
  replies?: object[];
  score?: number;
  createdUtc?: number;
}

/** A t1 comment thing on post `postId`. */
export function comment(postId: string, spec: SyntheticComment) {
  return {
    kind: 't1',
    data: {
      id: spec.id,
      name: `t1_${spec.id}`,
      parent_id: spec.parent === undefined ? `t3_${postId}` : `t1_${spec.parent}`,
      link_id: `t3_${postId}`,
      body: spec.body ?? `Comment ${spec.id}`,
      author: spec.author,
      author_fullname: `t2_${spec.author.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
      score: spec.score ?? 3,
      score_hidden: false,
      stickied: false,
      created_utc: spec.createdUtc ?? 1_700_000_100,
      replies:
        spec.replies === undefined || spec.replies.length === 0
          ? ''
          : { kind: 'Listing', data: { after: null, before: null, children: spec.replies } },
    },
  };
}

/**
 * A "more" stub: `count` comments not sent, `children` their ids (load more), or, with count
 * 0 and id "_", Reddit's "continue this thread" below the deepest comment sent.
 */
export function moreStub(postId: string, parentFullname: string, children: string[], count: number) {
  const id = children[0] ?? '_';
  return { kind: 'more', data: { count, name: `t1_${id}`, id, parent_id: parentFullname, link_id: `t3_${postId}`, children } };
}

/** A community's about.json (t5). */
export function subredditAbout(spec: {
  name: string;
  title: string;
  description: string;
  subscribers: number;
  activeUsers: number;
  createdUtc: number;
  category: string;
}) {
  const id = `t5_${spec.name.slice(0, 5).toLowerCase()}`;
  return {
    kind: 't5',
    data: {
      id: id.slice(3),
      name: id,
      display_name: spec.name,
      display_name_prefixed: `r/${spec.name}`,
      title: spec.title,
      public_description: spec.description,
      description: spec.description,
      subscribers: spec.subscribers,
      active_user_count: spec.activeUsers,
      accounts_active: spec.activeUsers,
      subreddit_type: 'public',
      created_utc: spec.createdUtc,
      community_icon: `https://styles.redditmedia.com/${id}/styles/communityIcon_${spec.name}.png?width=256&amp;s=0a1b`,
      icon_img: '',
      banner_background_image: `https://styles.redditmedia.com/${id}/styles/bannerBackgroundImage_${spec.name}.png?width=4000&amp;s=2c3d`,
      banner_img: '',
      mobile_banner_image: '',
      advertiser_category: spec.category,
      over18: false,
      quarantine: false,
      url: `/r/${spec.name}/`,
      lang: 'en',
    },
  };
}

/** A comments page: `[post Listing, comment Listing]`. */
export function thread(post: SyntheticPost, comments: object[] = []) {
  return [
    { kind: 'Listing', data: { after: null, before: null, dist: 1, children: [t3(post)] } },
    { kind: 'Listing', data: { after: null, before: null, dist: null, children: comments } },
  ];
}

export interface FeedEntry {
  id: string;
  author: string;
  subreddit?: string;
  title?: string;
  body?: string;
}

const escapeXml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A Reddit-style Atom feed of self posts (bodies between the SC_OFF/SC_ON markers). */
export function atomFeed(entries: FeedEntry[]): string {
  const items = entries.map((entry) => {
    const subreddit = entry.subreddit ?? 'synthetic';
    const permalink = `https://www.reddit.com/r/${subreddit}/comments/${entry.id}/synthetic_post/`;
    const body = entry.body === undefined ? '' : `<!-- SC_OFF --><div class="md"><p>${entry.body}</p></div><!-- SC_ON -->`;
    const content = `${body} submitted by <a href="https://www.reddit.com/user/${entry.author}"> /u/${entry.author} </a> <span><a href="${permalink}">[link]</a></span> <span><a href="${permalink}">[comments]</a></span>`;
    return [
      '  <entry>',
      `    <author><name>/u/${entry.author}</name><uri>https://www.reddit.com/user/${entry.author}</uri></author>`,
      `    <category term="${subreddit}" label="r/${subreddit}"/>`,
      `    <content type="html">${escapeXml(content)}</content>`,
      `    <id>t3_${entry.id}</id>`,
      `    <link href="${permalink}"/>`,
      '    <updated>2025-11-02T10:00:00+00:00</updated>',
      '    <published>2025-11-02T10:00:00+00:00</published>',
      `    <title>${escapeXml(entry.title ?? `Feed post ${entry.id}`)}</title>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <title>synthetic feed</title>',
    ...items,
    '</feed>',
  ].join('\n');
}
