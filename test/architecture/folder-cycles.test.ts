import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The modules a file loads when it runs: static imports and re-exports of relative paths,
 * without `import type` / `export type` (erased). `import { type A }` still loads its module
 * under verbatimModuleSyntax, so it counts. Dynamic `import()` is loaded later, never in a cycle
 * at start-up, and is left out.
 */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const targets: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) specifier = statement.moduleSpecifier;
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.'))
      targets.push(resolve(dirname(file), specifier.text.replace(/\.js$/, '.ts')));
  }
  return targets;
}

/** `src/<folder>/...` is that folder; a file directly in src is a room of its own. */
const roomOf = (file: string): string => relative(SRC, file).split(/[\\/]/)[0]!;

/** Groups of nodes that reach each other back (Tarjan's strongly connected components, more than one member). */
function cycles(edges: Map<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph of src', () => {
  it('has no runtime import cycle that runs through more than one top-level folder', () => {
    const files = sourceFiles(SRC);
    const edges = new Map(files.map((file) => [file, runtimeImports(file)]));
    const crossing = cycles(edges)
      .filter((members) => new Set(members.map(roomOf)).size > 1)
      .map((members) => members.map((file) => relative(SRC, file)));
    expect(crossing).toEqual([]);
  });
});
