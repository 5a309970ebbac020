import { z } from 'zod';
import { schemaDrift } from '../../../errors.js';
import { tryParseJson } from './json-text.js';

/** The anti-JSON-hijacking prefix of stingray bodies; exactly these 4 characters are stripped. */
export const STINGRAY_PREFIX = '{}&&';

const envelopeSchema = z.looseObject({
  resultCode: z.number(),
  errorMessage: z.string().nullish(),
  version: z.number().nullish(),
  payload: z.unknown().optional(),
});

/** A stingray answer: the {version, errorMessage, resultCode, payload} envelope, or a bare body (rentals API). */
export type StingrayBody =
  { envelope: true; resultCode: number; errorMessage: string | null; payload: unknown } | { envelope: false; body: unknown };

/** Parses a stingray text (prefixed or not, enveloped or not); unreadable JSON is schema drift. */
export function parseStingrayText(text: string, where: string): StingrayBody {
  const json = text.startsWith(STINGRAY_PREFIX) ? text.slice(STINGRAY_PREFIX.length) : text;
  const parsed = tryParseJson(json);
  if (parsed === undefined) throw schemaDrift(`Redfin's ${where} answer is not JSON.`, { where });
  const envelope = envelopeSchema.safeParse(parsed);
  if (envelope.success && 'payload' in envelope.data) {
    return {
      envelope: true,
      resultCode: envelope.data.resultCode,
      errorMessage: envelope.data.errorMessage ?? null,
      payload: envelope.data.payload,
    };
  }
  return { envelope: false, body: parsed };
}

/** The usable content of a body: the payload of a successful envelope, a bare body as is, else null. */
export function contentOf(body: StingrayBody): unknown {
  if (!body.envelope) return body.body;
  return body.resultCode === 0 ? body.payload : null;
}
