import { appendFileSync } from 'node:fs';
import type { LogDestination } from '../../src/logging/logger-options.js';

/**
 * The whole test run's gateway logs, for the secrecy check in log-capture.global.ts: every
 * harness gateway writes its JSON lines to one file, and every secret a test hands the gateway
 * (seeded API keys, issued webhook secrets) is noted in another, to be searched for afterwards.
 */

/** Where this run's gateways log, when the global setup asked for it. */
export function runLogDestination(): LogDestination | undefined {
  const file = process.env.TEST_LOG_FILE;
  return file ? { write: (line) => appendFileSync(file, line.endsWith('\n') ? line : `${line}\n`) } : undefined;
}

/** Notes a secret that must never appear in any log line of the run. */
export function noteSecret(secret: string): void {
  const file = process.env.TEST_SECRETS_FILE;
  if (file) appendFileSync(file, `${secret}\n`);
}
