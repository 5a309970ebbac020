/**
 * The typed client in use: a community's posts with their authors in one GraphQL request,
 * then a live subscription (over SSE) that re-sends the posts whenever they change.
 *
 *   npm run demo                                   # in one terminal
 *   npx tsx examples/subreddit-with-authors.ts     # in another (or: npm run example)
 *
 * Against a live gateway: GATEWAY_URL=https://… GATEWAY_API_KEY=sk_live_… SUBREDDIT=typescript
 * WATCH_INTERVAL_SECONDS=60 (a live gateway's lowest interval). WATCH_EVENTS is how many
 * events to print before leaving (default 2: the first result, then the first change).
 */
import { createGatewayClient, SubredditWithAuthorsDocument, WatchSubredditDocument } from 'public-data-gateway/client';

const url = process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000';
const apiKey = process.env.GATEWAY_API_KEY ?? 'sk_demo_first_hour_0001';
const subreddit = process.env.SUBREDDIT ?? 'balconygardens';
const intervalSeconds = Number(process.env.WATCH_INTERVAL_SECONDS ?? 5);
const events = Number(process.env.WATCH_EVENTS ?? 2);

const say = (line: string) => process.stdout.write(`${line}\n`);
const client = createGatewayClient({ url, apiKey });

const { data, extensions } = await client.query(SubredditWithAuthorsDocument, { subreddit, limit: 5 });
say(`r/${subreddit}: ${data.forumSubreddit.items.length} posts (${extensions.billing?.creditsCharged ?? '?'} credits)`);
for (const post of data.forumSubreddit.items) {
  const author = post.author ? `u/${post.author.handle} (${post.author.followerCount ?? '?'} followers)` : '[deleted]';
  say(`  ${String(post.likeCount ?? '?').padStart(5)}  ${post.title ?? '(untitled)'}  by ${author}`);
}

say(`\nWatching r/${subreddit} every ${intervalSeconds} s for ${events} event(s)...`);
let seen = 0;
for await (const event of client.subscribe(WatchSubredditDocument, { subreddit, intervalSeconds, limit: 5 })) {
  seen += 1;
  const top = event.watchForumSubreddit.items[0];
  say(`  event ${seen} at ${event.watchForumSubreddit.fetchedAt}: top post "${top?.title ?? '-'}" has ${top?.likeCount ?? '?'} points`);
  if (seen >= events) break;
}
client.dispose();
