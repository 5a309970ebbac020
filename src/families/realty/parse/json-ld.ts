/** Helpers for schema.org JSON-LD nodes as Redfin embeds them. */

export type JsonLdNode = Record<string, unknown>;

/** Every object node of the blocks: arrays and @graph are flattened, order kept. */
export function jsonLdNodes(blocks: readonly unknown[]): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      const node = value as JsonLdNode;
      nodes.push(node);
      if (Array.isArray(node['@graph'])) visit(node['@graph']);
    }
  };
  blocks.forEach(visit);
  return nodes;
}

/** The node's @type values (a string or a list in JSON-LD). */
export function typesOf(node: JsonLdNode): string[] {
  const type = node['@type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((each): each is string => typeof each === 'string') : [];
}

export function hasType(node: JsonLdNode, ...wanted: string[]): boolean {
  return typesOf(node).some((type) => wanted.includes(type));
}

/** A URL from a string, an ImageObject or a list of either (first one). */
export function imageUrlOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length > 0 ? imageUrlOf(value[0]) : null;
  if (value !== null && typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string')
    return (value as { url: string }).url;
  return null;
}

/** Every URL of an image field (string, ImageObject or list). */
export function imageUrlsOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return values.map(imageUrlOf).filter((url): url is string => url !== null);
}
