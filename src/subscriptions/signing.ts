import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com) signing. The secret is `whsec_` + base64 of random
 * bytes; the HMAC key is those bytes (the base64-decoded part), not the text of the secret, so
 * receivers' standard libraries (`new Webhook(secret).verify(...)`) accept our signatures.
 */

const SECRET_PREFIX = 'whsec_';
/** 32 random bytes: within the 24 to 64 the specification recommends. */
const SECRET_BYTES = 32;

export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the secret's bytes. */
export function signWebhook(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The webhook-id of an event: derived from the subscription id and the content hash, plus a
 * discriminator (the change's number for content.changed; the event type and time for the
 * others), so every retry of one delivery carries the same id and receivers can drop duplicates.
 */
export function webhookIdFor(subscriptionId: string, contentHash: string | null, discriminator = ''): string {
  const digest = createHash('sha256')
    .update(`${subscriptionId}\n${contentHash ?? ''}\n${discriminator}`)
    .digest('hex');
  return `msg_${digest.slice(0, 32)}`;
}
