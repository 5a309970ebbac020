import { z } from 'zod';
import { idLike, list, numLike, str, strList } from '../parse/lenient.js';

/**
 * Reader of an agent profile answer (embedded in the agent page's dataCache, or from the
 * agent-profile endpoint). No public recording of an agent page exists, so the reader does
 * not bet on one spelling: it accepts the field names Redfin uses for the same facts on its
 * listing answers (agentName, brokerName, …) and their common variants, listed below.
 */

const namedSchema = z.union([z.string(), z.looseObject({ name: z.string() }).transform((value) => value.name)]);

export const agentProfileSchema = z.looseObject({
  agentId: idLike,
  id: idLike,
  fullName: str,
  displayName: str,
  agentName: str,
  name: str,
  firstName: str,
  lastName: str,
  photoUrl: str,
  profilePhotoUrl: str,
  headshotUrl: str,
  brokerageName: str,
  brokerName: str,
  brokerage: z
    .union([z.string(), z.looseObject({ name: z.string() }).transform((value) => value.name)])
    .nullish()
    .catch(null),
  licenseNumber: str,
  license: str,
  phone: str,
  phoneNumber: str,
  bio: str,
  aboutMe: str,
  description: str,
  languages: strList,
  serviceAreas: list(namedSchema),
  rating: numLike,
  averageRating: numLike,
  reviewCount: numLike,
  numReviews: numLike,
  salesStats: list(z.looseObject({ label: z.string(), value: z.union([z.string(), z.number()]), period: str })),
  stats: list(z.looseObject({ label: z.string(), value: z.union([z.string(), z.number()]), period: str })),
  listings: z.array(z.unknown()).catch([]),
  activeListings: z.array(z.unknown()).catch([]),
  homes: z.array(z.unknown()).catch([]),
});
export type AgentProfile = z.output<typeof agentProfileSchema>;

/** Keys under which an answer may nest the profile object. */
const NESTING_KEYS = ['agent', 'agentInfo', 'agentProfile', 'profile'] as const;

/** The profile in an answer's content (itself or nested one level), or null when it names no agent. */
export function agentProfileIn(content: unknown): AgentProfile | null {
  const candidates: unknown[] = [content];
  if (content !== null && typeof content === 'object') {
    for (const key of NESTING_KEYS) candidates.push((content as Record<string, unknown>)[key]);
  }
  for (const candidate of candidates) {
    const parsed = agentProfileSchema.safeParse(candidate);
    if (parsed.success && nameOf(parsed.data) !== null) {
      // Listings may sit beside a nested profile rather than inside it.
      const outer = agentProfileSchema.safeParse(content).data;
      const listings =
        [parsed.data.listings, parsed.data.activeListings, parsed.data.homes, outer?.listings ?? [], outer?.activeListings ?? []].find(
          (each) => each.length > 0,
        ) ?? [];
      return { ...parsed.data, listings };
    }
  }
  return null;
}

/** The agent's name under any of its spellings. */
export function nameOf(profile: AgentProfile): string | null {
  const joined = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return profile.fullName ?? profile.displayName ?? profile.agentName ?? profile.name ?? (joined === '' ? null : joined);
}
