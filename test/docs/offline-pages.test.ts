import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../src/demo/start-demo.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { catalogue } from '../support/registered-catalogue.js';

/** /docs and GraphiQL work offline: every script, style and icon they load comes from the gateway itself. */

/** src/href values of the page's script, link and img tags. */
function loadedUrls(html: string): string[] {
  return [...html.matchAll(/<(?:script|link|img)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)["']/gi)].map((match) => match[1]!);
}
const external = (urls: string[]) => urls.filter((url) => /^(?:https?:)?\/\//i.test(url));

/** The status of a GET, its body read so the connection is free for the server to close. */
async function statusOf(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

describe('API reference and GraphiQL pages', () => {
  let demo: Demo;
  let live: Harness;
  beforeAll(async () => {
    [demo, live] = await Promise.all([startDemo({ catalogue, port: 0, logLevel: 'silent' }), startHarness()]);
  });
  afterAll(async () => {
    await demo?.close();
    await live?.close();
  });

  it('/docs loads Swagger UI from the gateway only, pointed at /openapi.json', async () => {
    const response = await fetch(`${live.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const urls = loadedUrls(html);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/docs/assets/swagger-ui.css',
        '/docs/assets/swagger-ui-bundle.js',
        '/docs/assets/swagger-ui-standalone-preset.js',
      ]),
    );
    expect(external(urls)).toEqual([]);
    expect(html).toContain("url: '/openapi.json'");
    expect(html).toContain('validatorUrl: null');
    expect(html).not.toContain('preauthorizeApiKey');
    for (const url of urls) expect(await statusOf(live.baseUrl + url), url).toBe(200);
  });

  it('serves only the Swagger UI files the page uses', async () => {
    const response = await fetch(`${live.baseUrl}/docs/assets/package.json`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect(await statusOf(`${live.baseUrl}/docs/assets/..%2Fpackage.json`)).toBe(404);
  });

  it('renders GraphiQL inline (no CDN) with example operations and an empty x-api-key header', async () => {
    const response = await fetch(`${live.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(external(loadedUrls(html))).toEqual([]);
    expect(html).not.toMatch(/unpkg|jsdelivr|cdnjs/i);
    expect(html).toContain('query SubredditWithAuthors');
    expect(html).toContain('subscription JobProgress');
    expect(html).toContain(JSON.stringify(JSON.stringify({ 'x-api-key': '' }, null, 2)).slice(1, -1));
  });

  it('prefills the demo key in the demo, in GraphiQL and in /docs', async () => {
    const graphiql = await (await fetch(`${demo.baseUrl}/graphql`, { headers: { accept: 'text/html' } })).text();
    expect(graphiql).toContain(demo.apiKey);
    expect(graphiql).toContain('forumSubreddit(subreddit: \\"balconygardens\\"');
    const docs = await (await fetch(`${demo.baseUrl}/docs`)).text();
    expect(docs).toContain(`preauthorizeApiKey('apiKey', "${demo.apiKey}")`);
  });
});
