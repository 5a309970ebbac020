import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import { PAGE_LIMIT, QA_PLATFORM } from './constants.js';

/** `{site}:{number}` split into the parameters of a qa endpoint; null for anything else. */
export function siteParamsOf(id: unknown): { site: string; id: string } | null {
  if (typeof id !== 'string') return null;
  const match = /^([a-z0-9.-]{2,60}):([1-9][0-9]{0,11})$/.exec(id);
  return match ? { site: match[1]!, id: match[2]! } : null;
}

const keyOf = (id: unknown): string | null => (siteParamsOf(id) === null ? null : (id as string));
const paramsOf = (key: string): Record<string, unknown> => ({ ...siteParamsOf(key) });

/**
 * The qa graph beyond REST: a question's or answer's author, a question's answers and a user's
 * questions. Each is a pipeline call billed like REST, through per-request loaders, so one query
 * reads each user once however many of their posts it shows.
 */
export function qaEdges(kit: EdgeKit): EdgeDefinition[] {
  const user = kit.endpoint('/v1/qa/user');
  const answers = kit.endpoint('/v1/qa/question/answers');
  const questions = kit.endpoint('/v1/qa/user/questions');
  const loadUser = kit.loadSingles(user, paramsOf);
  const creator = { kind: 'single', type: 'Creator' } as const;
  const authorKey = (item: Resource) => keyOf(item.authorId);
  return [
    {
      on: 'Post',
      field: 'author',
      platform: QA_PLATFORM,
      returns: creator,
      upstreamCost: kit.cost(user),
      description: "The question's author (1 credit per distinct author, through /v1/qa/user); null for a deleted account.",
      key: authorKey,
      load: loadUser,
    },
    {
      on: 'Comment',
      field: 'author',
      platform: QA_PLATFORM,
      returns: creator,
      upstreamCost: kit.cost(user),
      description: "The answer's author (1 credit per distinct author, through /v1/qa/user); null for a deleted account.",
      key: authorKey,
      load: loadUser,
    },
    {
      on: 'Post',
      field: 'comments',
      platform: QA_PLATFORM,
      returns: { kind: 'list', type: 'Comment' },
      upstreamCost: kit.cost(answers),
      description: "The question's answers, first page (1 credit, through /v1/qa/question/answers with its defaults).",
      key: (post) => keyOf(post.id),
      load: kit.loadLists(answers, paramsOf),
    },
    {
      on: 'Creator',
      field: 'posts',
      platform: QA_PLATFORM,
      returns: { kind: 'list', type: 'Post' },
      limit: PAGE_LIMIT,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...PAGE_LIMIT } },
      description: "The user's questions, newest first (1 credit, through /v1/qa/user/questions).",
      key: (account, { limit }) => (keyOf(account.id) === null ? null : `${String(account.id)}|${limit ?? PAGE_LIMIT.default}`),
      load: kit.loadLists(questions, (key) => {
        const at = key.lastIndexOf('|');
        return { ...siteParamsOf(key.slice(0, at)), limit: Number(key.slice(at + 1)) };
      }),
    },
  ];
}
