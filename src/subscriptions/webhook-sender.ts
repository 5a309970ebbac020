import { request, type Dispatcher } from 'undici';
import { assertPublicLiteral, isOutboundRefused } from '../outbound/index.js';
import { signWebhook } from './signing.js';

/** The contract's time-out for one delivery attempt. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** How much of a webhook's answer is read (and then dropped): receivers owe us a status, not a body. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface WebhookMessage {
  webhookId: string;
  /** The exact JSON text signed and sent. */
  body: string;
}

export interface SendOptions {
  /** A safe agent (createSafeAgent): connects only to checked public addresses unless private ones are allowed. */
  agent: Dispatcher;
  allowPrivate: boolean;
  timeoutMs?: number;
  now?: () => Date;
}

/** One attempt's result: the status when the webhook answered, otherwise the reason. */
export type SendResult = { statusCode: number; error: null } | { statusCode: null; error: string };

/**
 * One signed POST per Standard Webhooks: `webhook-id` (stable across retries), `webhook-timestamp`
 * (this attempt, in seconds) and `webhook-signature`. Redirects are not followed (a 3xx is a
 * failed attempt); the whole attempt is bounded by the time-out.
 */
export async function sendWebhook(url: string, secret: string, message: WebhookMessage, options: SendOptions): Promise<SendResult> {
  const timestamp = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  try {
    const target = new URL(url);
    // An IP literal is dialled without a lookup: checked here; names are checked by the agent's lookup.
    if (!options.allowPrivate) assertPublicLiteral(target);
    const response = await request(target, {
      method: 'POST',
      dispatcher: options.agent,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'public-data-gateway-webhooks/1',
        'webhook-id': message.webhookId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secret, message.webhookId, timestamp, message.body),
      },
      body: message.body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await drain(response.body);
    return { statusCode: response.statusCode, error: null };
  } catch (error) {
    return { statusCode: null, error: describe(error, timeoutMs) };
  }
}

async function drain(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<void> {
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (read > MAX_RESPONSE_BYTES) {
      body.destroy();
      return;
    }
  }
}

function describe(error: unknown, timeoutMs: number): string {
  if (isOutboundRefused(error))
    return `refused: ${(error instanceof Error && error.cause instanceof Error ? error.cause : (error as Error)).message}`;
  if (
    error instanceof Error &&
    (error.name === 'TimeoutError' || /timeout/i.test(error.name) || (error as { code?: string }).code?.includes('TIMEOUT'))
  ) {
    return `no answer within ${timeoutMs} ms`;
  }
  const code = (error as { code?: string } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${code}: ${message}` : message;
}
