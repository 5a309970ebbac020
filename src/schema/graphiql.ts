import type { GraphiQLOptions } from 'graphql-yoga';

/**
 * GraphiQL as the gateway serves it on GET /graphql: rendered from the bundled
 * @graphql-yoga/render-graphiql (no CDN, so it works offline), opened on example operations,
 * with the `x-api-key` header in place for the caller to fill in (the demo fills in its key).
 */

export interface GraphiQLSettings {
  /** Prefilled as the x-api-key header (the demo's key); empty otherwise. */
  apiKey?: string;
  /** The community the example operations read. */
  exampleSubreddit?: string;
  /** intervalSeconds of the watch example: SUBSCRIPTION_MIN_INTERVAL_SECONDS (60 unless configured). */
  watchIntervalSeconds?: number;
}

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

const WATCH_OPERATION = (subreddit: string, intervalSeconds: number) => `# A live view: the first result at once, then the posts again each time they change (SSE).
subscription WatchSubreddit {
  watchForumSubreddit(subreddit: "${subreddit}", intervalSeconds: ${intervalSeconds}, limit: 3) {
    items { title likeCount }
    fetchedAt
  }
}
`;

/** The options passed to Yoga's `graphiql`. */
export function graphiqlOptions(settings: GraphiQLSettings = {}): GraphiQLOptions {
  const subreddit = settings.exampleSubreddit ?? 'typescript';
  const headers = JSON.stringify({ 'x-api-key': settings.apiKey ?? '' }, null, 2);
  return {
    title: 'Public data gateway',
    headers,
    defaultTabs: [
      { query: subredditWithAuthorsQuery(subreddit), headers },
      { query: THREAD_QUERY(subreddit), headers },
      { query: WATCH_OPERATION(subreddit, settings.watchIntervalSeconds ?? 60), headers },
      { query: JOB_OPERATIONS(subreddit), headers, variables: JSON.stringify({ id: 'paste a job id' }, null, 2) },
    ],
    defaultEditorToolsVisibility: 'headers',
    // Subscriptions travel over SSE (distinct connections), the way the gateway streams them.
    subscriptionsProtocol: 'SSE',
  };
}

/**
 * Yoga's `renderGraphiQL`: the page with GraphiQL's scripts and styles inlined. The bundle
 * costs about 30 MB of heap once loaded, so it is loaded when a browser first asks for the
 * page, not by every gateway process at start (most never serve GraphiQL).
 */
export async function renderGraphiQL(options: GraphiQLOptions): Promise<string> {
  const { renderGraphiQL: render } = await import('@graphql-yoga/render-graphiql');
  return render(options);
}
