import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printSchemaFile } from '../../src/schema/print.js';
import { catalogue } from '../support/registered-catalogue.js';

describe('schema.graphql', () => {
  it('is current: run `npm run schema` after changing the schema', () => {
    expect(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8')).toBe(printSchemaFile(catalogue));
  });
});
