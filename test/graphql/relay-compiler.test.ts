import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * relay-compiler (the real one, a binary shipped in its package) compiles pagination fragments
 * against the printed schema: `@connection` on a root list field and on an edge list, in a
 * `@refetchable` fragment, as a Relay app would write them. A `@connection` on a field that is
 * not a connection fails, so the check can fail.
 */

const cli = join(dirname(createRequire(import.meta.url).resolve('relay-compiler/package.json')), 'cli.js');
const schema = new URL('../../schema.graphql', import.meta.url);
const workspaces: string[] = [];

/** Compiles `sources` (file name to source) in a workspace of their own; the compiler's exit status, output and artifacts. */
function compile(sources: Record<string, string>): { status: number | null; output: string; artifacts: Record<string, string> } {
  const root = mkdtempSync(join(tmpdir(), 'relay-compiler-'));
  workspaces.push(root);
  mkdirSync(join(root, 'src', '__generated__'), { recursive: true });
  cpSync(schema, join(root, 'schema.graphql'));
  writeFileSync(
    join(root, 'relay.config.json'),
    JSON.stringify({ src: './src', schema: './schema.graphql', language: 'typescript', artifactDirectory: './src/__generated__' }),
  );
  for (const [name, text] of Object.entries(sources)) writeFileSync(join(root, 'src', name), text);
  const run = spawnSync(process.execPath, [cli], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  const generated = join(root, 'src', '__generated__');
  const artifacts = Object.fromEntries(readdirSync(generated).map((file) => [file, readFileSync(join(generated, file), 'utf8')]));
  return { status: run.status, output: `${run.stdout}${run.stderr}`, artifacts };
}

const tagged = (document: string) =>
  `declare const graphql: (strings: TemplateStringsArray) => unknown;\nexport default graphql\`${document}\`;\n`;

const SUBREDDIT_POSTS = tagged(`
  fragment SubredditPosts_query on Query
  @refetchable(queryName: "SubredditPostsPaginationQuery")
  @argumentDefinitions(subreddit: { type: "String!" }, first: { type: "Int", defaultValue: 10 }, after: { type: "String" }) {
    forumSubreddit(subreddit: $subreddit, first: $first, after: $after) @connection(key: "SubredditPosts_forumSubreddit") {
      edges { node { id title author { handle } } }
    }
  }
`);

const AUTHOR_POSTS = tagged(`
  fragment AuthorPosts_query on Query
  @refetchable(queryName: "AuthorPostsPaginationQuery")
  @argumentDefinitions(id: { type: "String!" }, first: { type: "Int", defaultValue: 5 }, after: { type: "String" }) {
    forumUser(username: $id) {
      posts(first: $first, after: $after) @connection(key: "AuthorPosts_posts") {
        edges { node { id title } }
      }
    }
  }
`);

describe('relay-compiler on the printed schema', () => {
  afterAll(() => {
    for (const root of workspaces) rmSync(root, { recursive: true, force: true });
  });

  it('compiles @connection pagination fragments on a root list and on an edge list', () => {
    const { status, output, artifacts } = compile({ 'SubredditPosts.ts': SUBREDDIT_POSTS, 'AuthorPosts.ts': AUTHOR_POSTS });
    expect(output).not.toContain('ERROR');
    expect(status).toBe(0);
    const pagination = artifacts['SubredditPostsPaginationQuery.graphql.ts'];
    expect(pagination).toBeDefined();
    // The generated query pages with first/after and reads what the connection handler needs.
    for (const needed of ['"first"', '"after"', '"cursor"', '"pageInfo"', '"endCursor"', '"hasNextPage"'])
      expect(pagination).toContain(needed);
    expect(artifacts['AuthorPostsPaginationQuery.graphql.ts']).toBeDefined();
  }, 150_000);

  it('refuses @connection on a field that is not a connection', () => {
    const notAConnection = tagged(`
      fragment NotAConnection_query on Query {
        forumSubredditDetails(subreddit: "x") @connection(key: "NotAConnection_forumSubredditDetails") { id }
      }
    `);
    const { status, output } = compile({ 'NotAConnection.ts': notAConnection });
    expect(status).not.toBe(0);
    expect(output).toContain('@connection');
  }, 150_000);
});
