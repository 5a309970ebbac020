import type { GraphiQLOptions } from 'graphql-yoga';
import type { GraphQLExample } from '../catalogue/family.js';

/**
 * GraphiQL as the gateway serves it on GET /graphql: rendered from the bundled
 * @graphql-yoga/render-graphiql (no CDN, so it works offline), opened on example operations,
 * with the `x-api-key` header in place for the caller to fill in (the demo fills in its key).
 */

export interface GraphiQLSettings {
  /** Prefilled as the x-api-key header (the demo's key); empty otherwise. */
  apiKey?: string;
  /** intervalSeconds of watch examples: SUBSCRIPTION_MIN_INTERVAL_SECONDS (60 unless configured). */
  watchIntervalSeconds?: number;
  /** The example operations, one tab each (the registered families' examples). */
  examples?: readonly GraphQLExample[];
}

/** The options passed to Yoga's `graphiql`. */
export function graphiqlOptions(settings: GraphiQLSettings = {}): GraphiQLOptions {
  const headers = JSON.stringify({ 'x-api-key': settings.apiKey ?? '' }, null, 2);
  return {
    title: 'Public data gateway',
    headers,
    defaultTabs: (settings.examples ?? []).map((example) => ({ ...example, headers })),
    defaultEditorToolsVisibility: 'headers',
    // Subscriptions travel over SSE (distinct connections), the way the gateway streams them.
    subscriptionsProtocol: 'SSE',
  };
}

/**
 * Yoga's `renderGraphiQL`: the page with GraphiQL's scripts and styles inlined. The bundle
 * costs about 30 MB of heap once loaded, so it is loaded when a browser first asks for the
 * page, not by every gateway process at start (most never serve GraphiQL).
 */
export async function renderGraphiQL(options: GraphiQLOptions): Promise<string> {
  const { renderGraphiQL: render } = await import('@graphql-yoga/render-graphiql');
  return render(options);
}
