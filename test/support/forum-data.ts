/**
 * Synthetic Reddit bodies built in code, shaped like the real recordings in
 * shared/upstream-samples/forum (Listing of t3 things, t2 about pages). Invented data only.
 */

export interface SyntheticPost {
  id: string;
  author: string;
  subreddit?: string;
  title?: string;
  selftext?: string;
  score?: number;
  numComments?: number;
}

export function t3(post: SyntheticPost) {
  const subreddit = post.subreddit ?? 'synthetic';
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
      created_utc: 1_700_000_000,
      permalink: `/r/${subreddit}/comments/${post.id}/synthetic_post/`,
      url: `https://www.reddit.com/r/${subreddit}/comments/${post.id}/synthetic_post/`,
      is_self: true,
      is_video: false,
      over_18: false,
      stickied: false,
      thumbnail: 'self',
      domain: `self.${subreddit}`,
      link_flair_text: null,
      view_count: null,
      media: null,
      secure_media: null,
    },
  };
}

export function listing(posts: SyntheticPost[], after: string | null = null) {
  return { kind: 'Listing', data: { after, before: null, dist: posts.length, modhash: '', geo_filter: null, children: posts.map(t3) } };
}

export function userAbout(name: string, karma = 100) {
  return {
    kind: 't2',
    data: {
      id: name.toLowerCase().replace(/[^a-z0-9]/g, ''),
      name,
      created_utc: 1_500_000_000,
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
        title: `${name} display`,
        public_description: `About ${name}`,
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
