import type { Catalogue } from '../../catalogue/catalogue.js';
import { GatewayError } from '../../errors.js';
import { commonParamsShape } from '../../pipeline/params.js';
import { resolveUrl } from '../../pipeline/resolve-url.js';
import { builder } from '../builder.js';
import { toGraphQLError } from '../errors.js';
import { resourceFrom } from '../root-fields.js';
import { asNode, nodeInterface, type NodeValue } from './node.js';

/**
 * `resolve(url:)`: the resource behind a pasted page URL, through the endpoint that serves that
 * kind of page (billed and cached like it), as the same Node, with the same global ID, as the
 * family's own root field returns. A URL of a list page (a search) is refused: a Node is one
 * resource, and REST's /v1/resolve serves lists.
 */
export function addResolveField(catalogue: Catalogue): void {
  builder.queryField('resolve', (t) =>
    t.field({
      type: nodeInterface,
      nullable: true,
      description: `The resource behind a page URL (a post, an account, a repository, a listing...), read through the endpoint that serves that kind of page: billed and cached like it (usually 1 credit; 0 on a cache hit or an empty result). Null for an empty result. Hosts read: ${catalogue.urlFormHosts.join(', ')}. REST: GET /v1/resolve.`,
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
          resolved = resolveUrl(catalogue, args.url, options);
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

function invalidListUrl(path: string) {
  return new GatewayError(
    'invalid_request',
    `url names a list (${path}), not one resource: query the list's own field, or GET /v1/resolve.`,
    {
      details: { param: 'url' },
    },
  );
}
