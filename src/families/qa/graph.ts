import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import { commentAuthor, creatorPosts, postAuthor, postComments, throughList, throughPage } from '../../catalogue/standard-edges.js';
import { QA_PLATFORM } from './constants.js';

/** `{site}:{number}` split into the parameters of a qa endpoint; null for anything else. */
export function siteParamsOf(id: unknown): { site: string; id: string } | null {
  if (typeof id !== 'string') return null;
  const match = /^([a-z0-9.-]{2,60}):([1-9][0-9]{0,11})$/.exec(id);
  return match ? { site: match[1]!, id: match[2]! } : null;
}

/** A key read from one field of the parent: a per-site id, or null (nothing to load) for anything else. */
export const siteKey =
  (field: string) =>
  (parent: Resource): string | null =>
    siteParamsOf(parent[field]) === null ? null : (parent[field] as string);
const paramsOf = (key: string): Record<string, unknown> => ({ ...siteParamsOf(key) });

/**
 * The qa graph beyond REST: a question's or answer's author, a question's answers and a user's
 * questions. Each is a pipeline call billed like REST, through per-request loaders, so one query
 * reads each user once however many of their posts it shows.
 */
export function qaEdges(kit: EdgeKit): EdgeDefinition[] {
  const user = kit.endpoint('/v1/qa/user');
  // One loader for questions' and answers' authors alike, so a query reads each user once.
  const throughUser = { upstreamCost: kit.cost(user), load: kit.loadSingles(user, paramsOf) };
  const platform = QA_PLATFORM;
  return [
    postAuthor({
      platform,
      description: "The question's author (1 credit per distinct author, through /v1/qa/user); null for a deleted account.",
      key: siteKey('authorId'),
      ...throughUser,
    }),
    commentAuthor({
      platform,
      description: "The answer's author (1 credit per distinct author, through /v1/qa/user); null for a deleted account.",
      key: siteKey('authorId'),
      ...throughUser,
    }),
    postComments({
      platform,
      description: "The question's answers, first page (1 credit, through /v1/qa/question/answers with its defaults).",
      key: siteKey('id'),
      ...throughList(kit, kit.endpoint('/v1/qa/question/answers'), paramsOf),
    }),
    creatorPosts({
      platform,
      description: "The user's questions, newest first (1 credit, through /v1/qa/user/questions).",
      ...throughPage(kit, kit.endpoint('/v1/qa/user/questions'), {
        keyOf: siteKey('id'),
        params: (key, limit) => ({ ...siteParamsOf(key), limit }),
      }),
    }),
  ];
}
