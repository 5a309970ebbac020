import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allImports, cycles, roomGraph, sourceFiles, SRC } from './import-graph.js';

/** The process entries: the only files that know the family registry, and hand its catalogue down. */
const ENTRIES = ['main.ts', 'demo/main.ts', 'jobs/worker-main.ts', 'cli/keys.ts', 'cli/documents.ts'];
const REGISTRY = 'families/registry.ts';

/** Each circle as its rooms and, for each arrow inside it, one import that draws the arrow. */
function circlesBetweenRooms(): string[][] {
  const graph = roomGraph(sourceFiles());
  const arrows = new Map([...graph].map(([room, targets]) => [room, [...targets.keys()]]));
  return cycles(arrows).map((rooms) =>
    rooms.flatMap((room) =>
      [...graph.get(room)!].filter(([to]) => rooms.includes(to)).map(([to, imports]) => `${room} -> ${to} (${imports[0]})`),
    ),
  );
}

describe('the top-level folders of src', () => {
  it('import one another without a circle, counting imports of every kind', () => {
    expect(circlesBetweenRooms()).toEqual([]);
  });

  it('leave the families to the process entries, which name only the registry', () => {
    const strays = sourceFiles()
      .filter((file) => !relative(SRC, file).startsWith('families/'))
      .flatMap((file) =>
        allImports(file)
          .filter((imported) => relative(SRC, imported).startsWith('families/'))
          .map((imported) => `${relative(SRC, file)} -> ${relative(SRC, imported)}`),
      )
      .filter((arrow) => !ENTRIES.some((entry) => arrow === `${entry} -> ${REGISTRY}`));
    expect(strays).toEqual([]);
  });
});

describe('the import graph reader', () => {
  it('finds a circle, and only the circle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads every kind of import: values, types, re-exports, import() calls and types, augmentations', () => {
    const folder = mkdtempSync(join(tmpdir(), 'import-graph-'));
    try {
      const file = join(folder, 'every-kind.ts');
      writeFileSync(
        file,
        [
          "import { a } from './value.js';",
          "import type { B } from './type-only.js';",
          "export type { C } from './re-exported-type.js';",
          "export * from './re-exported.js';",
          "const later = () => import('./dynamic.js');",
          "type D = typeof import('./import-type.js');",
          "declare module './augmented.js' { interface E { e: B } }",
          "import { z } from 'zod';",
        ].join('\n'),
      );
      expect(allImports(file).map((path) => relative(folder, path))).toEqual([
        'value.ts',
        'type-only.ts',
        're-exported-type.ts',
        're-exported.ts',
        'dynamic.ts',
        'import-type.ts',
        'augmented.ts',
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
