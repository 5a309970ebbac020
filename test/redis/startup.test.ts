import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort, ROOT } from './processes.js';

describe('start-up with an unreachable REDIS_URL', () => {
  it('exits with one clear line that keeps the password out', async () => {
    const port = await freePort();
    const env = { PATH: process.env.PATH ?? '', PORT: '0', REDIS_URL: `redis://:hunter2secret@127.0.0.1:${port}/0`, LOG_LEVEL: 'silent' };
    const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env,
      timeout: 20_000,
    }).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    const lines = failure.stderr.trim().split('\n');
    expect(lines).toEqual([`Cannot reach Redis at REDIS_URL (redis://127.0.0.1:${port}/0): connect ECONNREFUSED 127.0.0.1:${port}`]);
    expect(failure.stderr + failure.stdout).not.toContain('hunter2secret');
  });
});
