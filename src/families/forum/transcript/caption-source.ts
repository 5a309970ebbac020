import { schemaDrift } from '../../../errors.js';
import type { Upstream } from '../../../catalogue/upstream.js';
import { parseDashManifest, type DashCaptionTrack } from './dash.js';
import { findHlsSubtitles, isHlsPlaylist } from './hls.js';

/**
 * Finds the caption file of a v.redd.it video: DASH first; when DASH lists no text track,
 * the HLS playlist is checked so that captions offered only as segmented HLS are reported
 * as upstream_schema_drift rather than as "no captions".
 */

export interface VideoManifests {
  dash: string;
  hls: string;
}

/** The caption track to read, or why there is none (an empty result). */
export type CaptionLookup =
  | { kind: 'found'; track: DashCaptionTrack & { fileUrl: string }; durationSeconds: number | null; manifestUrl: string }
  | { kind: 'empty'; reason: 'not_found' | 'no_captions' | 'language_unavailable'; languages: string[]; durationSeconds: number | null };

/** "en" matches "en", "en-US" and "EN"; a track without a language matches any request. */
export function languageMatches(trackLanguage: string | null, requested: string): boolean {
  if (trackLanguage === null) return true;
  const primary = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];
  return primary(trackLanguage) === primary(requested);
}

function isOnVideoHost(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname === 'v.redd.it';
  } catch {
    return false;
  }
}

async function hlsHasSubtitles(upstream: Upstream, url: string): Promise<boolean> {
  const response = await upstream.fetch({ url, passStatuses: [404] });
  if (response.status === 404 || !isHlsPlaylist(response.body)) return false;
  return findHlsSubtitles(response.body).length > 0;
}

/** Looks up the caption track in `language`, fetching the DASH manifest and maybe the HLS playlist. */
export async function findCaptionTrack(upstream: Upstream, manifests: VideoManifests, language: string): Promise<CaptionLookup> {
  const response = await upstream.fetch({ url: manifests.dash, passStatuses: [404] });
  if (response.status === 404) return { kind: 'empty', reason: 'not_found', languages: [], durationSeconds: null };
  const manifest = parseDashManifest(response.body, manifests.dash);
  const { durationSeconds, captionTracks } = manifest;
  if (captionTracks.length === 0) {
    if (await hlsHasSubtitles(upstream, manifests.hls))
      throw schemaDrift('The video offers captions only as segmented HLS subtitles, which the gateway cannot read.', {
        videoManifest: manifests.hls,
      });
    return { kind: 'empty', reason: 'no_captions', languages: [], durationSeconds };
  }
  const files = captionTracks.filter((track): track is DashCaptionTrack & { fileUrl: string } => track.fileUrl !== null);
  if (files.length === 0)
    throw schemaDrift('The video offers captions only in segmented form, which the gateway cannot read.', {
      videoManifest: manifests.dash,
    });
  const track = files.find((candidate) => languageMatches(candidate.language, language));
  if (track === undefined) {
    const languages = files.map((candidate) => candidate.language).filter((value): value is string => value !== null);
    return { kind: 'empty', reason: 'language_unavailable', languages, durationSeconds };
  }
  if (!isOnVideoHost(track.fileUrl)) throw schemaDrift('The caption file is not on the video host.', { captionUrl: track.fileUrl });
  return { kind: 'found', track, durationSeconds, manifestUrl: manifests.dash };
}
