import { FEDIVERSE_PLATFORM } from '../constants.js';
import type { Instance } from '../model.js';
import type { InstanceV1, InstanceV2 } from '../schemas/mastodon.js';
import { htmlToText } from './html-text.js';
import { count, fullAcct, text } from './values.js';

const rulesOf = (rules: InstanceV2['rules']): string[] =>
  (rules ?? []).map((rule) => text(rule?.text)).filter((value): value is string => value !== null);

const languagesOf = (languages: string[] | null | undefined) => (languages ?? []).filter((code) => code !== '');

const accountOf = (acct: string | null | undefined, domain: string) => (text(acct) === null ? null : fullAcct(acct!, domain));

/** The v2 document (`/api/v2/instance`): usage, contact and registrations as objects, no counts. */
export function instanceFromV2(document: InstanceV2, fetchedAt: string): Instance {
  const domain = document.domain.toLowerCase();
  return {
    platform: FEDIVERSE_PLATFORM,
    id: domain,
    title: text(document.title),
    description: text(htmlToText(document.description)),
    version: text(document.version),
    sourceUrl: text(document.source_url),
    thumbnailUrl: text(document.thumbnail?.url),
    languages: languagesOf(document.languages),
    monthlyActiveUsers: count(document.usage?.users?.active_month),
    userCount: null,
    statusCount: null,
    domainCount: null,
    registrationsOpen: document.registrations?.enabled ?? null,
    approvalRequired: document.registrations?.approval_required ?? null,
    contactEmail: text(document.contact?.email),
    contactAccount: accountOf(document.contact?.account?.acct, domain),
    rules: rulesOf(document.rules),
    maxCharacters: count(document.configuration?.statuses?.max_characters),
    fetchedAt,
  };
}

/** The v1 document (`/api/v1/instance`, older servers): `uri` for the domain, `stats` counts, booleans. */
export function instanceFromV1(document: InstanceV1, fetchedAt: string): Instance {
  const domain = document.uri
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
  return {
    platform: FEDIVERSE_PLATFORM,
    id: domain,
    title: text(document.title),
    description: text(htmlToText(document.short_description)) ?? text(htmlToText(document.description)),
    version: text(document.version),
    sourceUrl: null,
    thumbnailUrl: text(document.thumbnail),
    languages: languagesOf(document.languages),
    monthlyActiveUsers: null,
    userCount: count(document.stats?.user_count),
    statusCount: count(document.stats?.status_count),
    domainCount: count(document.stats?.domain_count),
    registrationsOpen: document.registrations ?? null,
    approvalRequired: document.approval_required ?? null,
    contactEmail: text(document.email),
    contactAccount: accountOf(document.contact_account?.acct, domain),
    rules: rulesOf(document.rules),
    maxCharacters: count(document.configuration?.statuses?.max_characters),
    fetchedAt,
  };
}
