import { DEMO_ACCOUNTS, type DemoAccount, type DemoEvent, type DemoIssue, type DemoIssueComment, type DemoRepository } from './data.js';

/** The demo world in the REST API's answer shapes (current field set). */

const API = 'https://api.github.com';
const WEB = 'https://github.com';

export function accountStub(login: string): Record<string, unknown> {
  const account = DEMO_ACCOUNTS.find((each) => each.login === login);
  const id = account?.id ?? 1;
  return {
    login,
    id,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    url: `${API}/users/${login}`,
    html_url: `${WEB}/${login}`,
    type: account?.type ?? 'User',
    site_admin: false,
  };
}

export function accountBody(account: DemoAccount): Record<string, unknown> {
  const repos = account.type === 'Bot' ? 0 : 3;
  return {
    ...accountStub(account.login),
    name: account.name,
    company: null,
    blog: account.blog,
    location: account.location,
    email: null,
    bio: account.type === 'Organization' ? undefined : account.bio,
    description: account.type === 'Organization' ? account.bio : undefined,
    twitter_username: null,
    public_repos: repos,
    public_gists: 0,
    followers: account.followers,
    following: account.following,
    created_at: account.createdAt,
    updated_at: '2026-04-01T00:00:00Z',
  };
}

export function repositoryBody(repository: DemoRepository, single: boolean): Record<string, unknown> {
  const fullName = `${repository.owner}/${repository.name}`;
  return {
    id: repository.id,
    name: repository.name,
    full_name: fullName,
    private: false,
    owner: accountStub(repository.owner),
    html_url: `${WEB}/${fullName}`,
    description: repository.description === '' ? null : repository.description,
    fork: false,
    url: `${API}/repos/${fullName}`,
    homepage: repository.homepage,
    stargazers_count: repository.stars,
    watchers_count: repository.stars,
    language: repository.language,
    forks_count: repository.forks,
    archived: repository.archived,
    open_issues_count: repository.openIssues,
    license:
      repository.license === null ? null : { key: repository.license.toLowerCase(), name: repository.license, spdx_id: repository.license },
    topics: repository.topics,
    visibility: 'public',
    default_branch: 'main',
    created_at: repository.createdAt,
    updated_at: repository.pushedAt,
    pushed_at: repository.pushedAt,
    ...(single ? { subscribers_count: repository.watchers, network_count: repository.forks } : {}),
  };
}

export function issueBody(repo: string, issue: DemoIssue): Record<string, unknown> {
  const kind = issue.pull ? 'pull' : 'issues';
  return {
    url: `${API}/repos/${repo}/issues/${issue.number}`,
    html_url: `${WEB}/${repo}/${kind}/${issue.number}`,
    id: issue.id,
    number: issue.number,
    title: issue.title,
    user: accountStub(issue.author),
    labels: issue.labels.map((name, index) => ({ id: index + 1, name })),
    state: issue.state,
    locked: false,
    comments: issue.comments.length,
    created_at: issue.createdAt,
    updated_at: issue.comments.at(-1)?.createdAt ?? issue.createdAt,
    closed_at: issue.state === 'closed' ? issue.createdAt : null,
    author_association: 'MEMBER',
    body: issue.body === '' ? null : issue.body,
    reactions: { total_count: issue.comments.length, '+1': issue.comments.length },
    ...(issue.pull
      ? {
          pull_request: {
            url: `${API}/repos/${repo}/pulls/${issue.number}`,
            html_url: `${WEB}/${repo}/pull/${issue.number}`,
            merged_at: issue.state === 'closed' ? issue.createdAt : null,
          },
        }
      : {}),
  };
}

export function commentBody(repo: string, issue: DemoIssue, comment: DemoIssueComment): Record<string, unknown> {
  return {
    id: comment.id,
    html_url: `${WEB}/${repo}/${issue.pull ? 'pull' : 'issues'}/${issue.number}#issuecomment-${comment.id}`,
    issue_url: `${API}/repos/${repo}/issues/${issue.number}`,
    user: accountStub(comment.author),
    created_at: comment.createdAt,
    updated_at: comment.createdAt,
    author_association: 'MEMBER',
    body: comment.body,
    reactions: { total_count: 0, '+1': 0 },
  };
}

export function eventBody(actor: string, event: DemoEvent, index: number): Record<string, unknown> {
  return {
    id: String(3_100_000_000 - index),
    type: event.type,
    actor: { ...accountStub(actor), display_login: actor },
    repo: { name: event.repo, url: `${API}/repos/${event.repo}` },
    payload: event.payload,
    public: true,
    created_at: event.createdAt,
  };
}
