import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * No API key, webhook secret or signature is ever logged, checked on the log output of
 * the whole test run. Setup gives the workers a log file (test/support/log-capture.ts; every
 * harness gateway logs there at debug level); teardown searches it for every secret the tests
 * noted and for anything shaped like a webhook secret or signature, and fails the run on a find.
 */

const directory = mkdtempSync(join(tmpdir(), 'pdg-test-logs-'));
const logFile = join(directory, 'gateway.jsonl');
const secretsFile = join(directory, 'secrets.txt');

/** Shapes that are secret whatever test made them: a webhook secret, a Standard Webhooks signature. */
const SECRET_SHAPES = [/whsec_[A-Za-z0-9+/=]{16,}/, /\bv1,[A-Za-z0-9+/]{40,}={0,2}/];

export function setup(): void {
  writeFileSync(logFile, '');
  writeFileSync(secretsFile, '');
  process.env.TEST_LOG_FILE = logFile;
  process.env.TEST_SECRETS_FILE = secretsFile;
}

export function teardown(): void {
  try {
    const lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    const secrets = [
      ...new Set(
        readFileSync(secretsFile, 'utf8')
          .split('\n')
          .filter((secret) => secret.length >= 8),
      ),
    ];
    const leaks: string[] = [];
    lines.forEach((line, index) => {
      for (const secret of secrets) if (line.includes(secret)) leaks.push(`line ${index + 1}: a noted secret (${secret.slice(0, 8)}…)`);
      for (const shape of SECRET_SHAPES) if (shape.test(line)) leaks.push(`line ${index + 1}: something shaped like ${shape.source}`);
    });
    // eslint-disable-next-line no-console -- the count is the evidence the check ran on real output
    console.log(
      `log secrecy: ${lines.length} log lines of the whole run searched for ${secrets.length} noted secrets and ${SECRET_SHAPES.length} secret shapes: ${leaks.length} found`,
    );
    if (leaks.length > 0) {
      // Vitest reports a teardown error without failing the run: set the exit status too.
      process.exitCode = 1;
      throw new Error(`Secrets in the test run's logs (${logFile}):\n${leaks.slice(0, 20).join('\n')}`);
    }
    rmSync(directory, { recursive: true, force: true });
  } finally {
    delete process.env.TEST_LOG_FILE;
    delete process.env.TEST_SECRETS_FILE;
  }
}
