import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callTool, connectClient } from '../../../mcp/support.js';
import { balanceOf, expectEmpty, expectError, expectPaid } from '../../../support/envelope.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { eventually, WebhookReceiver } from '../../../subscriptions/support.js';
import { createStackApi, DEMO_QUESTION, DEMO_USER, gzipped, type StackApiWorld } from '../../../../src/families/qa/demo/stack-api.js';

/**
 * The qa family over the real gateway on loopback, the Stack Exchange API a synthetic fake that
 * gzips every answer: every endpoint on REST, GraphQL (root fields and edges), MCP, jobs, batches
 * and a change subscription; billing of live, cached, empty and failed calls; bad input; the
 * request each endpoint sends; /v1/resolve over every page form.
 */

const q = encodeURIComponent;

describe('the qa family on every door', () => {
  let harness: Harness;
  let api: StackApiWorld;
  const receiver = new WebhookReceiver();
  const sent = () => harness.upstream.requests.map((request) => new URL(request.url, 'https://api.stackexchange.com'));

  beforeAll(async () => {
    await receiver.start();
    harness = await startHarness({ WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' });
  }, 60_000);
  afterAll(async () => {
    await harness.close();
    await receiver.stop();
  });
  beforeEach(() => {
    harness.upstream.reset();
    api = createStackApi();
    harness.upstream.on(api.route);
  });

  it('serves a question from its id, decoded and as text, charging a live answer and not a cache hit', async () => {
    const before = await balanceOf(harness);
    const live = await harness.get(`/v1/qa/question?id=${DEMO_QUESTION}&include_raw=true`);
    expectPaid(live, 'single');
    expect(live.body.data).toMatchObject({
      platform: 'stackexchange',
      id: `stackoverflow:${DEMO_QUESTION}`,
      type: 'text',
      title: `Why is a sorted array "faster" than an unsorted one? (#${DEMO_QUESTION})`,
      authorId: `stackoverflow:${DEMO_USER + (DEMO_QUESTION % 3)}`,
      authorHandle: null,
      authorName: `Ada O'Byte ${(DEMO_USER + (DEMO_QUESTION % 3)) % 100}`,
      hashtags: ['c#', '.net', 'arrays'],
      commentCount: 3,
      url: `https://stackoverflow.com/questions/${DEMO_QUESTION}/why-is-a-sorted-array-faster`,
    });
    expect(live.body.data.text).toBe(
      "Sorting first makes the loop faster & I don't see why.\n\nfor (int i = 0; i < n; i++) { sum += a[i]; }\n\nSee the docs.",
    );
    expect(live.body.raw).toMatchObject({ site: 'stackoverflow', acceptedAnswerId: DEMO_QUESTION * 10 + 1, license: 'CC BY-SA 4.0' });
    const [request] = sent();
    expect(request!.pathname).toBe(`/2.3/questions/${DEMO_QUESTION}`);
    expect(Object.fromEntries(request!.searchParams)).toEqual({
      site: 'stackoverflow',
      order: 'desc',
      sort: 'activity',
      filter: 'withbody',
    });
    const cached = await harness.get(`/v1/qa/question?id=${DEMO_QUESTION}&include_raw=true&cache_max_age=1h`);
    expect(cached.body.meta.creditsCharged).toBe(0);
    expect(sent()).toHaveLength(1);
    expect(await balanceOf(harness)).toBe(before - 1);
  });

  it('reads every site form as one canonical site, and an answer URL through its question', async () => {
    for (const site of ['gaming', 'gaming.stackexchange.com', 'www.gaming.stackexchange.com', 'GAMING']) {
      const user = await harness.get(`/v1/qa/user?site=${q(site)}&id=${DEMO_USER}&cache_max_age=0`);
      expect(user.body.data).toMatchObject({
        id: `gaming:${DEMO_USER}`,
        location: 'Zürich, Switzerland',
        externalLinks: [`https://example.invalid/~user${DEMO_USER}`],
      });
    }
    expect(sent().every((url) => url.searchParams.get('site') === 'gaming' && !url.searchParams.has('filter'))).toBe(true);
    harness.upstream.reset();
    harness.upstream.on(api.route);
    const byAnswer = await harness.get(
      `/v1/qa/question?url=${q(`https://meta.stackexchange.com/a/${DEMO_QUESTION * 10 + 2}/77`)}&include_raw=true`,
    );
    expectPaid(byAnswer, 'single');
    expect(byAnswer.body.data.id).toBe(`meta:${DEMO_QUESTION}`);
    expect(byAnswer.body.raw.linkedAnswerId).toBe(DEMO_QUESTION * 10 + 2);
    expect(sent().map((url) => url.pathname)).toEqual([`/2.3/answers/${DEMO_QUESTION * 10 + 2}`, `/2.3/questions/${DEMO_QUESTION}`]);
    expect(sent()[0]!.searchParams.get('site')).toBe('meta');
    const named = await harness.get(
      `/v1/qa/question?url=${q(`http://ru.stackoverflow.com/questions/${DEMO_QUESTION}/slug/${DEMO_QUESTION * 10 + 1}?x=1#y`)}&include_raw=true`,
    );
    expect(named.body.raw.linkedAnswerId).toBe(DEMO_QUESTION * 10 + 1);
    expect(named.body.data.id).toBe(`ru.stackoverflow:${DEMO_QUESTION}`);
    expect(sent()).toHaveLength(3);
  });

  it('serves answers, lists, search and a user’s posts with the filter, sort and paging they name', async () => {
    const answers = await harness.get(`/v1/qa/question/answers?id=${DEMO_QUESTION}&include_raw=true`);
    expectPaid(answers, 'list');
    expect(answers.body.data.items.map((answer: { id: string }) => answer.id)).toEqual(
      [1, 2, 3].map((index) => `stackoverflow:${DEMO_QUESTION * 10 + index}`),
    );
    expect(answers.body.data.items[2]).toMatchObject({ authorId: null, authorName: 'gone_user', postId: `stackoverflow:${DEMO_QUESTION}` });
    expect(answers.body.data.items[0].text).toBe('Branch prediction, answer 1.\nsorted: predictable\nunsorted: not');
    expect(answers.body.raw.answers[0]).toMatchObject({ isAccepted: true, url: `https://stackoverflow.com/a/${DEMO_QUESTION * 10 + 1}` });
    const questions = await harness.get('/v1/qa/questions?tag=C%23;.net&sort=creation&limit=25');
    expect(questions.body.data.items).toHaveLength(25);
    expect(questions.body.pagination.hasMore).toBe(true);
    const next = await harness.get(`/v1/qa/questions?tag=c%23;.net&sort=creation&limit=25&cursor=${questions.body.pagination.cursor}`);
    expect(next.body.data.items[0].id).toBe(`stackoverflow:${DEMO_QUESTION + 25}`);
    const search = await harness.get('/v1/qa/search?site=superuser&query=sorted+array&accepted=true&answers=2&sort=votes');
    expectPaid(search, 'list');
    const userQuestions = await harness.get(`/v1/qa/user/questions?url=${q(`https://stackoverflow.com/users/${DEMO_USER}/ada`)}`);
    expect(userQuestions.body.data.items).toHaveLength(2);
    const userAnswers = await harness.get(`/v1/qa/user/answers?id=${DEMO_USER}&sort=votes`);
    expect(userAnswers.body.data.items).toHaveLength(2);
    const params = sent().map((url) => [url.pathname, Object.fromEntries(url.searchParams)]);
    expect(params).toEqual([
      [
        `/2.3/questions/${DEMO_QUESTION}/answers`,
        { site: 'stackoverflow', order: 'desc', sort: 'votes', page: '1', pagesize: '30', filter: 'withbody' },
      ],
      [
        '/2.3/questions',
        { site: 'stackoverflow', order: 'desc', sort: 'creation', page: '1', pagesize: '25', tagged: 'c#;.net', filter: 'withbody' },
      ],
      [
        '/2.3/questions',
        { site: 'stackoverflow', order: 'desc', sort: 'creation', page: '2', pagesize: '25', tagged: 'c#;.net', filter: 'withbody' },
      ],
      [
        '/2.3/search/advanced',
        {
          site: 'superuser',
          order: 'desc',
          sort: 'votes',
          page: '1',
          pagesize: '30',
          q: 'sorted array',
          accepted: 'true',
          answers: '2',
          filter: 'withbody',
        },
      ],
      [
        `/2.3/users/${DEMO_USER}/questions`,
        { site: 'stackoverflow', order: 'desc', sort: 'creation', page: '1', pagesize: '30', filter: 'withbody' },
      ],
      [
        `/2.3/users/${DEMO_USER}/answers`,
        { site: 'stackoverflow', order: 'desc', sort: 'votes', page: '1', pagesize: '30', filter: 'withbody' },
      ],
    ]);
  });

  it('answers empty results free, with their reasons, and a failure free', async () => {
    const before = await balanceOf(harness);
    expectEmpty(await harness.get('/v1/qa/question?id=1'), 'single', 'not_found');
    expectEmpty(await harness.get('/v1/qa/user?id=1'), 'single', 'not_found');
    expectEmpty(await harness.get('/v1/qa/question/answers?id=1'), 'list', 'no_answers');
    expectEmpty(await harness.get('/v1/qa/search?query=nothing+matches'), 'list', 'no_results');
    expectEmpty(await harness.get('/v1/qa/user/answers?id=1'), 'list', 'no_results');
    harness.upstream.reset();
    harness.upstream.on(() => gzipped({ error_id: 503, error_name: 'temporarily_unavailable', error_message: 'maintenance' }, 400));
    expectError(await harness.get(`/v1/qa/question?id=${DEMO_QUESTION + 7}`), 502, 'upstream_blocked');
    harness.upstream.reset();
    harness.upstream.on(api.route);
    const noSite = await harness.get(`/v1/qa/question?site=nosuchsite&id=${DEMO_QUESTION}`);
    expectError(noSite, 400, 'invalid_request');
    expect(noSite.body.error.details.param).toBe('site');
    expect(await balanceOf(harness)).toBe(before);
  });

  it('refuses bad input naming the parameter, before any upstream request', async () => {
    const cases: [string, string][] = [
      ['/v1/qa/question?id=12a', 'id'],
      ['/v1/qa/question', 'id'],
      [`/v1/qa/question?id=1&url=${q('https://stackoverflow.com/q/1')}`, 'url'],
      [`/v1/qa/question?site=superuser&url=${q('https://stackoverflow.com/q/5')}`, 'url'],
      [`/v1/qa/question?url=${q('https://example.com/questions/5')}`, 'url'],
      [`/v1/qa/question?url=${q('https://stackoverflow.com/users/5')}`, 'url'],
      ['/v1/qa/question?id=5&site=bad%20site', 'site'],
      ['/v1/qa/questions?tag=a;b;c;d;e;f', 'tag'],
      ['/v1/qa/questions?tag=no%20spaces', 'tag'],
      ['/v1/qa/questions?sort=random', 'sort'],
      ['/v1/qa/questions?limit=101', 'limit'],
      ['/v1/qa/questions?cursor=bogus', 'cursor'],
      ['/v1/qa/search', 'query'],
      ['/v1/qa/search?query=x&answers=1001', 'answers'],
      ['/v1/qa/search?query=x&accepted=maybe', 'accepted'],
      ['/v1/qa/user?id=5&bogus=1', 'bogus'],
    ];
    for (const [path, param] of cases) {
      const response = await harness.get(path);
      expectError(response, 400, 'invalid_request');
      expect(response.body.error.details?.param, path).toBe(param);
    }
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('stops paging at the 25th page without a key, and never asks the 26th', async () => {
    harness.upstream.reset();
    harness.upstream.on(() =>
      gzipped({ items: [{ question_id: 900000050, title: 'x' }], has_more: true, quota_max: 300, quota_remaining: 200 }),
    );
    const { encodePage } = await import('../../../../src/families/qa/input/params.js');
    const last = await harness.get(`/v1/qa/questions?limit=1&cursor=${encodePage(25, 1)}&include_raw=true`);
    expect(last.body.pagination).toEqual({ cursor: null, hasMore: false });
    expect(last.body.raw.cap).toBe(25);
    const beyond = await harness.get(`/v1/qa/questions?limit=1&cursor=${encodePage(26, 1)}`);
    expectError(beyond, 400, 'invalid_request');
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('answers GraphQL root fields and edges, each author fetched once', async () => {
    const response = await harness.graphql(`{
      qaQuestion(id: "${DEMO_QUESTION}") { platformId title author { platformId displayName } comments { items { platformId author { platformId } } } }
      qaUser(site: "gaming", id: "${DEMO_USER}") { platformId posts(limit: 2) { items { platformId } } }
      qaQuestions(tag: "arrays", sort: CREATION, limit: 3) { items { id } }
    }`);
    expect(response.body.errors).toBeUndefined();
    const question = response.body.data.qaQuestion;
    expect(question.author.platformId).toBe(`stackoverflow:${DEMO_USER + (DEMO_QUESTION % 3)}`);
    expect(question.comments.items.map((answer: { author: { platformId: string } | null }) => answer.author?.platformId ?? null)).toEqual([
      `stackoverflow:${DEMO_USER}`,
      `stackoverflow:${DEMO_USER + 1}`,
      null,
    ]);
    expect(response.body.data.qaUser.posts.items).toHaveLength(2);
    expect(response.body.data.qaQuestions.items).toHaveLength(3);
    const globalId = (await harness.graphql(`{ qaQuestion(site: "gaming", id: "${DEMO_QUESTION}") { id } }`)).body.data.qaQuestion
      .id as string;
    const refetched = await harness.graphql(`query ($id: ID!) { node(id: $id) { ... on Post { platformId title } } }`, { id: globalId });
    expect(refetched.body.data.node.platformId).toBe(`gaming:${DEMO_QUESTION}`);
    const userRequests = sent()
      .filter((url) => /^\/2\.3\/users\/\d+$/.test(url.pathname))
      .map((url) => url.pathname + url.search);
    expect(new Set(userRequests).size).toBe(userRequests.length);
  });

  it('runs as a batch job and an MCP tool per endpoint', async () => {
    const batch = await harness.post('/v1/jobs/batch', {
      endpoint: '/v1/qa/question',
      targets: [{ id: String(DEMO_QUESTION + 1) }, { url: `https://askubuntu.com/q/${DEMO_QUESTION + 2}` }],
    });
    expect(batch.status).toBe(202);
    const job = await eventually(
      async () => {
        const state = (await harness.get(`/v1/jobs/${batch.body.data.id}`)).body.data;
        return state.status === 'succeeded' || state.status === 'failed' ? (state as Record<string, any>) : undefined;
      },
      'the batch',
      30_000,
    );
    expect(job).toMatchObject({ status: 'succeeded', progress: { total: 2, done: 2, failed: 0 }, creditsCharged: 2 });
    const client = await connectClient(harness.baseUrl);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name).filter((name) => name.startsWith('qa_'));
      expect(names.sort()).toEqual([
        'qa_question',
        'qa_question_answers',
        'qa_questions',
        'qa_search',
        'qa_user',
        'qa_user_answers',
        'qa_user_questions',
      ]);
      const result = await callTool(client, 'qa_user', { site: 'serverfault.com', id: String(DEMO_USER) });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { data: { id: string } }).data.id).toBe(`serverfault:${DEMO_USER}`);
    } finally {
      await client.close();
    }
  });

  it('refuses a subscription on search, and delivers one when a watched question gets a new answer', async () => {
    const refused = await harness.post('/v1/subscriptions', {
      endpoint: '/v1/qa/search',
      params: { query: 'x' },
      webhookUrl: receiver.url,
      intervalSeconds: 60,
    });
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', details: { param: 'endpoint' } });
    const created = await harness.post('/v1/subscriptions', {
      endpoint: '/v1/qa/question/answers',
      params: { url: `https://stackoverflow.com/questions/${DEMO_QUESTION + 9}/slug` },
      webhookUrl: receiver.url,
      intervalSeconds: 3600,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.params).toMatchObject({ site: 'stackoverflow', id: String(DEMO_QUESTION + 9) });
    const { id, secret } = created.body.data as { id: string; secret: string };
    receiver.secret = secret;
    await eventually(async () => ((await harness.get(`/v1/subscriptions/${id}`)).body.data?.hash ? true : undefined), 'the baseline check');
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
    api.addAnswer(DEMO_QUESTION + 9);
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    const delivery = await eventually(() => receiver.received[0], 'the delivery');
    expect(delivery.verified).toMatchObject({ type: 'content.changed' });
    expect(delivery.verified!.data.items).toHaveLength(4);
  });

  it('resolves every page form to its endpoint', async () => {
    const cases: [string, string, Record<string, string>][] = [
      [
        `https://stackoverflow.com/questions/${DEMO_QUESTION}/slug`,
        '/v1/qa/question',
        { site: 'stackoverflow', id: String(DEMO_QUESTION) },
      ],
      [`https://www.superuser.com/q/${DEMO_QUESTION}/42`, '/v1/qa/question', { site: 'superuser', id: String(DEMO_QUESTION) }],
      [`https://gaming.stackexchange.com/a/${DEMO_QUESTION * 10 + 1}`, '/v1/qa/question', { site: 'gaming' }],
      [`https://meta.gaming.stackexchange.com/questions/${DEMO_QUESTION}`, '/v1/qa/question', { site: 'meta.gaming' }],
      [`https://mathoverflow.net/users/${DEMO_USER}/ada`, '/v1/qa/user', { site: 'mathoverflow.net', id: String(DEMO_USER) }],
      [`https://meta.stackoverflow.com/u/${DEMO_USER}`, '/v1/qa/user', { site: 'meta.stackoverflow', id: String(DEMO_USER) }],
      ['https://pt.stackoverflow.com/questions/tagged/c%23', '/v1/qa/questions', { site: 'pt.stackoverflow', tag: 'c#' }],
      [`https://stackapps.com/questions/${DEMO_QUESTION}/`, '/v1/qa/question', { site: 'stackapps' }],
      [`https://serverfault.com/questions/${DEMO_QUESTION}`, '/v1/qa/question', { site: 'serverfault' }],
      [`https://askubuntu.com/questions/${DEMO_QUESTION}`, '/v1/qa/question', { site: 'askubuntu' }],
    ];
    for (const [url, endpoint, params] of cases) {
      const resolved = await harness.get(`/v1/resolve?url=${q(url)}`);
      expect(resolved.status, url).toBe(200);
      expect(resolved.body.meta.resolved, url).toMatchObject({ endpoint, params });
    }
    const apiHost = await harness.get(`/v1/resolve?url=${q('https://api.stackexchange.com/questions/5')}`);
    expectError(apiHost, 400, 'invalid_request');
  });
});
