import type { TranscriptCue } from '../../../model/content.js';
import { decodeEntities, htmlToText } from './html-text.js';

/**
 * The transcript formats feeds link (`podcast:transcript`), each read into cues and text:
 * WebVTT (voice spans and tags removed, entities decoded), SubRip blocks, the namespace's JSON
 * (`segments` of startTime, endTime, body) and HTML (each `<p>` timed by the `<time>` before it,
 * no end). HTML without times is the page's text, without cues.
 */

export type TranscriptFormat = 'vtt' | 'srt' | 'json' | 'html';

export interface ReadTranscript {
  cues: TranscriptCue[];
  text: string;
}

/** Seconds of `[HH:]MM:SS[.,]mmm` (VTT and SRT timestamps), or null. */
function timestampSeconds(text: string): number | null {
  const match = /^(?:(\d{1,4}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (match === null) return null;
  const fraction = match[4] === undefined ? 0 : Number(match[4].padEnd(3, '0')) / 1000;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) + fraction;
}

const TIMING = /^\s*(\S+)\s+-->\s+(\S+)/;

/** A cue's lines as one line of text: tags (and `<v Name>` spans) removed, entities decoded, spaces collapsed. */
const cueText = (lines: string[]): string =>
  decodeEntities(lines.join(' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/** VTT and SRT share the shape: blocks apart by blank lines, a timing line, then text. */
function timedBlocks(body: string): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  for (const block of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const timingAt = lines.findIndex((line) => TIMING.test(line));
    if (timingAt === -1) continue;
    const [, from, to] = TIMING.exec(lines[timingAt]!)!;
    const start = timestampSeconds(from!);
    if (start === null) continue;
    const text = cueText(lines.slice(timingAt + 1));
    if (text !== '') cues.push({ start, end: timestampSeconds(to!), text });
  }
  return cues;
}

function jsonCues(body: string): TranscriptCue[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const segments = (parsed as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments)) return null;
  const cues: TranscriptCue[] = [];
  for (const segment of segments as Record<string, unknown>[]) {
    const start = segment?.startTime;
    const body = segment?.body;
    if (typeof start !== 'number' || !Number.isFinite(start) || typeof body !== 'string') continue;
    const end = typeof segment.endTime === 'number' && Number.isFinite(segment.endTime) ? segment.endTime : null;
    const text = body.replace(/\s+/g, ' ').trim();
    if (text !== '') cues.push({ start, end, text });
  }
  return cues;
}

function htmlCues(body: string): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  let start: number | null = null;
  for (const match of body.matchAll(/<time\b[^>]*>([\s\S]*?)<\/time\s*>|<p\b[^>]*>([\s\S]*?)<\/p\s*>/gi)) {
    if (match[1] !== undefined) {
      start = timestampSeconds(htmlToText(match[1]) ?? '');
      continue;
    }
    const text = htmlToText(match[2]!)?.replace(/\s+/g, ' ') ?? '';
    if (start !== null && text !== '') cues.push({ start, end: null, text });
  }
  return cues;
}

/** Reads a transcript file, or null when it is not of its format (upstream_schema_drift for the caller). */
export function readTranscriptFile(format: TranscriptFormat, body: string): ReadTranscript | null {
  let cues: TranscriptCue[] | null;
  switch (format) {
    case 'vtt':
      if (!/^(?:\uFEFF)?WEBVTT(?:[ \t]|$)/m.test(body.slice(0, 64))) return null;
      cues = timedBlocks(body);
      break;
    case 'srt':
      cues = timedBlocks(body);
      if (cues.length === 0 && body.trim() !== '') return null;
      break;
    case 'json':
      cues = jsonCues(body);
      break;
    case 'html':
      cues = htmlCues(body);
      if (cues.length === 0) return { cues: [], text: htmlToText(body)?.replace(/\s+/g, ' ') ?? '' };
      break;
  }
  if (cues === null) return null;
  return { cues, text: cues.map((cue) => cue.text).join(' ') };
}
