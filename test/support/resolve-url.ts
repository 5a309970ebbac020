import type { Catalogue } from '../../src/catalogue/catalogue.js';
import { isGatewayError } from '../../src/errors.js';
import { resolveUrl } from '../../src/pipeline/resolve-url.js';

/** The endpoint path and parameters `catalogue` reads `url` as (resolveUrl, as /v1/resolve does). */
export function readUrl(catalogue: Catalogue, url: string): { endpoint: string; params: Record<string, unknown> } {
  const { endpoint, request } = resolveUrl(catalogue, url);
  return { endpoint: endpoint.path, params: request.params };
}

/** The invalid_request refusal of `url` by `catalogue`; any other outcome fails the test. */
export function refusalOf(catalogue: Catalogue, url: unknown): { message: string; details: Record<string, unknown> | undefined } {
  try {
    resolveUrl(catalogue, url);
  } catch (error) {
    if (isGatewayError(error) && error.code === 'invalid_request') return { message: error.message, details: error.details };
    throw error;
  }
  throw new Error(`${String(url)} resolved`);
}
