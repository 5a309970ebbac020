import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Comment, Creator, Post } from '../../../src/model/content.js';
import { qaQuestionAnswersEndpoint } from '../../../src/families/qa/endpoints/question-answers.js';
import { qaQuestionEndpoint } from '../../../src/families/qa/endpoints/question.js';
import { qaQuestionsEndpoint } from '../../../src/families/qa/endpoints/questions.js';
import { qaSearchEndpoint } from '../../../src/families/qa/endpoints/search.js';
import { qaUserAnswersEndpoint, qaUserQuestionsEndpoint } from '../../../src/families/qa/endpoints/user-posts.js';
import { qaUserEndpoint } from '../../../src/families/qa/endpoints/user.js';
import { readQaBudget } from '../../../src/families/qa/upstream/quota.js';
import { readWrapper } from '../../../src/families/qa/upstream/wrapper.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { apiText, asList, asSingle, failureOf, rawOf, runEndpoint } from './support.js';

/**
 * The qa family against the recorded Stack Exchange answers (shared/upstream-samples/qa, read
 * from disk, never replayed against the API): each sample is served for the request it answers,
 * and the manifest's values come out. Every sample of the manifest is read by one check.
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;
const NOW = Date.parse('2026-04-14T12:00:00Z');

interface ManifestEntry {
  file: string;
  request: { url: string };
  response: { status: number };
}

const sample = (file: string): string => readFileSync(`${samplesDir}/qa/${file}`, 'utf8');
const manifest = (): ManifestEntry[] => JSON.parse(sample('manifest.json')) as ManifestEntry[];
const statusOf = (file: string): number => manifest().find((entry) => entry.file === file)!.response.status;

/** A stub serving `file` for every request whose API path (version dropped) matches `path`. */
function serving(files: Readonly<Record<string, string>>) {
  return stubUpstream((_request, url) => {
    const path = url.pathname.replace(/^\/2\.\d+/, '');
    const file = files[path];
    return file === undefined ? undefined : apiText(sample(file), statusOf(file));
  });
}

