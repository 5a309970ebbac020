import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import { invalidParam, schemaDrift } from '../../../errors.js';
import type { Transcript } from '../../../model/content.js';
import { makeTranscript } from '../../../model/make.js';
import { PLATFORM } from '../constants.js';
import { chooseTranscript } from '../normalise/transcript-choice.js';
import { readTranscriptFile } from '../normalise/transcript-files.js';
import { durationSeconds } from '../normalise/times.js';
import { fetchTranscriptFile } from '../upstream/transcript-file.js';
import { findEpisode } from './episode-source.js';
import { REASONS } from './outcomes.js';
import { EPISODE_CONSTRAINT, canonicalEpisode, episodeIdentity } from './params.js';

const BCP47 = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,6}$/;

const params = z.object({
  ...episodeIdentity,
  language: z.string().min(2).max(64).optional().describe('a BCP 47 language tag: only transcripts in that language (its primary subtag)'),
});

/** GET /v1/podcasts/episode/transcript */
export const podcastsEpisodeTranscriptEndpoint = defineEndpoint({
  path: '/v1/podcasts/episode/transcript',
  summary: "An episode's transcript from the file its feed links (WebVTT, SubRip, JSON or HTML)",
  description: [
    "Finds the episode as /v1/podcasts/episode does, then reads one of its item's podcast:transcript files: VTT before SRT before JSON before HTML, then feed order; with language, only files in that language (the tag's, else the channel's).",
    "source is captions (the publisher's file); raw.rel is the tag's rel, raw.format the format read and raw.transcriptUrl the file's URL.",
    'Empty results (not charged): not_found, no_feed, feed_gone, publisher_blocked, no_transcript, language_unavailable (raw.availableLanguages lists the languages there are), transcript_gone.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: EPISODE_CONSTRAINT }),
  returns: { kind: 'single', type: 'Transcript' },
  raw: z.object({
    rel: z.string().nullable().describe("the transcript tag's rel (captions for a timed caption file)"),
    format: z.string().describe('vtt, srt, json or html'),
    transcriptUrl: z.string().describe("the transcript file's URL"),
    availableLanguages: z.array(z.string()).describe('with language_unavailable: the languages the transcripts are in'),
  }),
  normaliseParams: (input) => {
    if (input.language !== undefined && !BCP47.test(input.language.trim()))
      throw invalidParam('language', 'Invalid parameter `language`: pass a BCP 47 language tag, e.g. en or es-MX.');
    return canonicalEpisode({ ...input, language: input.language?.trim() });
  },
  async fetch(input, ctx): Promise<SingleResult<Transcript>> {
    const found = await findEpisode(ctx, input);
    if (found.kind === 'empty') return { data: null, raw: found.raw, emptyReason: found.reason };
    if (found.kind === 'apple') return { data: null, raw: found.raw, emptyReason: REASONS.noTranscript, warnings: found.warnings };
    const choice = chooseTranscript(found.item.transcripts, found.channel.language, input.language);
    if (choice.kind === 'none') return { data: null, raw: found.raw, emptyReason: REASONS.noTranscript };
    if (choice.kind === 'language_unavailable') {
      return { data: null, raw: { ...found.raw, availableLanguages: choice.availableLanguages }, emptyReason: REASONS.languageUnavailable };
    }
    const { tag } = choice;
    const file = await fetchTranscriptFile(ctx, tag.url);
    const raw = { ...found.raw, rel: tag.rel, format: tag.format, transcriptUrl: file.url };
    if (file.kind === 'gone') return { data: null, raw, emptyReason: REASONS.transcriptGone };
    const read = readTranscriptFile(tag.format, file.body);
    if (read === null) throw schemaDrift(`The transcript file is not ${tag.format.toUpperCase()}.`, { url: file.url, format: tag.format });
    return {
      data: makeTranscript({
        platform: PLATFORM,
        postId: found.post.id,
        url: found.post.url,
        language: tag.resolvedLanguage,
        text: read.text,
        cues: read.cues,
        durationSeconds: durationSeconds(found.item.duration),
        source: 'captions',
        fetchedAt: ctx.fetchedAt,
      }),
      raw,
    };
  },
});
