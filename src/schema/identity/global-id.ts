import { createHash } from 'node:crypto';
import type { RefetchDeclaration } from '../../catalogue/family.js';

/**
 * Global IDs: opaque, and unique across types and platforms because they encode the GraphQL
 * type, the platform and the resource's own key. A key the resource's family declared can be
 * fetched again (`node(id:)`); a derived key only identifies.
 */
export interface NodeIdentity {
  type: string;
  platform: string;
  key: string;
  /** True when `key` is the family's refetch key; false when derived from the resource's fields. */
  refetchable: boolean;
}

/** Longest ID `decodeGlobalId` reads: keys are URLs at most, and a caller's input is bounded. */
const MAX_ID_LENGTH = 4096;

export function encodeGlobalId(identity: NodeIdentity): string {
  return Buffer.from(JSON.stringify([identity.type, identity.platform, identity.key, identity.refetchable ? 1 : 0]), 'utf8').toString(
    'base64url',
  );
}

/** The identity inside a global ID, or null for anything this gateway did not issue. */
export function decodeGlobalId(id: string): NodeIdentity | null {
  if (id.length === 0 || id.length > MAX_ID_LENGTH || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(id, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [type, platform, key, refetchable] = parsed as unknown[];
  if (typeof type !== 'string' || typeof platform !== 'string' || typeof key !== 'string' || (refetchable !== 0 && refetchable !== 1))
    return null;
  return { type, platform, key, refetchable: refetchable === 1 };
}

/** Fields that identify a resource of a type no family gave a key: every one present is part of the key. */
const IDENTIFYING_FIELDS = ['id', 'postId', 'url', 'language'] as const;

/**
 * The key of a resource whose family declares none: its identifying fields, or when it has
 * none a digest of its content (fetch times left out, so the same resource keeps its ID).
 */
function derivedKey(resource: Readonly<Record<string, unknown>>): string {
  const present = IDENTIFYING_FIELDS.filter((name) => resource[name] !== null && resource[name] !== undefined);
  if (present.length > 0) return JSON.stringify(present.map((name) => [name, resource[name]]));
  const { fetchedAt: _fetchedAt, ...content } = resource;
  return `sha256:${createHash('sha256').update(JSON.stringify(content)).digest('base64url')}`;
}

/** Refetch declarations by type and platform. */
export class RefetchRegistry {
  readonly #byTypeAndPlatform = new Map<string, RefetchDeclaration>();

  constructor(declarations: readonly RefetchDeclaration[]) {
    for (const declaration of declarations) {
      const name = RefetchRegistry.#name(declaration.type, declaration.platform);
      if (this.#byTypeAndPlatform.has(name)) throw new Error(`Refetch of ${declaration.type} on ${declaration.platform} is declared twice`);
      this.#byTypeAndPlatform.set(name, declaration);
    }
  }

  static #name(type: string, platform: string): string {
    return `${type}\u0000${platform}`;
  }

  declaration(type: string, platform: string): RefetchDeclaration | undefined {
    return this.#byTypeAndPlatform.get(RefetchRegistry.#name(type, platform));
  }

  /** The identity of a resource shown as GraphQL type `type`. */
  identify(type: string, resource: Readonly<Record<string, unknown>>): NodeIdentity {
    const platform = typeof resource.platform === 'string' ? resource.platform : '';
    const key = this.declaration(type, platform)?.key(resource) ?? null;
    return key === null ? { type, platform, key: derivedKey(resource), refetchable: false } : { type, platform, key, refetchable: true };
  }
}
