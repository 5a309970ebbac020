import { objectAt, textAt } from './values.js';

/**
 * A preview node of the platform: `3.2` an `<img src>` HTML string of an archived image, or
 * `1.4` a content.js preview URL. Both are URLs on the platform's media hosts, passed on as
 * given and never fetched; anything but an https URL is dropped.
 */
export interface Preview {
  imageUrl: string | null;
  previewUrl: string | null;
}

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

export function previewOf(node: unknown): Preview {
  const html = textAt(objectAt(node, '3'), '2');
  const match = html === null ? null : IMG_SRC.exec(html);
  return {
    imageUrl: httpsUrl(decodeEntities(match?.[1] ?? match?.[2] ?? '')),
    previewUrl: httpsUrl(textAt(objectAt(node, '1'), '4') ?? ''),
  };
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decodeEntities = (value: string): string => value.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]!);

function httpsUrl(value: string): string | null {
  const url = URL.parse(value);
  return url !== null && url.protocol === 'https:' && value.length <= 4096 ? value : null;
}
