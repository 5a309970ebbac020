import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The source tree the architecture tests read. */
export const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every TypeScript source file below `directory` (declaration files left out). */
export function sourceFiles(directory: string = SRC): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);

/** `./x.js` from `file` as the absolute path of the TypeScript file it names; null for a package. */
function target(file: string, specifier: string): string | null {
  return specifier.startsWith('.') ? resolve(dirname(file), specifier.replace(/\.js$/, '.ts')) : null;
}

/**
 * The modules a file loads when it runs: static imports and re-exports of relative paths,
 * without `import type` / `export type` (erased). `import { type A }` still loads its module
 * under verbatimModuleSyntax, so it counts. Dynamic `import()` is loaded later, never in a cycle
 * at start-up, and is left out.
 */
export function runtimeImports(file: string): string[] {
  const targets: string[] = [];
  for (const statement of parse(file).statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) specifier = statement.moduleSpecifier;
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier;
    const path = specifier && ts.isStringLiteral(specifier) ? target(file, specifier.text) : null;
    if (path) targets.push(path);
  }
  return targets;
}

/**
 * Every module a file names, whatever the kind: imports and re-exports (type-only ones too: they
 * are arrows of the design as much as the others), dynamic `import()`, `import('...')` types and
 * module augmentations.
 */
export function allImports(file: string): string[] {
  const targets: string[] = [];
  const add = (node: ts.Node | undefined) => {
    const path = node && ts.isStringLiteral(node) ? target(file, node.text) : null;
    if (path) targets.push(path);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isModuleDeclaration(node)) add(node.name);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return targets;
}

/** `src/<folder>/...` is that folder; a file directly in src is a room of its own. */
export const roomOf = (file: string): string => relative(SRC, file).split(/[\\/]/)[0]!.replace(/\.ts$/, '');

/** Groups of nodes that reach each other back (Tarjan's strongly connected components, more than one member). */
export function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
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

/**
 * The graph of top-level rooms: an arrow from one room to another for every file of the first that
 * names a file of the second, each arrow with the imports that draw it (to name them in a failure).
 */
export function roomGraph(files: readonly string[]): Map<string, Map<string, string[]>> {
  const rooms = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    const from = roomOf(file);
    const arrows = rooms.get(from) ?? new Map<string, string[]>();
    rooms.set(from, arrows);
    for (const imported of allImports(file)) {
      const to = roomOf(imported);
      if (to === from) continue;
      arrows.set(to, [...(arrows.get(to) ?? []), `${relative(SRC, file)} -> ${relative(SRC, imported)}`]);
    }
  }
  return rooms;
}
