import type { GraphQLExample } from '../../catalogue/family.js';

/** The community the examples read on the live platform; the offline demo passes its own invented one. */
const LIVE_EXAMPLE_SUBREDDIT = 'typescript';

/** A subreddit's posts with each author's profile: the first thing to try. */
export function subredditWithAuthorsQuery(subreddit: string): string {
  return `# Posts of a community with their authors: one request, billed per upstream fetch
# (see extensions.billing in the result). Press the run button (or Ctrl-Enter).
query SubredditWithAuthors {
  forumSubreddit(subreddit: "${subreddit}", limit: 5) {
    items {
      id
      title
      likeCount
      commentCount
      author { handle displayName followerCount }
    }
    pagination { cursor hasMore }
  }
}
`;
}

const THREAD_QUERY = (subreddit: string) => `# The first post of a community, its community profile and a page of comments.
query PostWithComments {
  forumSubreddit(subreddit: "${subreddit}", limit: 1) {
    items {
      title
      community { displayName followerCount }
      comments { items { authorHandle text parentId } }
    }
  }
}
`;

const JOB_OPERATIONS = (subreddit: string) => `# Queue a job, copy its id, then run JobProgress with it: progress streams over SSE.
mutation QueueJob {
  createJob(endpoint: "/v1/forum/subreddit", params: { subreddit: "${subreddit}", limit: 10 }) { id status }
}

subscription JobProgress($id: ID!) {
  jobProgress(id: $id) { id status progress { total done failed } creditsCharged }
}
`;

const WATCH_OPERATION = (
  subreddit: string,
  intervalSeconds: number,
) => `# A live view: the first result at once, then the posts again each time they change (SSE).
subscription WatchSubreddit {
  watchForumSubreddit(subreddit: "${subreddit}", intervalSeconds: ${intervalSeconds}, limit: 3) {
    items { title likeCount }
    fetchedAt
  }
}
`;

/** GraphiQL's example tabs for the forum family. */
export function forumGraphQLExamples(options: { watchIntervalSeconds: number; subreddit?: string }): GraphQLExample[] {
  const subreddit = options.subreddit ?? LIVE_EXAMPLE_SUBREDDIT;
  return [
    { query: subredditWithAuthorsQuery(subreddit) },
    { query: THREAD_QUERY(subreddit) },
    { query: WATCH_OPERATION(subreddit, options.watchIntervalSeconds) },
    { query: JOB_OPERATIONS(subreddit), variables: JSON.stringify({ id: 'paste a job id' }, null, 2) },
  ];
}
