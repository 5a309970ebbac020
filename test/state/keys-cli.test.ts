import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseKeysCommand, runKeysCommand, UsageError } from '../../src/cli/keys-commands.js';
import { createMemoryState } from '../../src/state/memory/index.js';

const memory = () => createMemoryState({ cacheMaxBytes: 1024 * 1024, cacheRetentionSeconds: 60 });

describe('keys CLI commands', () => {
  it('reads each command and refuses bad ones with the usage', () => {
    expect(parseKeysCommand(['create', '--credits', '500', '--daily-cap', '20'])).toEqual({ name: 'create', credits: 500, dailyCap: 20 });
    expect(parseKeysCommand(['create'])).toEqual({ name: 'create', credits: 0, dailyCap: null });
    expect(parseKeysCommand(['list'])).toEqual({ name: 'list' });
    expect(parseKeysCommand(['revoke', 'acct_0123456789abcdef'])).toEqual({ name: 'revoke', accountId: 'acct_0123456789abcdef' });
    expect(parseKeysCommand(['topup', 'acct_0123456789abcdef', '30'])).toEqual({
      name: 'topup',
      accountId: 'acct_0123456789abcdef',
      credits: 30,
    });
    expect(parseKeysCommand(['set-cap', 'acct_0123456789abcdef', 'none'])).toEqual({
      name: 'set-cap',
      accountId: 'acct_0123456789abcdef',
      dailyCap: null,
    });
    for (const bad of [
      [],
      ['delete'],
      ['topup', 'acct_0123456789abcdef', '-3'],
      ['topup', 'acct_0123456789abcdef'],
      ['revoke', 'sk_live_abc'],
      ['list', '--credits', '3'],
      ['set-cap', 'acct_0123456789abcdef', '1.5'],
    ]) {
      expect(() => parseKeysCommand(bad), bad.join(' ')).toThrow(UsageError);
    }
  });

  it('creates a key shown once, and administers its account', async () => {
    const state = memory();
    const created = await runKeysCommand({ name: 'create', credits: 100, dailyCap: null }, state);
    const key = /sk_live_[\w-]+/.exec(created.join('\n'))![0];
    const account = (await state.keys.lookup(key))!;
    expect(created[0]).toBe(`Created ${account.id}: 100 credits, daily cap none.`);

    expect(await runKeysCommand({ name: 'topup', accountId: account.id, credits: 25 }, state)).toEqual([
      `Added 25 credits to ${account.id}; balance 125.`,
    ]);
    await runKeysCommand({ name: 'set-cap', accountId: account.id, dailyCap: 10 }, state);
    expect(await state.keys.lookup(key)).toMatchObject({ dailyCap: 10 });
    const listed = (await runKeysCommand({ name: 'list' }, state)).join('\n');
    expect(listed).toContain(account.id);
    expect(listed).toMatch(/active\s+125\s+0\/10/);
    expect(listed).not.toContain(key);
    await runKeysCommand({ name: 'revoke', accountId: account.id }, state);
    expect(await state.keys.lookup(key)).toMatchObject({ status: 'revoked' });
  });

  it('names an unknown account instead of acting on it', async () => {
    await expect(runKeysCommand({ name: 'topup', accountId: 'acct_0000000000000000', credits: 5 }, memory())).rejects.toThrow(
      /No account acct_0000000000000000/,
    );
  });

  it('explains that it needs REDIS_URL', async () => {
    const env = { ...process.env, REDIS_URL: '', REDIS_CLUSTER_NODES: '' };
    const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/keys.ts', 'list'], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toMatch(/needs|set REDIS_URL/);
  });
});
