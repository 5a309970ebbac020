import { gzipSync } from 'node:zlib';
import type { FakeReply, FakeRoute } from '../../../catalogue/demo-world.js';
import { API_HOST } from '../constants.js';
import { siteHost } from '../input/site.js';

/**
 * A synthetic Stack Exchange API in the recorded 2.3 shapes (invented ids from 900000001, names
 * and texts), served by a FakeRoute: the demo world's platform and the family's tests' fake. Any
 * question, answer or user id answers (derived from the id), except ids below 1000, which do not
 * exist (`items: []`). Every answer is gzip-compressed, as the live API's are, with the wrapper's
 * quota counting down. A test may add answers to a question to see a watch deliver.
 */

export const STACK_API = API_HOST;
const BASE_TIME = 1_767_000_000;
/** The question the examples start from, its author, and the user whose posts they list. */
export const DEMO_QUESTION = 900_000_001;
export const DEMO_USER = 900_000_100;
export const MISSING_ID = 1;

type Item = Record<string, unknown>;

export interface StackApiWorld {
  route: FakeRoute;
  /** Adds an answer to a question (its answer_count and answers grow). */
  addAnswer(questionId: number): void;
  /** What the next wrappers announce: quota left, and a back-off in seconds on the next answer. */
  economy: { quotaRemaining: number; backoffOnce: number | null };
}

const owner = (site: string, userId: number): Item => ({
  account_id: userId + 7,
  reputation: 1000 + (userId % 97),
  user_id: userId,
  user_type: 'registered',
  profile_image: `https://images.example.invalid/avatar/${userId}.png`,
  display_name: `Ada O&#39;Byte ${userId % 100}`,
  link: `https://${siteHost(site)}/users/${userId}/ada`,
});

