import { WEB_ORIGIN } from '../constants.js';

/**
 * One readable line and a web link per public event. Payloads differ by event type and by
 * year (newer push payloads drop `size` and `commits`), so every field is read defensively and
 * a missing one shortens the sentence instead of failing it. Types without a sentence here
 * keep their name as the summary.
 */

type Payload = Record<string, unknown>;

const record = (value: unknown): Payload | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Payload) : null;
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const branchOf = (ref: string | null) => ref?.replace(/^refs\/(heads|tags)\//, '') ?? null;

/** " #12: Title" for an issue or pull request object, as much as it carries. */
function numbered(item: Payload | null, fallbackNumber?: unknown): string {
  const number = count(item?.number) ?? count(fallbackNumber);
  const title = text(item?.title);
  return `${number === null ? '' : ` #${number}`}${title === null ? '' : `: ${title}`}`;
}

export interface EventReading {
  summary: string;
  url: string | null;
}

export function readEvent(type: string, payload: Payload | null, repoFullName: string | null): EventReading {
  const p = payload ?? {};
  const repoUrl = repoFullName === null ? null : `${WEB_ORIGIN}/${repoFullName}`;
  const action = text(p.action);
  switch (type) {
    case 'PushEvent': {
      const branch = branchOf(text(p.ref));
      const commits = count(p.size) ?? count(p.distinct_size) ?? (Array.isArray(p.commits) ? p.commits.length : null);
      const before = text(p.before);
      const head = text(p.head);
      const what = commits === null ? 'pushed' : `pushed ${plural(commits, 'commit')}`;
      return {
        summary: `${what}${branch === null ? '' : ` to ${branch}`}`,
        url:
          repoUrl !== null && before !== null && head !== null
            ? `${repoUrl}/compare/${before.slice(0, 12)}...${head.slice(0, 12)}`
            : repoUrl,
      };
    }
    case 'CreateEvent': {
      const refType = text(p.ref_type) ?? 'ref';
      const ref = text(p.ref);
      if (refType === 'repository' || ref === null) return { summary: `created repository ${repoFullName ?? ''}`.trim(), url: repoUrl };
      return { summary: `created ${refType} ${ref}`, url: repoUrl === null ? null : `${repoUrl}/tree/${encodeURIComponent(ref)}` };
    }
    case 'DeleteEvent':
      return { summary: `deleted ${text(p.ref_type) ?? 'ref'} ${text(p.ref) ?? ''}`.trim(), url: repoUrl };
    case 'IssuesEvent': {
      const issue = record(p.issue);
      return { summary: `${action ?? 'updated'} issue${numbered(issue)}`, url: text(issue?.html_url) ?? repoUrl };
    }
    case 'IssueCommentEvent': {
      const issue = record(p.issue);
      const comment = record(p.comment);
      const noun = record(issue?.pull_request) ? 'pull request' : 'issue';
      const verb = action === null || action === 'created' ? 'commented on' : `${action} a comment on`;
      return { summary: `${verb} ${noun}${numbered(issue)}`, url: text(comment?.html_url) ?? text(issue?.html_url) ?? repoUrl };
    }
    case 'PullRequestEvent': {
      const pull = record(p.pull_request);
      const merged = action === 'closed' && (pull?.merged === true || text(pull?.merged_at) !== null);
      return {
        summary: `${merged ? 'merged' : (action ?? 'updated')} pull request${numbered(pull, p.number)}`,
        url: text(pull?.html_url) ?? repoUrl,
      };
    }
    case 'ForkEvent': {
      const forkee = record(p.forkee);
      const fork = text(forkee?.full_name);
      return {
        summary: `forked ${repoFullName ?? 'a repository'}${fork === null ? '' : ` to ${fork}`}`,
        url: text(forkee?.html_url) ?? (fork === null ? repoUrl : `${WEB_ORIGIN}/${fork}`),
      };
    }
    case 'WatchEvent':
      return { summary: `starred ${repoFullName ?? 'a repository'}`, url: repoUrl };
    case 'ReleaseEvent': {
      const release = record(p.release);
      const name = text(release?.name) ?? text(release?.tag_name);
      return { summary: `${action ?? 'published'} release${name === null ? '' : ` ${name}`}`, url: text(release?.html_url) ?? repoUrl };
    }
    case 'PublicEvent':
      return { summary: `made ${repoFullName ?? 'a repository'} public`, url: repoUrl };
    case 'MemberEvent': {
      const member = text(record(p.member)?.login);
      return { summary: `${action ?? 'added'} ${member ?? 'a member'} as a collaborator`, url: repoUrl };
    }
    case 'GollumEvent': {
      const pages = Array.isArray(p.pages) ? p.pages.map(record).filter((page): page is Payload => page !== null) : [];
      const first = pages[0];
      if (pages.length === 1 && first)
        return {
          summary: `${text(first.action) ?? 'edited'} wiki page ${text(first.title) ?? text(first.page_name) ?? ''}`.trim(),
          url: text(first.html_url) ?? repoUrl,
        };
      return { summary: `updated ${plural(pages.length, 'wiki page')}`, url: repoUrl === null ? null : `${repoUrl}/wiki` };
    }
    default:
      return { summary: type, url: repoUrl };
  }
}