const checks: Record<string, () => Promise<void>> = {
  async 'questions_gaming_tagged_starcraft2_2012.json'() {
    const upstream = serving({ '/questions': 'questions_gaming_tagged_starcraft2_2012.json' });
    const result = asList(await runEndpoint(qaQuestionsEndpoint, { site: 'gaming', tag: 'starcraft-2', limit: 1 }, upstream));
    const [post] = result.items as Post[];
    expect(post).toMatchObject({
      id: 'gaming:62531',
      title: "Why does the 'favored' rating change from start of game to end of game in Starcraft 2?",
      hashtags: ['starcraft-2', 'multiplayer'],
      likeCount: 1,
      commentCount: 2,
      viewCount: 96,
      authorId: 'gaming:2030',
      authorName: 'Kelsey',
      publishedAt: '2012-04-14T23:37:44Z',
      text: null,
    });
    expect(post!.url).toMatch(/^https:\/\/gaming\.stackexchange\.com\/questions\/62531\//);
    expect(result.pagination.hasMore).toBe(true);
  },
  async 'question_gaming_13332_2012.json'() {
    const upstream = serving({ '/questions/13332': 'question_gaming_13332_2012.json' });
    const result = asSingle(await runEndpoint(qaQuestionEndpoint, { site: 'gaming', id: '13332' }, upstream));
    expect(result.data).toMatchObject({
      id: 'gaming:13332',
      title: 'How do I run Worms: World Party on Ubuntu?',
      hashtags: ['linux', 'unix', 'ubuntu'],
      likeCount: 1,
      commentCount: 1,
      authorId: null,
      authorName: 'gcc',
      text: null,
      publishedAt: '2010-07-07T18:27:46Z',
    });
    expect(rawOf(result)).toMatchObject({ site: 'gaming', acceptedAnswerId: null, body: null });
  },
  async 'question_stackoverflow_7399584_notice_2013.json'() {
    const upstream = serving({ '/questions/7399584': 'question_stackoverflow_7399584_notice_2013.json' });
    const result = asSingle(await runEndpoint(qaQuestionEndpoint, { url: 'https://stackoverflow.com/questions/7399584' }, upstream));
    expect(result.data).toMatchObject({
      id: 'stackoverflow:7399584',
      likeCount: 7,
      commentCount: 1,
      viewCount: 341,
      authorName: 'Falcon',
      text: null,
    });
    expect((result.data as Post).hashtags).toHaveLength(5);
    expect(rawOf(result)).toMatchObject({ acceptedAnswerId: 7632327, payload: { bounty_amount: 50 } });
  },
  async 'answers_stackoverflow_2013.json'() {
    // The answer URL is looked up for its question; that question is not recorded, so it is missing.
    const upstream = stubUpstream((_request, url) => {
      if (url.pathname.endsWith('/answers/17127341')) return apiText(sample('answers_stackoverflow_2013.json'));
      if (url.pathname.endsWith('/questions/17127032')) return apiText(sample('synthetic_empty_items.json'));
      return undefined;
    });
    const result = asSingle(await runEndpoint(qaQuestionEndpoint, { url: 'https://stackoverflow.com/a/17127341/2486415' }, upstream));
    expect(result).toMatchObject({ data: null, emptyReason: 'not_found' });
    expect(rawOf(result).linkedAnswerId).toBe(17127341);
    expect(upstream.calls.map((call) => new URL(call.url).pathname)).toEqual(['/2.3/answers/17127341', '/2.3/questions/17127032']);
  },
  async 'users_webapps_inname_doug_2012.json'() {
    const upstream = serving({ '/users/183': 'users_webapps_inname_doug_2012.json' });
    const result = asSingle(await runEndpoint(qaUserEndpoint, { site: 'webapps', id: '183' }, upstream));
    expect(result.data).toMatchObject({
      id: 'webapps:183',
      displayName: 'Doug Harris',
      location: 'Washington, DC',
      externalLinks: ['http://delicious.com/dharris'],
      createdAt: '2010-06-30T21:20:37Z',
      category: 'registered',
      url: 'https://webapps.stackexchange.com/users/183/doug-harris',
    } satisfies Partial<Creator>);
    expect(rawOf(result)).toMatchObject({ reputation: 545, badgeCounts: { gold: 1, silver: 4, bronze: 8 }, accountId: 46903 });
  },
  async 'users_stackoverflow_backoff_2012.json'() {
    const upstream = serving({ '/users/22656': 'users_stackoverflow_backoff_2012.json' });
    const result = asSingle(await runEndpoint(qaUserEndpoint, { url: 'https://stackoverflow.com/users/22656/jon-skeet' }, upstream));
    expect(result.data).toMatchObject({ id: 'stackoverflow:22656', displayName: 'Jon Skeet', location: 'Reading, United Kingdom' });
    const budgets = readQaBudget({}, NOW, 200, {
      body: sample('users_stackoverflow_backoff_2012.json'),
      url: 'https://api.stackexchange.com/2.3/users/22656?site=stackoverflow',
    });
    expect(budgets).toEqual(
      expect.arrayContaining([
        { scope: 'quota:anonymous', remaining: 109, resetAtMs: expect.any(Number) },
        { scope: 'method:/users/{ids}', remaining: 0, resetAtMs: NOW + 1000 },
      ]),
    );
  },
  async 'err_key_required_2012.json'() {
    const upstream = serving({ '/questions/1': 'err_key_required_2012.json' });
    const failure = await failureOf(runEndpoint(qaQuestionEndpoint, { id: '1' }, upstream));
    expect(failure.code).toBe('upstream_blocked');
  },
  async 'badges_wrapper_fields_2012.json'() {
    const wrapper = readWrapper(sample('badges_wrapper_fields_2012.json'));
    expect(wrapper).not.toBeNull();
    expect(typeof wrapper!.quota_max).toBe('number');
  },
  async 'sites_2016.json'() {
    const { items } = JSON.parse(sample('sites_2016.json')) as { items: { api_site_parameter: string; site_url: string }[] };
    const { canonicalSite, siteHost } = await import('../../../src/families/qa/input/site.js');
    for (const site of items) {
      expect(canonicalSite(new URL(site.site_url).hostname)).toBe(site.api_site_parameter);
      expect(siteHost(site.api_site_parameter)).toBe(new URL(site.site_url).hostname);
    }
  },
  async 'synthetic_question_stackoverflow_900000001.json'() {
    const upstream = serving({ '/questions/900000001': 'synthetic_question_stackoverflow_900000001.json' });
    const result = asSingle(await runEndpoint(qaQuestionEndpoint, { id: '900000001' }, upstream));
    expect(result.data).toMatchObject({
      title: 'Why does Array.prototype.sort() sort numbers "wrong" & how do I fix it?',
      authorName: 'Zoë Synthetic',
      hashtags: ['javascript', 'arrays', 'sorting'],
      likeCount: 25,
      commentCount: 3,
    });
    const text = (result.data as Post).text!;
    expect(text).toContain('console.log(xs[0] < xs[1] && xs[1] > xs[2]);');
    expect(text).toContain('Isn\'t sort numeric? The MDN page says something about "UTF-16 code units".');
    expect(text).not.toMatch(/<\/?(p|code|pre|a|img)\b/);
    expect(text).not.toContain('screenshot');
    expect(rawOf(result)).toMatchObject({ acceptedAnswerId: 900000003, isAnswered: true, license: 'CC BY-SA 4.0' });
    expect(new URL(upstream.calls[0]!.url).searchParams.get('filter')).toBe('withbody');
  },
  async 'synthetic_answers_stackoverflow_900000001_votes.json'() {
    const upstream = serving({ '/questions/900000001/answers': 'synthetic_answers_stackoverflow_900000001_votes.json' });
    const result = asList(await runEndpoint(qaQuestionAnswersEndpoint, { id: '900000001' }, upstream));
    const answers = result.items as Comment[];
    expect(answers.map((answer) => [answer.id, answer.likeCount, answer.authorId])).toEqual([
      ['stackoverflow:900000002', 12, 'stackoverflow:900000200'],
      ['stackoverflow:900000003', 7, 'stackoverflow:900000100'],
      ['stackoverflow:900000004', -2, null],
    ]);
    expect(answers[2]!.authorName).toBe('user900000999');
    expect(answers[1]!.text).toBe('Pass a comparator:\n\nxs.sort((a, b) => a - b);\n\nThat sorts numerically \u2014 and in place.');
    expect(rawOf(result).answers.map((answer: { isAccepted: boolean }) => answer.isAccepted)).toEqual([false, true, false]);
    expect(rawOf(result).answers[1].url).toBe('https://stackoverflow.com/a/900000003');
  },
  async 'synthetic_question_stackoverflow_900000010_duplicate.json'() {
    const upstream = serving({ '/questions/900000010': 'synthetic_question_stackoverflow_900000010_duplicate.json' });
    const result = asSingle(await runEndpoint(qaQuestionEndpoint, { id: '900000010' }, upstream));
    expect(result.data).toMatchObject({ id: 'stackoverflow:900000010', likeCount: -3 });
    expect(rawOf(result)).toMatchObject({ closedReason: 'Duplicate', isDuplicate: true });
  },
  async 'synthetic_search_advanced_stackoverflow_sort_numbers.json'() {
    const upstream = serving({ '/search/advanced': 'synthetic_search_advanced_stackoverflow_sort_numbers.json' });
    const result = asList(await runEndpoint(qaSearchEndpoint, { query: 'sort numbers' }, upstream));
    expect(result.items).toHaveLength(3);
    expect(result.pagination.hasMore).toBe(true);
    expect(result.pagination.cursor).not.toBeNull();
    const next = await runEndpoint(qaSearchEndpoint, { query: 'sort numbers', cursor: result.pagination.cursor }, upstream);
    expect(asList(next).items).toHaveLength(3);
    expect(new URL(upstream.calls[1]!.url).searchParams.get('page')).toBe('2');
  },
  async 'synthetic_user_stackoverflow_900000100.json'() {
    const upstream = serving({ '/users/900000100': 'synthetic_user_stackoverflow_900000100.json' });
    const result = asSingle(await runEndpoint(qaUserEndpoint, { id: '900000100' }, upstream));
    expect(result.data).toMatchObject({ displayName: 'Zoë Synthetic', location: null, externalLinks: [], bio: null, isPrivate: false });
    expect(new URL(upstream.calls[0]!.url).searchParams.has('filter')).toBe(false);
  },
  async 'synthetic_user_questions_stackoverflow_900000100.json'() {
    const upstream = serving({ '/users/900000100/questions': 'synthetic_user_questions_stackoverflow_900000100.json' });
    const result = asList(await runEndpoint(qaUserQuestionsEndpoint, { id: '900000100' }, upstream));
    expect(result.items.length).toBeGreaterThan(0);
    expect((result.items as Post[]).every((post) => post.authorId === 'stackoverflow:900000100')).toBe(true);
  },
  async 'synthetic_user_answers_stackoverflow_900000100.json'() {
    const upstream = serving({ '/users/900000100/answers': 'synthetic_user_answers_stackoverflow_900000100.json' });
    const result = asList(await runEndpoint(qaUserAnswersEndpoint, { id: '900000100' }, upstream));
    expect(result.items.length).toBeGreaterThan(0);
    expect((result.items as Comment[]).every((answer) => answer.authorId === 'stackoverflow:900000100')).toBe(true);
  },
  async 'synthetic_empty_items.json'() {
    const upstream = serving({ '/questions/1': 'synthetic_empty_items.json' });
    expect(asSingle(await runEndpoint(qaQuestionEndpoint, { id: '1' }, upstream))).toMatchObject({ data: null, emptyReason: 'not_found' });
  },
  async 'synthetic_err_throttle_violation.json'() {
    const upstream = serving({ '/questions/900000001': 'synthetic_err_throttle_violation.json' });
    const failure = await failureOf(runEndpoint(qaQuestionEndpoint, { id: '900000001' }, upstream));
    expect(failure).toMatchObject({ code: 'upstream_rate_limited', retryAfter: 3600 });
    const budgets = readQaBudget({}, NOW, 400, {
      body: sample('synthetic_err_throttle_violation.json'),
      url: 'https://api.stackexchange.com/2.3/questions/1?site=stackoverflow',
    });
    expect(budgets).toEqual([{ remaining: 0, resetAtMs: NOW + 82_626_000 }]);
  },
  async 'synthetic_err_bad_parameter_site.json'() {
    const upstream = serving({ '/questions/900000001': 'synthetic_err_bad_parameter_site.json' });
    const failure = await failureOf(runEndpoint(qaQuestionEndpoint, { site: 'nosuchsite', id: '900000001' }, upstream));
    expect(failure).toMatchObject({ code: 'invalid_request', details: { param: 'site' } });
  },
  async 'synthetic_err_temporarily_unavailable.json'() {
    const upstream = serving({ '/questions/900000001': 'synthetic_err_temporarily_unavailable.json' });
    expect((await failureOf(runEndpoint(qaQuestionEndpoint, { id: '900000001' }, upstream))).code).toBe('upstream_blocked');
  },
  async 'synthetic_err_page_above_25.json'() {
    const upstream = serving({ '/questions': 'synthetic_err_page_above_25.json' });
    expect((await failureOf(runEndpoint(qaQuestionsEndpoint, {}, upstream))).code).toBe('upstream_blocked');
  },
};

describe.skipIf(!samplesDir)('qa conformance with the recorded Stack Exchange answers', () => {
  it('has a check for every sample of the manifest', () => {
    expect(
      manifest()
        .map((entry) => entry.file)
        .sort(),
    ).toEqual(Object.keys(checks).sort());
  });
  for (const [file, check] of Object.entries(checks)) it(file, check);
});