export function createStackApi(): StackApiWorld {
  const extraAnswers = new Map<number, number>();
  const economy: StackApiWorld['economy'] = { quotaRemaining: 10_000, backoffOnce: null };

  const answerCount = (questionId: number) => 3 + (extraAnswers.get(questionId) ?? 0);
  const question = (site: string, id: number): Item => ({
    tags: ['c#', '.net', 'arrays'],
    owner: owner(site, DEMO_USER + (id % 3)),
    is_answered: true,
    view_count: 1200 + (id % 1000),
    accepted_answer_id: id * 10 + 1,
    answer_count: answerCount(id),
    score: 42 - (id % 50),
    last_activity_date: BASE_TIME + (extraAnswers.get(id) ?? 0),
    creation_date: BASE_TIME - (id % 1000) * 3600,
    question_id: id,
    content_license: 'CC BY-SA 4.0',
    link: `https://${siteHost(site)}/questions/${id}/why-is-a-sorted-array-faster`,
    title: `Why is a sorted array &quot;faster&quot; than an unsorted one? (#${id})`,
    body: `<p>Sorting first makes the loop <em>faster</em> &amp; I don&#39;t see why.</p>\n<pre><code>for (int i = 0; i &lt; n; i++) { sum += a[i]; }\n</code></pre>\n<p>See <a href="https://example.invalid/doc">the docs</a>.</p>`,
  });
  const answer = (site: string, questionId: number, index: number): Item => {
    const id = questionId * 10 + 1 + index;
    return {
      owner: index === 2 ? { user_type: 'does_not_exist', display_name: 'gone_user' } : owner(site, DEMO_USER + index),
      is_accepted: index === 0,
      score: 30 - index * 7,
      last_activity_date: BASE_TIME + index,
      creation_date: BASE_TIME + index * 60,
      answer_id: id,
      question_id: questionId,
      content_license: 'CC BY-SA 4.0',
      body: `<p>Branch prediction, answer ${index + 1}.</p><ul><li>sorted: predictable</li><li>unsorted: not</li></ul>`,
    };
  };
  const user = (site: string, id: number): Item => ({
    badge_counts: { bronze: 8, silver: 4, gold: 1 },
    account_id: id + 7,
    is_employee: false,
    reputation: 5000 + (id % 1000),
    creation_date: BASE_TIME - 86_400 * 400,
    user_type: 'registered',
    user_id: id,
    location: 'Z&#252;rich, Switzerland',
    website_url: `https://example.invalid/~user${id}`,
    link: `https://${siteHost(site)}/users/${id}/ada`,
    profile_image: `https://images.example.invalid/avatar/${id}.png`,
    display_name: `Ada O&#39;Byte ${id % 100}`,
  });

  function wrapper(items: Item[], hasMore: boolean): Item {
    economy.quotaRemaining = Math.max(0, economy.quotaRemaining - 1);
    const body: Item = { items, has_more: hasMore, quota_max: 10_000, quota_remaining: economy.quotaRemaining };
    if (economy.backoffOnce !== null) {
      body.backoff = economy.backoffOnce;
      economy.backoffOnce = null;
    }
    return body;
  }

  const page = <T>(all: T[], url: URL): { items: T[]; hasMore: boolean } => {
    const size = Number(url.searchParams.get('pagesize') ?? '30');
    const at = (Number(url.searchParams.get('page') ?? '1') - 1) * size;
    return { items: all.slice(at, at + size), hasMore: at + size < all.length };
  };

  const ids = (text: string): number[] =>
    text
      .split(';')
      .map(Number)
      .filter((id) => id >= 1000);

  function reply(url: URL): FakeReply | undefined {
    const site = url.searchParams.get('site') ?? '';
    if (!/^[a-z0-9.-]{2,60}$/.test(site) || site === 'nosuchsite')
      return gzipped(
        { error_id: 400, error_message: 'site is required; No site found for name `' + site + '`', error_name: 'bad_parameter' },
        400,
      );
    const path = url.pathname.replace(/^\/2\.3/, '');
    let match: RegExpExecArray | null;
    if ((match = /^\/questions\/([0-9;]+)$/.exec(path)))
      return gzipped(
        wrapper(
          ids(match[1]!).map((id) => question(site, id)),
          false,
        ),
      );
    if ((match = /^\/questions\/([0-9;]+)\/answers$/.exec(path))) {
      const [id] = ids(match[1]!);
      const all = id === undefined ? [] : Array.from({ length: answerCount(id) }, (_, index) => answer(site, id, index));
      const { items, hasMore } = page(all, url);
      return gzipped(wrapper(items, hasMore));
    }
    if ((match = /^\/answers\/([0-9;]+)$/.exec(path)))
      return gzipped(
        wrapper(
          ids(match[1]!).map((id) => answer(site, Math.floor((id - 1) / 10), (id - 1) % 10)),
          false,
        ),
      );
    if (path === '/questions' || path === '/search/advanced') {
      const all = Array.from({ length: 60 }, (_, index) => question(site, DEMO_QUESTION + index));
      const words = url.searchParams.get('q') ?? url.searchParams.get('title') ?? '';
      const { items, hasMore } = page(/nothing matches/.test(words) ? [] : all, url);
      return gzipped(wrapper(items, hasMore));
    }
    if ((match = /^\/users\/([0-9;]+)$/.exec(path)))
      return gzipped(
        wrapper(
          ids(match[1]!).map((id) => user(site, id)),
          false,
        ),
      );
    if ((match = /^\/users\/([0-9;]+)\/(questions|answers)$/.exec(path))) {
      const [id] = ids(match[1]!);
      const all =
        id === undefined
          ? []
          : match[2] === 'questions'
            ? [question(site, DEMO_QUESTION), question(site, DEMO_QUESTION + 3)]
            : [answer(site, DEMO_QUESTION, 0), answer(site, DEMO_QUESTION + 1, 1)];
      const { items, hasMore } = page(all, url);
      return gzipped(wrapper(items, hasMore));
    }
    return gzipped({ error_id: 404, error_message: 'no method found with this name', error_name: 'no_method' }, 400);
  }

  return {
    route: (request, url) => (request.host === STACK_API ? reply(url) : undefined),
    addAnswer: (questionId) => extraAnswers.set(questionId, (extraAnswers.get(questionId) ?? 0) + 1),
    economy,
  };
}

/** A JSON body gzip-compressed, as every live answer is (the header set too; proxies may strip it). */
export function gzipped(body: unknown, status = 200, headers: Record<string, string> = { 'content-encoding': 'gzip' }): FakeReply {
  const bytes = gzipSync(JSON.stringify(body));
  return {
    respond: (response) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(bytes);
    },
  };
}
