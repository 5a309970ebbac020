import { XMLParser } from 'fast-xml-parser';
import { schemaDrift } from '../../../errors.js';

/**
 * Caption tracks of a DASH manifest (v.redd.it DASHPlaylist.mpd). A text AdaptationSet
 * (contentType="text", mimeType text/vtt, a wvtt/stpp codec, or a caption/subtitle Role)
 * is either one whole WebVTT file named by BaseURL, or segmented (SegmentTemplate,
 * SegmentList, or WebVTT inside MP4 fragments), which the gateway cannot read.
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['Period', 'AdaptationSet', 'Representation', 'BaseURL', 'Role', 'Label'].includes(name),
});

/** One caption Representation of the manifest. */
export interface DashCaptionTrack {
  /** Absolute URL of the whole caption file; null for a segmented track. */
  fileUrl: string | null;
  segmented: boolean;
  language: string | null;
  label: string | null;
}

/** The parts of a manifest the transcript needs. */
export interface DashManifest {
  durationSeconds: number | null;
  captionTracks: DashCaptionTrack[];
}

type XmlNode = Record<string, unknown>;

function nodes(value: unknown): XmlNode[] {
  return Array.isArray(value) ? value.filter((item): item is XmlNode => typeof item === 'object' && item !== null) : [];
}

function attribute(node: XmlNode, name: string): string | null {
  const value = node[`@_${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function textOf(node: unknown): string | null {
  if (typeof node === 'string') return node.trim() || null;
  if (typeof node === 'object' && node !== null && typeof (node as XmlNode)['#text'] === 'string')
    return ((node as XmlNode)['#text'] as string).trim() || null;
  return null;
}

function firstChild(node: XmlNode, name: string): unknown {
  const value = node[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The first BaseURL of `node` resolved against `base`; null when the node has none. */
function ownBaseUrl(node: XmlNode, base: string): string | null {
  const relative = textOf(firstChild(node, 'BaseURL'));
  if (relative === null) return null;
  try {
    return new URL(relative, base).toString();
  } catch {
    throw schemaDrift('The video manifest has an unreadable BaseURL.', { baseUrl: relative });
  }
}

function withBaseUrl(node: XmlNode, base: string): string {
  return ownBaseUrl(node, base) ?? base;
}

/** ISO 8601 durations such as PT1M27.5S as seconds. */
export function isoDurationSeconds(text: string | null): number | null {
  const match = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text ?? '');
  if (!match || text === 'P' || text === 'PT') return null;
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  return (days ?? 0) * 86400 + (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0);
}

function isTextSet(set: XmlNode, representations: XmlNode[]): boolean {
  const kinds = [set, ...representations].flatMap((node) => [
    attribute(node, 'contentType'),
    attribute(node, 'mimeType'),
    attribute(node, 'codecs'),
  ]);
  const roles = nodes(set.Role).map((role) => attribute(role, 'value'));
  return (
    kinds.some((kind) => kind !== null && /^(text|text\/vtt|application\/ttml\+xml|wvtt|stpp.*)$/i.test(kind)) ||
    roles.some((role) => role === 'caption' || role === 'subtitle')
  );
}

function captionTrack(set: XmlNode, representation: XmlNode, base: string): DashCaptionTrack {
  const mime = attribute(representation, 'mimeType') ?? attribute(set, 'mimeType');
  const codecs = attribute(representation, 'codecs') ?? attribute(set, 'codecs');
  const inSegments =
    [set, representation].some((node) => node.SegmentTemplate !== undefined || node.SegmentList !== undefined) ||
    mime === 'application/mp4' ||
    (codecs !== null && /^(wvtt|stpp)/i.test(codecs));
  // A whole file is named by the Representation's own BaseURL; anything else is segments.
  const fileUrl = inSegments ? null : ownBaseUrl(representation, base);
  const label = textOf(firstChild(set, 'Label')) ?? attribute(set, 'label');
  return { fileUrl, segmented: fileUrl === null, language: attribute(representation, 'lang') ?? attribute(set, 'lang'), label };
}

/** Reads a DASH manifest; a body that is not an MPD is schema drift. */
export function parseDashManifest(xml: string, manifestUrl: string): DashManifest {
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    throw schemaDrift('The video manifest was not well-formed XML.');
  }
  const mpd = (document as XmlNode | null)?.MPD;
  if (typeof mpd !== 'object' || mpd === null) throw schemaDrift('The video manifest is not a DASH MPD.');
  const root = mpd as XmlNode;
  const captionTracks: DashCaptionTrack[] = [];
  const mpdBase = withBaseUrl(root, manifestUrl);
  for (const period of nodes(root.Period)) {
    const periodBase = withBaseUrl(period, mpdBase);
    for (const set of nodes(period.AdaptationSet)) {
      const representations = nodes(set.Representation);
      if (!isTextSet(set, representations)) continue;
      const setBase = withBaseUrl(set, periodBase);
      for (const representation of representations.length > 0 ? representations : [{}])
        captionTracks.push(captionTrack(set, representation, setBase));
    }
  }
  return { durationSeconds: isoDurationSeconds(attribute(root, 'mediaPresentationDuration')), captionTracks };
}
