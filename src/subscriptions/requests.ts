import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { GatewayError } from '../errors.js';
import { isOutboundRefused, MAX_OUTBOUND_URL_LENGTH, parseOutboundUrl } from '../outbound/index.js';
import { endpointNamed, parseEndpointBody } from '../pipeline/endpoint-body.js';
import { validateRequest } from '../pipeline/params.js';
import { RESOLVE_PATH, resolveUrl } from '../pipeline/resolve-url.js';

/** Longest interval between checks: one day. */
export const MAX_INTERVAL_SECONDS = 86_400;
export const DEFAULT_INTERVAL_SECONDS = 3600;

export interface ValidatedSubscriptionRequest {
  endpoint: EndpointDefinition;
  /** Validated and canonical (the endpoint's normaliseParams applied): what every check fetches. */
  params: Record<string, unknown>;
  webhookUrl: string;
  intervalSeconds: number;
}

export interface SubscriptionRules {
  /** SUBSCRIPTION_MIN_INTERVAL_SECONDS. */
  minIntervalSeconds: number;
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
}

/** The request body; the interval's floor is SUBSCRIPTION_MIN_INTERVAL_SECONDS (60 in the published document). */
export const subscriptionBodySchema = (minIntervalSeconds: number) =>
  z.strictObject({
    endpoint: z.string().min(1).max(200),
    params: z.record(z.string(), z.unknown()).default({}),
    webhookUrl: z.string().min(1).max(MAX_OUTBOUND_URL_LENGTH),
    intervalSeconds: z
      .number()
      .int()
      .min(Math.min(minIntervalSeconds, MAX_INTERVAL_SECONDS))
      .max(MAX_INTERVAL_SECONDS)
      .default(DEFAULT_INTERVAL_SECONDS),
  });

function namedTarget(catalogue: Catalogue, path: string, input: Record<string, unknown>) {
  const endpoint = endpointNamed(catalogue, path, 'subscribable');
  return { endpoint, params: validateRequest(endpoint, input).params };
}

/**
 * A subscription on a URL watches the resource its endpoint serves: stored as that endpoint and
 * its canonical parameters, it shares the watched target with one made on the endpoint itself.
 */
function resolvedTarget(catalogue: Catalogue, input: Record<string, unknown>) {
  const { url, ...rest } = input;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined)
    throw new GatewayError('invalid_request', `Invalid parameter \`${extra}\`: ${RESOLVE_PATH} takes only \`url\`.`, {
      details: { param: extra },
    });
  const { endpoint, request } = resolveUrl(catalogue, url);
  endpointNamed(catalogue, endpoint.path, 'subscribable');
  return { endpoint, params: request.params };
}

/** Common request options that mean nothing to a check (it always fetches live, never raw). */
const NOT_FOR_SUBSCRIPTIONS = ['cache_max_age', 'include_raw'];

/**
 * Validates a POST /v1/subscriptions body: 400 invalid_request naming the field, only
 * x-subscribable endpoints, params checked by the endpoint's own schema and rules, and an
 * http(s) webhook URL (an IP literal must be public unless WEBHOOK_ALLOW_PRIVATE).
 */
export function validateSubscriptionRequest(catalogue: Catalogue, body: unknown, rules: SubscriptionRules): ValidatedSubscriptionRequest {
  const {
    endpoint: path,
    params: input,
    webhookUrl,
    intervalSeconds,
  } = parseEndpointBody(subscriptionBodySchema(rules.minIntervalSeconds), body);
  const option = NOT_FOR_SUBSCRIPTIONS.find((name) => name in input);
  if (option)
    throw new GatewayError('invalid_request', `Invalid parameter \`${option}\`: a subscription always checks live data.`, {
      details: { param: option },
    });
  const { endpoint, params } = path === RESOLVE_PATH ? resolvedTarget(catalogue, input) : namedTarget(catalogue, path, input);
  try {
    parseOutboundUrl(webhookUrl, { allowPrivate: rules.allowPrivate });
  } catch (error) {
    if (!isOutboundRefused(error)) throw error;
    throw new GatewayError('invalid_request', `Invalid \`webhookUrl\`: ${error.message}`, { details: { param: 'webhookUrl' } });
  }
  return { endpoint, params, webhookUrl, intervalSeconds };
}
