import type { FetchContext, SingleResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import type { RealEstateAgent } from '../model.js';
import { agentFromJsonLd, agentFromProfile, type AgentContext } from '../agent/agent-normalise.js';
import { agentProfileIn, type AgentProfile } from '../agent/agent-profile.js';
import { resolveMarket } from '../market.js';
import type { RealtyParams } from '../params.js';
import { cachedContent, type CachedAnswer } from '../parse/data-cache.js';
import { agentProfileUrl } from '../stingray-urls.js';
import { agentTarget } from '../urls.js';
import { loadPage } from './listing-page.js';
import type { Via } from './sourced.js';
import { fetchSection } from './upstream-fetch.js';

/** Cached answers that may hold the profile: agent paths, not the site-wide flags and menus. */
const AGENT_ANSWER_PATH = /agent/i;
const NOT_PROFILE_PATH = /bouncer|userData|user-menu|login|placement/i;
const AGENT_ID_IN_PAGE = /"agentId"\s*:\s*"?(\d{1,19})"?/;

/**
 * GET /v1/realty/agent: the agent or partner-agent profile page, its embedded profile
 * answer, the agent-profile endpoint when the page lacks one, its JSON-LD last. Gaps of the
 * profile are filled from the JSON-LD of the same page.
 */
export async function fetchAgent(params: RealtyParams, ctx: FetchContext): Promise<SingleResult<RealEstateAgent>> {
  const market = resolveMarket(params.tld, params.country_code);
  const target = agentTarget(params.url, market);
  const loaded = await loadPage(ctx, target.pageUrl);
  if ('empty' in loaded) return loaded.empty;
  const { page } = loaded;
  const context: AgentContext = { market, pageUrl: page.canonicalUrl ?? target.pageUrl, slug: target.slug, fetchedAt: ctx.fetchedAt };
  const fromJsonLd = agentFromJsonLd(page.jsonLd, context);

  let found: { profile: AgentProfile; via: Via; content: unknown } | null = cachedProfile(page.dataCache);
  // The agent-profile endpoint is unconfirmed: its failure is a missing profile, not an error.
  let profileMissing: string | null = null;
  if (found === null) {
    const agentId = AGENT_ID_IN_PAGE.exec(page.html)?.[1];
    const answer = agentId === undefined ? null : await fetchSection(ctx, agentProfileUrl(market, agentId), 'agent profile');
    if (answer !== null && 'missing' in answer) profileMissing = answer.missing;
    const profile = answer === null || 'missing' in answer ? null : agentProfileIn(answer.content);
    if (profile !== null && answer !== null && 'content' in answer) found = { profile, via: 'stingray', content: answer.content };
  }

  if (found !== null) {
    const agent = agentFromProfile(found.profile, context);
    return {
      data: fromJsonLd === null ? agent : fillAgentGaps(agent, fromJsonLd.agent),
      raw: { via: found.via, url: target.pageUrl, isPartner: target.isPartner, profile: found.content, jsonLd: fromJsonLd?.node ?? null },
    };
  }
  if (fromJsonLd === null) {
    throw schemaDrift('The Redfin agent page has no agent profile (embedded or from stingray) and no RealEstateAgent JSON-LD.', {
      url: target.pageUrl,
      ...(profileMissing === null ? {} : { agentProfile: profileMissing }),
    });
  }
  // A profile answer that failed (not one that is simply absent) leaves the JSON-LD's gaps unfilled.
  const warnings =
    profileMissing !== null && profileMissing !== 'HTTP 404'
      ? ['agent profile unavailable: fields the page JSON-LD lacks are unknown']
      : [];
  return {
    data: fromJsonLd.agent,
    raw: {
      via: 'json-ld',
      url: target.pageUrl,
      isPartner: target.isPartner,
      jsonLd: fromJsonLd.node,
      ...(profileMissing === null ? {} : { missing: { agentProfile: profileMissing } }),
    },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function cachedProfile(cache: readonly CachedAnswer[] | null): { profile: AgentProfile; via: Via; content: unknown } | null {
  for (const answer of cache ?? []) {
    if (!AGENT_ANSWER_PATH.test(answer.path) || NOT_PROFILE_PATH.test(answer.path)) continue;
    const content = cachedContent(answer);
    const profile = agentProfileIn(content);
    if (profile !== null) return { profile, via: 'page-cache', content };
  }
  return null;
}

/** Null and empty fields of `agent` taken from `extra` (both read from the same page). */
function fillAgentGaps(agent: RealEstateAgent, extra: RealEstateAgent): RealEstateAgent {
  const merged: Record<string, unknown> = { ...agent };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    if (current === null || (Array.isArray(current) && current.length === 0)) merged[key] = value;
  }
  return merged as unknown as RealEstateAgent;
}
