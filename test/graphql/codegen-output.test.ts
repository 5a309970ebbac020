import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The client's generated files (typed operations, list policies) and the GraphQL tests' typed
 * operations are what graphql-codegen makes of schema.graphql and the operation documents now:
 * a change to either without `npm run generate` fails here. The CLI's own check mode compares,
 * so the files are judged by the very command that writes them.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODEGEN = fileURLToPath(new URL('../../node_modules/.bin/graphql-codegen', import.meta.url));

describe('graphql-codegen output', () => {
  it('is current: run `npm run generate` after changing the schema or an operation', async () => {
    const run = await promisify(execFile)(CODEGEN, ['--config', 'codegen.ts', '--check'], { cwd: ROOT }).then(
      () => ({ stale: '' }),
      (error: { stdout?: string; stderr?: string }) => ({ stale: `${error.stdout ?? ''}${error.stderr ?? ''}` || String(error) }),
    );
    expect(run.stale).toBe('');
  }, 120_000);
});
