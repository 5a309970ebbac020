/**
 * What must never reach a log line, however it got into one: header values by path (pino
 * `redact`), and, as a last pass over every serialised line, API keys, webhook secrets and
 * signatures, and the user:password part of any URL (proxy and Redis URLs).
 */

export const REDACTED = '[redacted]';

/** Header paths, as Fastify's request and response serialisers or a handler could log them. */
export const REDACTED_PATHS = ['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'webhook-signature'].flatMap(
  (name) => [`req.headers["${name}"]`, `res.headers["${name}"]`, `headers["${name}"]`],
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Patterns of secrets the gateway issues or handles, whatever the field that carries them. */
const SECRET_PATTERNS: [RegExp, string][] = [
  // Every prefix the gateway issues: live and test keys (keys CLI, API_KEYS), dev (npm start), demo (npm run demo).
  [/\bsk_(live|test|dev|demo)_[A-Za-z0-9_\-.]+/g, `sk_$1_${REDACTED}`],
  // Publishable keys are meant to be seen in a page, yet one sent where a secret key is expected is still never logged.
  [/\bpk_(live|test|demo)_[A-Za-z0-9_-]+/g, `pk_$1_${REDACTED}`],
  [/\bwhsec_[A-Za-z0-9+/=_-]+/g, `whsec_${REDACTED}`],
  // A Standard Webhooks signature: "v1," and a base64 HMAC (32 bytes: 43+ characters).
  [/\bv1,[A-Za-z0-9+/]{40,}={0,2}/g, `v1,${REDACTED}`],
  // Userinfo of any URL: proxy credentials, a Redis password.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"'\\]+@/gi, `$1${REDACTED}@`],
];

/**
 * The scrubber for pino's `hooks.streamWrite`: runs on each finished JSON line. `knownSecrets`
 * are exact values to remove too (the seeded API keys, which may have any shape).
 */
export function secretScrubber(knownSecrets: readonly string[]): (line: string) => string {
  const exact = knownSecrets.filter((secret) => secret.length >= 8).map((secret) => new RegExp(escapeRegExp(secret), 'g'));
  return (line) => {
    let scrubbed = line;
    for (const pattern of exact) scrubbed = scrubbed.replace(pattern, REDACTED);
    for (const [pattern, replacement] of SECRET_PATTERNS) scrubbed = scrubbed.replace(pattern, replacement);
    return scrubbed;
  };
}
