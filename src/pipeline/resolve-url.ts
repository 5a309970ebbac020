import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { formHost, formsForHost, readingOf, type DeclaredUrlForm, type UrlReading } from '../catalogue/url-forms.js';
import { GatewayError, invalidParam, isGatewayError } from '../errors.js';
import { validateRequest, type ValidatedRequest } from './params.js';

/** The path of the door that reads a URL; jobs, batches and subscriptions take it as their endpoint. */
export const RESOLVE_PATH = '/v1/resolve';

/** The longest URL read: longer ones are no page any family serves. */
export const MAX_RESOLVE_URL_LENGTH = 2048;

/**
 * Query parameters that only say where a link was shared or clicked. They are dropped before a
 * form reads the URL, so two spellings of one link share one cache entry and one fetch.
 */
const TRACKING_PARAMS =
  /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|igshid|si|share_id|ref_src|ref_url|_ga|_gl)$/i;

/** A URL read into the endpoint that serves it and the request it makes. */
export interface ResolvedUrl {
  endpoint: EndpointDefinition;
  request: ValidatedRequest;
  form: DeclaredUrlForm;
}

/** The URL a caller gave, checked to be an absolute http(s) URL, without tracking parameters. */
function readUrl(raw: unknown, param: string): URL {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') throw invalidParam(param, `${param} is required: an absolute http(s) URL of a page some family reads.`);
  if (text.length > MAX_RESOLVE_URL_LENGTH) throw invalidParam(param, `${param} is longer than ${MAX_RESOLVE_URL_LENGTH} characters.`);
  const url = pageUrl(text);
  if (url === null) throw invalidParam(param, `${param} must be an absolute http(s) URL (got ${JSON.stringify(text.slice(0, 60))}).`);
  return url;
}

/** `text` as an absolute http(s) URL without tracking parameters, or null when it is none. */
function pageUrl(text: string): URL | null {
  const url = URL.parse(text);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  for (const name of [...url.searchParams.keys()]) if (TRACKING_PARAMS.test(name)) url.searchParams.delete(name);
  return url;
}

/** The first of `forms` that reads the URL, through its endpoint's own validation; null when none does. */
function firstReading(
  catalogue: Catalogue,
  forms: readonly DeclaredUrlForm[],
  url: URL,
  options: Record<string, unknown>,
  reading: UrlReading,
): ResolvedUrl | null {
  for (const form of forms) {
    if (!form.path.test(url.pathname)) continue;
    const read = readingOf(form, reading);
    const endpoint = catalogue.byPath.get(read.endpoint)!;
    const params = read.params(url);
    try {
      return { endpoint, request: validateRequest(endpoint, { ...params, ...options }), form };
    } catch (error) {
      // The page has the form's shape but not a value its parser takes: another form may read it.
      // A refusal of one of the caller's options (cache_max_age, an unknown name) is the caller's.
      if (isGatewayError(error) && error.code === 'invalid_request' && String(error.details?.param) in params) continue;
      throw error;
    }
  }
  return null;
}

/**
 * Reads a pasted URL into the endpoint and parameters that serve it, through the forms the
 * families declare and the endpoint's own validation. Nothing is fetched: an unknown host is 400
 * with every supported host in `details.supportedHosts`, a known host's page that no form reads
 * (a settings or login page) is 400 naming the parameter. `options` are the common request
 * options (`cache_max_age`, `include_raw`) passed through to the resolved endpoint. A page that
 * shows a list (a community) is read as that list; `reading: 'node'` reads it as the one resource
 * it is about instead, for doors that answer one Node.
 */
export function resolveUrl(
  catalogue: Catalogue,
  raw: unknown,
  options: Record<string, unknown> = {},
  param = 'url',
  reading: UrlReading = 'page',
): ResolvedUrl {
  const url = readUrl(raw, param);
  const host = formHost(url.hostname);
  const forms = formsForHost(catalogue.urlForms, host);
  if (forms === undefined) {
    // A host no family names may still be one a family reads any host of (a store): its fallback forms.
    const resolved = firstReading(catalogue, catalogue.fallbackUrlForms, url, options, reading);
    if (resolved !== null) return resolved;
    throw new GatewayError('invalid_request', `${param}: no family reads pages on ${host}.`, {
      details: { param, supportedHosts: catalogue.urlFormHosts },
    });
  }
  const resolved = firstReading(catalogue, forms, url, options, reading);
  if (resolved !== null) return resolved;
  const kinds = [...new Set(forms.map((form) => form.names))].join(', ');
  throw invalidParam(param, `${param}: this page on ${host} is none that the gateway reads (it reads ${kinds}); e.g. ${forms[0]!.example}`);
}

/**
 * The canonical parameters of `endpoint` for a link that one of that endpoint's own URL forms reads
 * (as the page, or as the one resource the page is about), through the endpoint's validation; null
 * for any other link and for one the endpoint's parser refuses. Nothing is fetched: an edge that
 * follows a link keys its loads by these, so two spellings of one link share one load, and a link
 * that names nothing the endpoint serves costs no request.
 */
export function paramsForUrl(catalogue: Catalogue, endpoint: EndpointDefinition, link: string): Record<string, unknown> | null {
  const text = link.trim();
  const url = text.length > MAX_RESOLVE_URL_LENGTH ? null : pageUrl(text);
  if (url === null) return null;
  const forms = formsForHost(catalogue.urlForms, formHost(url.hostname)) ?? catalogue.fallbackUrlForms;
  for (const form of forms) {
    if (!form.path.test(url.pathname)) continue;
    for (const read of form.node === undefined ? [form] : [form, form.node]) {
      if (read.endpoint !== endpoint.path) continue;
      try {
        return validateRequest(endpoint, read.params(url)).params;
      } catch (error) {
        // The link has the form's shape but not a value the endpoint takes: another of its forms may read it.
        if (!isGatewayError(error) || error.code !== 'invalid_request') throw error;
      }
    }
  }
  return null;
}
