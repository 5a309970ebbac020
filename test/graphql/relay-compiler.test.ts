import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { printSchemaFile } from '../../src/schema/print.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';

/**
 * relay-compiler (the real one, a binary shipped in its package) compiles pagination fragments
 * against the printed schema (printed as schema.graphql is, with the test family registered):
 * `@connection` on a root list field and on an edge list, in a `@refetchable` fragment on Query or
 * on a Node type, as a Relay app would write them. A `@connection` on a field that is not a connection fails, so the check can fail.
 */

const cli = join(dirname(createRequire(import.meta.url).resolve('relay-compiler/package.json')), 'cli.js');
const schema = printSchemaFile(bookshelfCatalogue);
const workspaces: string[] = [];

/** Compiles `sources` (file name to source) in a workspace of their own; the compiler's exit status, output and artifacts. */
function compile(sources: Record<string, string>): { status: number | null; output: string; artifacts: Record<string, string> } {
  const root = mkdtempSync(join(tmpdir(), 'relay-compiler-'));
  workspaces.push(root);
  mkdirSync(join(root, 'src', '__generated__'), { recursive: true });
  writeFileSync(join(root, 'schema.graphql'), schema);
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

const SHELF_BOOKS = tagged(`
  fragment ShelfBooks_query on Query
  @refetchable(queryName: "ShelfBooksPaginationQuery")
  @argumentDefinitions(shelf: { type: "String!" }, first: { type: "Int", defaultValue: 10 }, after: { type: "String" }) {
    bookshelfShelf(shelf: $shelf, first: $first, after: $after) @connection(key: "ShelfBooks_bookshelfShelf") {
      edges { node { id title shelf } }
    }
  }
`);

const SHELFMATES = tagged(`
  fragment Shelfmates_query on Query
  @refetchable(queryName: "ShelfmatesPaginationQuery")
  @argumentDefinitions(id: { type: "String!" }, first: { type: "Int", defaultValue: 5 }, after: { type: "String" }) {
    bookshelfBook(id: $id) {
      shelfmates(first: $first, after: $after) @connection(key: "Shelfmates_shelfmates") {
        edges { node { id title } }
      }
    }
  }
`);

/** Paging an edge from the Node itself: Relay refetches the book through node(id:). */
const BOOK_SHELFMATES = tagged(`
  fragment BookShelfmates_book on Book
  @refetchable(queryName: "BookShelfmatesPaginationQuery")
  @argumentDefinitions(first: { type: "Int", defaultValue: 5 }, after: { type: "String" }) {
    shelfmates(first: $first, after: $after) @connection(key: "BookShelfmates_shelfmates") {
      edges { node { id title } }
    }
  }
`);

describe('relay-compiler on the printed schema', () => {
  afterAll(() => {
    for (const root of workspaces) rmSync(root, { recursive: true, force: true });
  });

  it('compiles @connection pagination fragments on a root list and on an edge list', () => {
    const { status, output, artifacts } = compile({ 'ShelfBooks.ts': SHELF_BOOKS, 'Shelfmates.ts': SHELFMATES });
    expect(output).not.toContain('ERROR');
    expect(status).toBe(0);
    const pagination = artifacts['ShelfBooksPaginationQuery.graphql.ts'];
    expect(pagination).toBeDefined();
    // The generated query pages with first/after and reads what the connection handler needs.
    for (const needed of ['"first"', '"after"', '"cursor"', '"pageInfo"', '"endCursor"', '"hasNextPage"'])
      expect(pagination).toContain(needed);
    expect(artifacts['ShelfmatesPaginationQuery.graphql.ts']).toBeDefined();
  }, 150_000);

  it('compiles a @refetchable fragment on a Node type, refetched through node(id:)', () => {
    const { status, output, artifacts } = compile({ 'BookShelfmates.ts': BOOK_SHELFMATES });
    expect(output).not.toContain('ERROR');
    expect(status).toBe(0);
    const refetch = artifacts['BookShelfmatesPaginationQuery.graphql.ts'];
    expect(refetch).toContain('"node"');
    expect(refetch).toContain('"shelfmates"');
  }, 150_000);

  it('refuses @connection on a field that is not a connection', () => {
    const notAConnection = tagged(`
      fragment NotAConnection_query on Query {
        bookshelfBook(id: "101") @connection(key: "NotAConnection_bookshelfBook") { id }
      }
    `);
    const { status, output } = compile({ 'NotAConnection.ts': notAConnection });
    expect(status).not.toBe(0);
    expect(output).toContain('@connection');
  }, 150_000);
});
