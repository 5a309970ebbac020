/**
 * Subtitle renditions of an HLS master playlist:
 *   #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="subs_en.m3u8"
 * HLS subtitles are always a segmented media playlist, which the gateway does not stitch.
 */

export interface HlsSubtitleRendition {
  language: string | null;
  name: string | null;
  uri: string | null;
}

function attributeList(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(/([A-Z0-9-]+)=("([^"]*)"|[^,]*)/g)) attributes.set(match[1] ?? '', match[3] ?? match[2] ?? '');
  return attributes;
}

/** Lists the SUBTITLES (and CLOSED-CAPTIONS) renditions of a playlist; [] when it has none. */
export function findHlsSubtitles(playlist: string): HlsSubtitleRendition[] {
  const renditions: HlsSubtitleRendition[] = [];
  for (const line of playlist.split(/\r?\n/)) {
    if (!line.startsWith('#EXT-X-MEDIA:')) continue;
    const attributes = attributeList(line.slice('#EXT-X-MEDIA:'.length));
    const type = attributes.get('TYPE');
    if (type !== 'SUBTITLES' && type !== 'CLOSED-CAPTIONS') continue;
    renditions.push({
      language: attributes.get('LANGUAGE') ?? null,
      name: attributes.get('NAME') ?? null,
      uri: attributes.get('URI') ?? null,
    });
  }
  return renditions;
}

/** True when the body is an HLS playlist at all. */
export function isHlsPlaylist(body: string): boolean {
  return body.trimStart().startsWith('#EXTM3U');
}
