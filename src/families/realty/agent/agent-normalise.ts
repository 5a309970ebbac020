import { z } from 'zod';
import type { AgentStat, RealEstateAgent } from '../model.js';
import { gisHomeListing } from '../listing/gis-listing.js';
import { REALTY_PLATFORM, type Market } from '../market.js';
import { hasType, imageUrlOf, jsonLdNodes, type JsonLdNode } from '../parse/json-ld.js';
import { numLike, obj, str } from '../parse/lenient.js';
import { absoluteUrl, cleanText, distinctStrings } from '../parse/values.js';
import { gisHomeSchema } from '../search/search-schemas.js';
import { nameOf, type AgentProfile } from './agent-profile.js';

export interface AgentContext {
  market: Market;
  pageUrl: string;
  /** The profile's URL slug: the agent's id on Redfin when no numeric id is shown. */
  slug: string;
  fetchedAt: string;
}

export function blankAgent(context: AgentContext): RealEstateAgent {
  return {
    platform: REALTY_PLATFORM,
    id: null,
    name: null,
    url: context.pageUrl,
    photoUrl: null,
    brokerageName: null,
    licenseNumber: null,
    phone: null,
    bio: null,
    languages: [],
    serviceAreas: [],
    rating: null,
    reviewCount: null,
    salesStats: [],
    listings: [],
    fetchedAt: context.fetchedAt,
  };
}

/** A RealEstateAgent from a profile answer; its listings are the home cards it carries. */
export function agentFromProfile(profile: AgentProfile, context: AgentContext): RealEstateAgent {
  const stats = profile.salesStats.length > 0 ? profile.salesStats : profile.stats;
  return {
    ...blankAgent(context),
    id: profile.agentId ?? profile.id ?? context.slug,
    name: nameOf(profile),
    photoUrl: absoluteUrl(context.market.origin, profile.photoUrl ?? profile.profilePhotoUrl ?? profile.headshotUrl),
    brokerageName: profile.brokerageName ?? profile.brokerName ?? profile.brokerage ?? null,
    licenseNumber: profile.licenseNumber ?? profile.license ?? null,
    phone: profile.phone ?? profile.phoneNumber ?? null,
    bio: cleanText(profile.bio ?? profile.aboutMe ?? profile.description),
    languages: distinctStrings(profile.languages),
    serviceAreas: distinctStrings(profile.serviceAreas),
    rating: profile.rating ?? profile.averageRating ?? null,
    reviewCount: profile.reviewCount ?? profile.numReviews ?? null,
    salesStats: stats.map((stat): AgentStat => ({ label: stat.label, value: String(stat.value), period: stat.period ?? null })),
    listings: profile.listings.flatMap((home) => {
      const listing = gisHomeListing(gisHomeSchema.safeParse(home).data ?? gisHomeSchema.parse({}), context.market, context.fetchedAt);
      return listing === null ? [] : [listing];
    }),
  };
}

const ratingSchema = obj({ ratingValue: numLike, reviewCount: numLike, ratingCount: numLike });
const agentNodeSchema = z.looseObject({
  name: str,
  telephone: str,
  description: str,
  aggregateRating: ratingSchema,
  identifier: z.unknown().optional(),
});

/** A RealEstateAgent from the page's schema.org RealEstateAgent JSON-LD, or null without one. */
export function agentFromJsonLd(blocks: readonly unknown[], context: AgentContext): { agent: RealEstateAgent; node: JsonLdNode } | null {
  const node = jsonLdNodes(blocks).find((each) => hasType(each, 'RealEstateAgent'));
  if (!node) return null;
  const parsed = agentNodeSchema.parse(node);
  const rating = parsed.aggregateRating;
  return {
    node,
    agent: {
      ...blankAgent(context),
      id: context.slug,
      name: parsed.name ?? null,
      url: typeof node.url === 'string' ? node.url : context.pageUrl,
      photoUrl: imageUrlOf(node.image),
      brokerageName: namesOf(node.worksFor ?? node.parentOrganization ?? node.memberOf)[0] ?? null,
      licenseNumber: licenseOf(parsed.identifier),
      phone: parsed.telephone ?? null,
      bio: cleanText(parsed.description),
      languages: namesOf(node.knowsLanguage),
      serviceAreas: namesOf(node.areaServed),
      rating: rating?.ratingValue ?? null,
      reviewCount: rating?.reviewCount ?? rating?.ratingCount ?? null,
    },
  };
}

/** Names of a JSON-LD value that is a string, a {name} node or a list of either. */
function namesOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return distinctStrings(
    values.map((each) =>
      typeof each === 'string' ? each : typeof each === 'object' && each !== null ? str.parse((each as { name?: unknown }).name) : null,
    ),
  );
}

/** A license from an identifier PropertyValue whose name mentions a license. */
function licenseOf(identifier: unknown): string | null {
  const values = Array.isArray(identifier) ? identifier : [identifier];
  for (const value of values) {
    const parsed = z
      .looseObject({ name: str, propertyID: str, value: z.union([z.string(), z.number()]).nullish().catch(null) })
      .safeParse(value);
    if (parsed.success && /licen[cs]e/i.test(`${parsed.data.name ?? ''} ${parsed.data.propertyID ?? ''}`) && parsed.data.value != null)
      return String(parsed.data.value);
  }
  return null;
}
