import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.js';
import { REDACTED, REDACTED_PATHS, secretScrubber } from './redaction.js';
import { requestIdFor } from './request-id.js';

/** Where log lines go instead of stdout (tests capture them). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Fastify's logger: JSON lines (pino), the request id on every request-scoped line
 * (`reqId`) and on every response (`x-request-id`), secrets redacted (src/logging/redaction.ts).
 */
export function loggerOptions(
  config: Config,
  destination?: LogDestination,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  const scrub = secretScrubber(config.API_KEYS.map((seeded) => seeded.key));
  return {
    requestIdHeader: false,
    genReqId: requestIdFor,
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACTED_PATHS, censor: REDACTED },
            hooks: { streamWrite: scrub },
            ...(destination ? { stream: destination } : {}),
          },
  };
}
