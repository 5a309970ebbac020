import type { EdgeDefinition, EdgeKit, EdgeLoad, EdgeValue } from '../../catalogue/edge.js';
import { RAW, type Resource } from '../../catalogue/resource.js';
import {
  commentAuthor,
  creatorPosts,
  keyField,
  postAuthor,
  postComments,
  single,
  textOf,
  throughList,
  throughPage,
  throughSingle,
} from '../../catalogue/standard-edges.js';
import { NEWS_PLATFORM } from './constants.js';

/**
 * Keys of Post.linkedRepository: the repository itself when the link is known (the canonical
 * parameters of /v1/code/repo, so two links to one repository share one load), else the item to
 * read the link from.
 */
const REPO_KEY = 'repo:';
const ITEM_KEY = 'item:';

/**
 * The story's link when the post says it: its linkUrl (null for a post without a link), or the raw
 * payload's link. A post normalised before posts carried linkUrl (an older cache entry) says neither.
 */
function knownLink(post: Resource): { link: string | null } | null {
  if (typeof post.linkUrl === 'string' || post.linkUrl === null) return { link: textOf(post.linkUrl) };
  const raw = post[RAW] as { link?: unknown } | null | undefined;
  return raw && typeof raw === 'object' && 'link' in raw ? { link: textOf(raw.link) } : null;
}

/**
 * The repository a story's link names, as the canonical parameters of /v1/code/repo in JSON: the
 * code family's own URL forms and parser read the link, so any page under a repository names it and
 * the site's other pages name none. Null for any other link, without a request.
 */
function repoParamsOf(kit: EdgeKit, link: string | null): string | null {
  const params = link === null ? null : kit.paramsForUrl(kit.endpoint('/v1/code/repo'), link);
  return params === null ? null : JSON.stringify(params);
}

/**
 * Post.linkedRepository: the repository through the code family's /v1/code/repo when the story's
 * link is a repository page. A post that does not say its link is read again through
 * /v1/news/item (free when cached) first.
 */
function linkedRepositoryLoad(kit: EdgeKit): EdgeLoad {
  const loadItems = kit.loadSingles(kit.endpoint('/v1/news/item'), (id) => ({ id, include_raw: true }));
  const loadRepos = kit.loadSingles(kit.endpoint('/v1/code/repo'), (params) => JSON.parse(params) as Record<string, unknown>);
  return async (keys, context) => {
    const itemKeys = keys.filter((key) => key.startsWith(ITEM_KEY));
    const items = new Map<string, EdgeValue>();
    (
      await loadItems(
        itemKeys.map((key) => key.slice(ITEM_KEY.length)),
        context,
      )
    ).forEach((value, index) => items.set(itemKeys[index]!, value));
    const repoOf = (key: string): string | Error | null => {
      if (key.startsWith(REPO_KEY)) return key.slice(REPO_KEY.length);
      const item = items.get(key);
      if (item instanceof Error) return item;
      if (!item || 'items' in item) return null;
      return repoParamsOf(kit, knownLink(item as Resource)?.link ?? null);
    };
    const wanted = keys.map(repoOf);
    const names = [...new Set(wanted.filter((each): each is string => typeof each === 'string'))];
    const repos = new Map<string, EdgeValue>();
    (await loadRepos(names, context)).forEach((value, index) => repos.set(names[index]!, value));
    return wanted.map((each) => (typeof each === 'string' ? (repos.get(each) ?? null) : each));
  };
}

/**
 * The news graph beyond REST: an item's author and comments, a user's stories, and a story's
 * GitHub repository (cross-family). Each is a pipeline call billed like REST, through
 * per-request loaders, so one query reads each user and each item once.
 */
export function newsEdges(kit: EdgeKit): EdgeDefinition[] {
  const user = kit.endpoint('/v1/news/user');
  // One loader for post and comment authors alike, so a query reads each user once.
  const throughUser = throughSingle(kit, user, 'username');
  const platform = NEWS_PLATFORM;

  return [
    postAuthor({
      platform,
      description: "The item's author (1 credit per distinct author, through /v1/news/user).",
      key: keyField('authorHandle'),
      ...throughUser,
    }),
    postComments({
      platform,
      description: "The item's comment tree in reading order (1 credit, through /v1/news/item/comments with its defaults).",
      key: keyField('id'),
      ...throughList(kit, kit.endpoint('/v1/news/item/comments'), 'id'),
    }),
    single('Post', 'linkedRepository', 'Repository', {
      platform,
      upstreamCost: { fetches: 2 },
      description:
        "The GitHub repository the story's linkUrl points at (through the code family's /v1/code/repo, billed as that endpoint); null for any other link.",
      key: (post) => {
        const known = knownLink(post);
        if (known === null) return textOf(post.id) === null ? null : `${ITEM_KEY}${String(post.id)}`;
        const repo = repoParamsOf(kit, known.link);
        return repo === null ? null : `${REPO_KEY}${repo}`;
      },
      load: linkedRepositoryLoad(kit),
    }),
    creatorPosts({
      platform,
      description: "The user's stories, newest first (1 credit, through /v1/news/user/submissions).",
      ...throughPage(kit, kit.endpoint('/v1/news/user/submissions'), {
        keyOf: keyField('handle'),
        params: (username, limit) => ({ username, kind: 'story', limit }),
      }),
    }),
    commentAuthor({
      platform,
      description: "The comment's author (1 credit per distinct author, through /v1/news/user); null on a removed comment.",
      key: keyField('authorHandle'),
      ...throughUser,
    }),
  ];
}
