import type { IssueRef, RepoRef } from '../input/refs.js';
import { apiUrl } from '../upstream/github.js';

/** API URLs of a repository and its issues, from checked references. */

const repoPath = (ref: RepoRef) => `/repos/${encodeURIComponent(ref.owner)}/${encodeURIComponent(ref.name)}`;

export const repoApiUrl = (ref: RepoRef): string => apiUrl(repoPath(ref));

export const issuesApiUrl = (ref: RepoRef, query: Record<string, string | number | undefined>): string =>
  apiUrl(`${repoPath(ref)}/issues`, query);

export const issueApiUrl = (ref: IssueRef): string => apiUrl(`${repoPath(ref)}/issues/${ref.number}`);

export const issueCommentsApiUrl = (ref: IssueRef, query: Record<string, string | number | undefined>): string =>
  apiUrl(`${repoPath(ref)}/issues/${ref.number}/comments`, query);
