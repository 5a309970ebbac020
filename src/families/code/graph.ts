import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import {
  commentAuthor,
  keyField,
  list,
  postAuthor,
  postComments,
  single,
  throughList,
  throughPage,
} from '../../catalogue/standard-edges.js';
import { CODE_PLATFORM } from './constants.js';

/**
 * The code graph beyond REST: a repository's owner and issues, an account's repositories and
 * activity, an issue's author and comments; each one upstream call billed like REST.
 */
export function codeEdges(kit: EdgeKit): EdgeDefinition[] {
  const user = kit.endpoint('/v1/code/user');
  // One loader for owners and authors alike, so a query reads each account once.
  const throughUser = { upstreamCost: kit.cost(user), load: kit.loadSingles(user, (username) => ({ username })) };
  const platform = CODE_PLATFORM;
  const byAccount = (username: string, limit: number) => ({ username, limit });

  return [
    single('Repository', 'owner', 'Creator', {
      platform,
      description: "The repository's owner, a person or an organisation (1 credit per distinct owner, through /v1/code/user).",
      key: keyField('ownerHandle'),
      ...throughUser,
    }),
    list('Repository', 'issues', 'Post', {
      platform,
      description: 'Open issues and pull requests, newest first (1 credit, through /v1/code/repo/issues with its defaults and `limit`).',
      ...throughPage(kit, kit.endpoint('/v1/code/repo/issues'), {
        keyOf: keyField('fullName'),
        params: (repo, limit) => ({ repo, limit }),
      }),
    }),
    list('Creator', 'repos', 'Repository', {
      platform,
      description: "The account's public repositories, recently updated first (1 credit, through /v1/code/user/repos).",
      ...throughPage(kit, kit.endpoint('/v1/code/user/repos'), { keyOf: keyField('handle'), params: byAccount }),
    }),
    list('Creator', 'activity', 'ActivityEvent', {
      platform,
      description: "The account's public events, newest first (1 credit, through /v1/code/user/activity).",
      ...throughPage(kit, kit.endpoint('/v1/code/user/activity'), { keyOf: keyField('handle'), params: byAccount }),
    }),
    postAuthor({
      platform,
      description: "The issue's author (1 credit per distinct author, through /v1/code/user).",
      key: keyField('authorHandle'),
      ...throughUser,
    }),
    postComments({
      platform,
      description: "The first page of the issue's comments (1 credit, through /v1/code/issue/comments).",
      key: keyField('url'),
      ...throughList(kit, kit.endpoint('/v1/code/issue/comments'), 'url'),
    }),
    commentAuthor({
      platform,
      description: "The comment's author (1 credit per distinct author, through /v1/code/user).",
      key: keyField('authorHandle'),
      ...throughUser,
    }),
  ];
}
