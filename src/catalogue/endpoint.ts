import type { z } from 'zod';
import type { EndpointResult, FetchContext } from './results.js';

export type FamilyName = 'forum' | 'realty' | 'inference' | 'code';

/** Names of the unified types an endpoint can return; GraphQL and OpenAPI look them up by name. */
export type ResourceTypeName =
  | 'Post' | 'Comment' | 'Transcript' | 'Creator'
  | 'PropertyListing' | 'RealEstateAgent' | 'SearchResultItem'
  | 'AgeGenderEstimate'
  | 'Repository' | 'ActivityEvent';

/** The x- flags of spec section 1, published on every operation. */
export interface EndpointFlags {
  creditCost: number;
  cacheable: boolean;
  batchable: boolean;
  subscribable: boolean;
  requiresResidentialProxy: boolean;
  experimental: boolean;
  /** Rules zod cannot show in a schema, e.g. "pass either url or postId:commentId". */
  parameterConstraints?: string;
}

/**
 * One data endpoint, declared once. REST routes, GraphQL root fields, OpenAPI, llms.txt,
 * batch and subscription eligibility are all derived from this object.
 *
 * `params` uses the REST parameter names (snake_case) and must accept query-string input
 * (use z.coerce for numbers, `queryBoolean` for booleans). It must not include the common
 * options (`cache_max_age`, `include_raw`): the pipeline adds those.
 */
export interface EndpointDefinition<Params extends z.ZodObject = z.ZodObject, Item = unknown> {
  family: FamilyName;
  path: `/v1/${string}`;
  /** GraphQL root field, e.g. "forumPost" (contract section 8). */
  graphqlField: string;
  summary: string;
  description: string;
  params: Params;
  flags: EndpointFlags;
  /**
   * `maxItems`: for a list endpoint without a `limit` parameter, the most items one page can
   * hold (the GraphQL cost limit multiplies by it; see src/schema/limits).
   */
  returns: { kind: 'single' | 'list'; type: ResourceTypeName; maxItems?: number };
  /**
   * Rules zod cannot hold (several parameters at once, the family's URL forms), run in the
   * validation step, before any credit is reserved. Returns the canonical parameters, so
   * equivalent inputs (`u/name` and `name`) share one cache entry and one fetch per query.
   * Throws invalidParam for a bad value.
   */
  normaliseParams?(params: z.output<Params>): z.output<Params>;
  fetch(params: z.output<Params>, ctx: FetchContext): Promise<EndpointResult<Item>>;
}

/** A platform family: its endpoints and the only hosts they may fetch. */
export interface FamilyDefinition {
  name: FamilyName;
  /** Every host the family's fetch code may contact; redirects are followed only within them. */
  hosts: readonly string[];
  /** Environment variable naming the outbound proxy of this family (none for a provider family). */
  proxyEnv?: 'FORUM_PROXY_URL' | 'REALTY_PROXY_URL' | 'CODE_PROXY_URL';
  /**
   * A family served by one operator-configured provider instead of platform hosts: the variable
   * holding its URL. Without it the family's endpoints answer 501 not_configured naming it.
   */
  providerEnv?: 'INFERENCE_URL';
  /** When true, requests answer 501 not_configured without a proxy, before any upstream request. */
  requiresResidentialProxy: boolean;
  endpoints: readonly EndpointDefinition[];
}

/** Identity helper that keeps the param and item types of a declaration. */
export function defineEndpoint<Params extends z.ZodObject, Item>(
  definition: EndpointDefinition<Params, Item>,
): EndpointDefinition<Params, Item> {
  return definition;
}
