import type { TranscriptCue } from '../../../model/content.js';
import { schemaDrift } from '../../../errors.js';
import { decodeHtmlEntities } from '../atom/html-text.js';

/**
 * A whole WebVTT file as timed cues. Cue identifiers, settings, NOTE/STYLE/REGION blocks
 * and inline tags (<c>, <v Speaker>, <00:00:01.500>) are dropped; the lines of one cue are
 * joined with a space.
 */

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

/** "01:02:03.500" or "02:03.500" as seconds. */
export function vttTimeToSeconds(text: string): number {
  const parts = text.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

function cueText(lines: readonly string[]): string {
  return decodeHtmlEntities(lines.join(' ').replace(/<[^>]*>/g, ''))
    .replace(/[\u200e\u200f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Parses a WebVTT body; a body without the WEBVTT signature is schema drift. */
export function parseWebVtt(body: string): TranscriptCue[] {
  const text = body.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text)) throw schemaDrift('The caption file is not WebVTT.');
  const cues: TranscriptCue[] = [];
  for (const block of text.split(/\n{2,}/).slice(1)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const timingAt = lines.findIndex((line) => TIMING.test(line));
    // NOTE, STYLE and REGION blocks have no timing line.
    if (timingAt < 0 || timingAt > 1) continue;
    const timing = TIMING.exec(lines[timingAt] ?? '');
    if (timing === null) continue;
    const content = cueText(lines.slice(timingAt + 1));
    if (content === '') continue;
    cues.push({ start: vttTimeToSeconds(timing[1] ?? ''), end: vttTimeToSeconds(timing[2] ?? ''), text: content });
  }
  return cues;
}

/** The whole transcript as one block: cue texts joined with single spaces. */
export function transcriptText(cues: readonly TranscriptCue[]): string {
  return cues.map((cue) => cue.text).join(' ');
}

/** The `Language:` header some WebVTT files carry (e.g. "Language: en"); null when absent. */
export function webVttLanguage(body: string): string | null {
  const header = body.replace(/\r\n?/g, '\n').split(/\n{2,}/)[0] ?? '';
  return /^Language:\s*([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\s*$/m.exec(header)?.[1] ?? null;
}
