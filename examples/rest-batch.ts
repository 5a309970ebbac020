/**
 * The REST API with types generated from /openapi.json (openapi-typescript + openapi-fetch):
 * queue a batch, poll it page by page with `cursor`, then read a data endpoint's `raw`.
 *
 *   npm run demo                       # in one terminal
 *   npx tsx examples/rest-batch.ts     # in another
 *
 * Against a live gateway: GATEWAY_URL=https://… GATEWAY_API_KEY=sk_live_… SUBREDDITS=typescript,node
 * Regenerate the types after the API changes: npm run openapi:types
 */
import createClient from 'openapi-fetch';
import type { paths } from './rest-api.js';

const baseUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000';
const apiKey = process.env.GATEWAY_API_KEY ?? 'sk_demo_first_hour_0001';
const subreddits = (process.env.SUBREDDITS ?? 'balconygardens,sourdoughlab').split(',');

const say = (line: string) => process.stdout.write(`${line}\n`);
const client = createClient<paths>({ baseUrl, headers: { 'x-api-key': apiKey } });

// 1. Queue one target per community; the Idempotency-Key makes a retried POST return the same batch.
const created = await client.POST('/v1/jobs/batch', {
  params: { header: { 'Idempotency-Key': `example-${subreddits.join('+')}-${new Date().toISOString().slice(0, 13)}` } },
  body: { endpoint: '/v1/forum/subreddit', targets: subreddits.map((subreddit) => ({ subreddit, limit: 5 })) },
});
if (created.error) throw new Error(`batch refused: ${created.error.error.code} ${created.error.error.message}`);
const batch = created.data.data;
say(`batch ${batch.id}: ${batch.total ?? 0} targets, ${batch.status}`);

// 2. Poll until it finishes, then read every page of results through pagination.cursor.
let status = batch.status;
while (status === 'queued' || status === 'running') {
  await new Promise((resolve) => setTimeout(resolve, 250));
  const polled = await client.GET('/v1/jobs/{id}', { params: { path: { id: batch.id }, query: { limit: 1 } } });
  if (polled.error) throw new Error(`poll failed: ${polled.error.error.code}`);
  status = polled.data.data.status;
}
let cursor: string | undefined;
do {
  const page = await client.GET('/v1/jobs/{id}', {
    params: { path: { id: batch.id }, query: { limit: 1, ...(cursor === undefined ? {} : { cursor }) } },
  });
  if (page.error) throw new Error(`page failed: ${page.error.error.code}`);
  const job = page.data.data;
  for (const target of job.results ?? []) {
    const result = target.result;
    const outcome = result === null ? 'not finished' : result.success ? 'ok' : `failed: ${result.error.code}`;
    say(`  #${target.index} ${JSON.stringify(target.params)}: ${target.status}, ${target.creditsCharged} credit(s), ${outcome}`);
  }
  cursor = job.pagination?.hasMore ? (job.pagination.cursor ?? undefined) : undefined;
} while (cursor !== undefined);

// 3. One data endpoint with include_raw: the items are typed, and so are the raw fields its docs name.
const comments = await client.GET('/v1/forum/post/comments', {
  params: { query: { url: process.env.POST_URL ?? 'bg0001', include_raw: true, limit: 10 } },
});
if (comments.error) throw new Error(`comments failed: ${comments.error.error.code}`);
const { data, meta, raw } = comments.data;
say(`${data.items.length} comments loaded (${meta.creditsCharged} credit(s)); the post has ${raw?.totalComments ?? '?'} in all`);
for (const comment of data.items.slice(0, 3)) say(`  ${comment.authorHandle ?? '[deleted]'}: ${(comment.text ?? '').slice(0, 60)}`);
