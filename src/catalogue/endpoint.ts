import type { z } from 'zod';
import type { ChangeReport } from './change-report.js';
import type { EndpointResult, FetchContext } from './results.js';

/** A family's name: the first path segment of its endpoints, and its lane in the job queues. */
export type FamilyName = string;

/**
 * Names of the unified types an endpoint can return (the zod `id` of the resource schema);
 * GraphQL and OpenAPI look them up by name in the catalogue's resources.
 */
export type ResourceTypeName = string;

/** The x- flags every operation publishes: cost, caching, batching, subscriptions, proxy, stability. */
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
 * An endpoint's flags from what differs from the common case: 1 credit, cacheable, batchable,
 * no residential proxy, not experimental. Whether it is subscribable is always said.
 */
export function endpointFlags(flags: Partial<EndpointFlags> & Pick<EndpointFlags, 'subscribable'>): EndpointFlags {
  return { creditCost: 1, cacheable: true, batchable: true, requiresResidentialProxy: false, experimental: false, ...flags };
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
  /** GraphQL root field: the family name and the path in camelCase, e.g. "forumPost". */
  graphqlField: string;
  summary: string;
  description: string;
  params: Params;
  flags: EndpointFlags;
  /**
   * `maxItems`: for a list endpoint without a `limit` parameter, the most items one page can
   * hold (the GraphQL cost limit multiplies by it; see src/limits/query-cost.ts).
   */
  returns: { kind: 'single' | 'list'; type: ResourceTypeName; maxItems?: number };
  /**
   * The `raw` fields the documentation tells callers to read (`raw.totalComments`, `raw.via`, ...),
   * typed. /openapi.json publishes them as optional properties of `raw` (an empty result or
   * another surface may leave some out), open to the rest of the payload, so a generated client
   * reads them typed. Every `raw.<field>` the summary, description or parameter constraints name
   * must be declared here (test/docs checks it).
   */
  raw?: z.ZodObject;
  /**
   * Rules zod cannot hold (several parameters at once, the family's URL forms), run in the
   * validation step, before any credit is reserved. Returns the canonical parameters, so
   * equivalent inputs (`u/name` and `name`) share one cache entry and one fetch per query.
   * Throws invalidParam for a bad value.
   */
  normaliseParams?(params: z.output<Params>): z.output<Params>;
  fetch(params: z.output<Params>, ctx: FetchContext): Promise<EndpointResult<Item>>;
  /** For a subscribable endpoint: fields that are no change, and what a change event says changed. */
  changes?: ChangeReport;
}

export type { FamilyDefinition } from './family.js';

/**
 * An endpoint as a family declares it: `family` and `graphqlField` may be left to the path, which
 * names both (`/v1/code/user/repos` is family code, field codeUserRepos); a path that does not
 * (a provider family's `/v1/detect-age-gender`) names them.
 */
export type EndpointDeclaration<Params extends z.ZodObject = z.ZodObject, Item = unknown> = Omit<
  EndpointDefinition<Params, Item>,
  'family' | 'graphqlField'
> &
  Partial<Pick<EndpointDefinition<Params, Item>, 'family' | 'graphqlField'>>;

/** The path's words after /v1/ in camelCase: `/v1/code/user/repos` is codeUserRepos. */
function fieldOfPath(segments: readonly string[]): string {
  const [first = '', ...rest] = segments.flatMap((segment) => segment.split(/[-_]/)).filter((word) => word !== '');
  return first + rest.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** The definition of a declaration, keeping its param and item types. */
export function defineEndpoint<Params extends z.ZodObject, Item>(
  declaration: EndpointDeclaration<Params, Item>,
): EndpointDefinition<Params, Item> {
  const segments = declaration.path.split('/').slice(2);
  return { ...declaration, family: declaration.family ?? segments[0]!, graphqlField: declaration.graphqlField ?? fieldOfPath(segments) };
}
