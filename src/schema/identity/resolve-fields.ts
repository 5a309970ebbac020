import { GatewayError } from '../../errors.js';
import { commonParamsShape } from '../../pipeline/params.js';
import type { ResolvedUrl } from '../../pipeline/resolve-url.js';
import type { GraphQLContext } from '../context.js';
import { builder } from '../builder.js';
import { toGraphQLError } from '../errors.js';
import { resourceFrom } from '../root-fields.js';
import { resourceType } from '../types/resources.js';
import { asNode, nodeInterface, type NodeValue } from './node.js';

/**
 * `resolve(url:)`: the resource behind a pasted page URL, through the endpoint that serves that
 * kind of page (billed and cached like it), as the same Node, with the same global ID, as the
 * family's own root field returns. A page that shows a list but is about one resource (a
 * community) gives that resource; a URL of a list page about none (a search) is refused: a Node
 * is one resource, and REST's /v1/resolve serves lists.
 */
export function addResolveField(): void {
  builder().queryField('resolve', (t) =>
    t.field({
      type: nodeInterface(),
      nullable: true,
      description: `The resource behind a page URL (a post, an account, a repository, a listing...), read through the endpoint that serves that kind of page: billed and cached like it (usually 1 credit; 0 on a cache hit or an empty result). Null for an empty result. GET /v1/resolve/forms lists the pages read. REST: GET /v1/resolve.`,
      extensions: { upstreamCost: { fetches: 1 } },
      args: {
        url: t.arg.string({ required: true, description: 'An absolute http(s) URL of a page some family reads.' }),
        cacheMaxAge: t.arg.string({ description: commonParamsShape.cache_max_age.description }),
        includeRaw: t.arg.boolean({ description: commonParamsShape.include_raw.description }),
      },
      resolve: async (_root, args, context): Promise<NodeValue | null> => {
        const options = {
          ...(args.cacheMaxAge != null ? { cache_max_age: args.cacheMaxAge } : {}),
          ...(args.includeRaw != null ? { include_raw: args.includeRaw } : {}),
        };
        let resolved;
        try {
          resolved = context.resolveUrl(args.url, options, 'node');
          if (resolved.endpoint.returns.kind === 'list') {
            throw invalidListUrl(resolved.endpoint.path);
          }
        } catch (error) {
          throw toGraphQLError(error);
        }
        const outcome = await context.run(resolved.endpoint, resolved.request);
        const { data } = outcome.payload;
        return data === null ? null : asNode(resourceFrom(data, outcome), resolved.endpoint.returns.type);
      },
    }),
  );
}

/**
 * `Post.linkedResource`: the resource behind a link post's `linkUrl`, when some family reads that
 * page, fetched through its endpoint like `resolve` (billed as it; one fetch per resource per
 * result, however many posts link to it). Null for a post that links nowhere, or to a page no
 * family reads as one resource; nothing is fetched for those.
 */
export function addLinkedResourceField(): void {
  builder().objectField(resourceType('Post'), 'linkedResource', (t) =>
    t.field({
      type: nodeInterface(),
      nullable: true,
      description:
        "The resource behind the post's linkUrl (a repository, a post, an account...) when some family reads that page, fetched through its endpoint and billed like resolve (usually 1 credit, 0 on a cache hit); null for a post that links nowhere or to a page no family reads.",
      extensions: { upstreamCost: { fetches: 1 } },
      resolve: async (post, _args, context): Promise<NodeValue | null> => {
        const target = readableLink(context, post.linkUrl);
        if (target === null) return null;
        const outcome = await context.run(target.endpoint, target.request);
        const { data } = outcome.payload;
        return data === null ? null : asNode(resourceFrom(data, outcome), target.endpoint.returns.type);
      },
    }),
  );
}

/** The single-resource endpoint a link resolves to, or null when none reads it as one resource. */
function readableLink(context: GraphQLContext, link: unknown): ResolvedUrl | null {
  if (typeof link !== 'string') return null;
  try {
    const resolved = context.resolveUrl(link, {}, 'node');
    return resolved.endpoint.returns.kind === 'single' ? resolved : null;
  } catch {
    return null;
  }
}

function invalidListUrl(path: string) {
  return new GatewayError(
    'invalid_request',
    `url names a list (${path}), not one resource: query the list's own field, or GET /v1/resolve.`,
    {
      details: { param: 'url' },
    },
  );
}
