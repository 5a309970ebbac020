import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, roomOf, runtimeImports, sourceFiles, SRC } from './import-graph.js';

describe('the import graph of src', () => {
  it('has no runtime import cycle that runs through more than one top-level folder', () => {
    const files = sourceFiles();
    const edges = new Map(files.map((file) => [file, runtimeImports(file)]));
    const crossing = cycles(edges)
      .filter((members) => new Set(members.map(roomOf)).size > 1)
      .map((members) => members.map((file) => relative(SRC, file)));
    expect(crossing).toEqual([]);
  });
});
