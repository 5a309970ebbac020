import type { Catalogue } from '../../catalogue/catalogue.js';
import { validateRequest } from '../../pipeline/params.js';
import { builder, perBuilder } from '../builder.js';
import { toGraphQLError } from '../errors.js';
import { resourceFrom } from '../root-fields.js';
import type { Resource } from '../../catalogue/resource.js';
import { decodeGlobalId, encodeGlobalId, RefetchRegistry } from './global-id.js';

/** Key under which a refetched resource carries its GraphQL type (read by Node's resolveType). */
const NODE_TYPE = Symbol('nodeType');
export type NodeValue = Resource & { [NODE_TYPE]?: string };

/** The refetch declarations of the schema a builder builds; its resolvers read them. */
const refetchDeclarations = perBuilder(() => ({ registry: new RefetchRegistry([]) }));

/** A resource served where a Node is expected, marked with its GraphQL type. */
export function asNode(resource: Resource, type: string): NodeValue {
  const node: NodeValue = resource;
  node[NODE_TYPE] = type;
  return node;
}

/** Every resource type implements Node: its `id` is global, the platform's own id is `platformId`. */
export const nodeInterface = perBuilder(() => {
  const declarations = refetchDeclarations();
  return builder()
    .interfaceRef<NodeValue>('Node')
    .implement({
      description:
        "A platform resource with a globally unique, opaque ID: it encodes the type, the platform and the resource's own key, so two resources never share one (a user and a community with the same native id included). Fetch it again with node(id:).",
      resolveType: (value) => value[NODE_TYPE] ?? null,
      fields: (t) => ({
        id: t.id({
          description:
            "Globally unique, opaque ID of this resource; give it to node(id:) to fetch the resource again. The platform's own id is platformId.",
          resolve: (resource, _args, _context, info) => encodeGlobalId(declarations.registry.identify(info.parentType.name, resource)),
        }),
      }),
    });
});

/**
 * `node(id:)`: the resource of a global ID, fetched again through the same pipeline as the
 * root fields (billed and cached like its endpoint). Null for an ID that cannot be fetched
 * again: one this gateway did not issue, a type or platform without a refetch declaration, or
 * a resource that is gone.
 */
export function addNodeField(catalogue: Catalogue): void {
  const registry = new RefetchRegistry(catalogue.families.flatMap((family) => family.refetch ?? []));
  refetchDeclarations().registry = registry;
  for (const family of catalogue.families) {
    for (const declaration of family.refetch ?? []) {
      // A declaration for a type that no single-resource endpoint returns could never refetch anything.
      const endpoints = catalogue.endpoints.filter(
        (endpoint) => endpoint.returns.kind === 'single' && endpoint.returns.type === declaration.type,
      );
      if (endpoints.length === 0)
        throw new Error(`Refetch of ${declaration.type} on ${declaration.platform}: no single-resource endpoint returns it`);
    }
  }
  builder().queryField('node', (t) =>
    t.field({
      type: nodeInterface(),
      nullable: true,
      description:
        'The resource of a global ID (the `id` of any Node), fetched again through its endpoint: billed and cached like that endpoint. Null when the ID cannot be fetched again: unknown, of a type with no single-resource endpoint, or gone. It takes the id alone, as Relay refetches a Node; cacheMaxAge and includeRaw are on the root fields, and a request header `Cache-Control: max-age=N` is the default cacheMaxAge of every call of the request, this one and edges included.',
      extensions: { upstreamCost: { fetches: 1 } },
      args: {
        id: t.arg.id({ required: true, description: 'A global ID, as the `id` field of a Node returned it.' }),
      },
      resolve: async (_root, args, context): Promise<NodeValue | null> => {
        const identity = decodeGlobalId(String(args.id));
        if (!identity?.refetchable) return null;
        const target = registry.declaration(identity.type, identity.platform)?.fetch(identity.key);
        const endpoint = target ? catalogue.byPath.get(target.endpoint) : undefined;
        if (!target || !endpoint || endpoint.returns.kind !== 'single' || endpoint.returns.type !== identity.type) return null;
        let request;
        try {
          request = validateRequest(endpoint, target.params);
        } catch {
          return null; // the key no longer names anything the endpoint accepts
        }
        try {
          const outcome = await context.run(endpoint, request);
          const { data } = outcome.payload;
          if (data === null) return null;
          return asNode(resourceFrom(data, outcome), identity.type);
        } catch (error) {
          const failure = toGraphQLError(error);
          if (failure.extensions.code === 'not_found') return null;
          throw failure;
        }
      },
    }),
  );
}
