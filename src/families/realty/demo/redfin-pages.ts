/**
 * Builds synthetic Redfin pages shaped like the real ones: API answers cached in
 * `root.__reactServerState.InitialContext` (stingray bodies as `{}&&`-prefixed JSON strings
 * in an envelope), schema.org JSON-LD blocks and a canonical link. Data is invented.
 */

export interface CachedAnswerSpec {
  /** dataCache key (a path, possibly with a query). */
  key: string;
  /** requestData.queryParams[0] of the entry. */
  queryParams?: Record<string, string | number>;
  /** The answer's content: wrapped in the stingray envelope unless `bare`. */
  body: unknown;
  /** Rentals API answers have no prefix and no envelope. */
  bare?: boolean;
}

export interface PageSpec {
  title?: string;
  canonical?: string;
  /** null: the page has no InitialContext script at all. */
  cache?: CachedAnswerSpec[] | null;
  jsonLd?: unknown[];
  bodyHtml?: string;
}

/** A stingray body as the API sends it: `{}&&` + the {version, errorMessage, resultCode, payload} envelope. */
export function stingrayText(payload: unknown, resultCode = 0): string {
  return '{}&&' + JSON.stringify({ version: 629, errorMessage: resultCode === 0 ? 'Success' : 'Error', resultCode, payload });
}

export function redfinPage(spec: PageSpec): string {
  const head = [
    `<title>${spec.title ?? 'Redfin'}</title>`,
    spec.canonical ? `<link rel="canonical" href="${spec.canonical}">` : '',
    ...(spec.jsonLd ?? []).map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`),
  ].join('\n');
  const script = spec.cache === null || spec.cache === undefined ? '' : initialContextScript(spec.cache);
  return `<!DOCTYPE html>\n<html lang="en"><head>${head}</head><body><div id="content">${spec.bodyHtml ?? ''}</div>${script}</body></html>`;
}

function initialContextScript(answers: CachedAnswerSpec[]): string {
  const dataCache = Object.fromEntries(
    answers.map((answer) => [
      answer.key,
      {
        url: answer.key,
        requestData: {
          urlPath: answer.key,
          method: 'GET',
          queryParams: answer.queryParams ? [answer.queryParams] : [],
          postParams: null,
          type: 'json',
        },
        requesters: 1,
        loaded: true,
        res: {
          _hasBody: true,
          type: 'application/json',
          status: 200,
          ok: true,
          text: answer.bare ? JSON.stringify(answer.body) : stingrayText(answer.body),
        },
      },
    ]),
  );
  // Redfin escapes "/" as \u002F inside the script, which also keeps "</script>" out of it.
  const context = JSON.stringify({ 'ReactServerAgent.cache': { dataCache }, deviceType: 'desktop' }).replace(/\//g, '\\u002F');
  return [
    '<script>_tLAB.wait(function(){',
    '(function (root) {',
    '/* -- Data -- */',
    'root.__reactServerState || (root.__reactServerState = {});',
    `root.__reactServerState.InitialContext = ${context};`,
    'root.__reactServerState.Config = {"environmentName":"prod"};',
    '})(this);});</script>',
  ].join('\n');
}

/** A listing's invented data, keyed by the dataCache section names (the JSON fixtures' shape). */
export type ListingData = Record<string, unknown> & { url: string };

export type HomeSection = 'initialInfo' | 'aboveTheFold' | 'mainHouseInfoPanelInfo' | 'belowTheFold' | 'photoTags';

/** The path and ids of a listing fixture's URL. */
export function idsOf(data: ListingData): { path: string; propertyId: string } {
  const path = new URL(data.url).pathname;
  return { path, propertyId: /\/(\d+)$/.exec(path)![1]! };
}

/** A for-sale page whose dataCache holds the fixture's home-details answers, minus `omit`. */
export function salePage(data: ListingData, options: { omit?: HomeSection[]; jsonLd?: boolean; cache?: boolean } = {}): string {
  const { path, propertyId } = idsOf(data);
  const info = data.initialInfo as { listingId?: number } | undefined;
  const listingId = info?.listingId;
  const detailsQuery = { propertyId: Number(propertyId), accessLevel: 3, ...(listingId === undefined ? {} : { listingId }), pageType: 1 };
  const keys: Record<HomeSection, CachedAnswerSpec> = {
    initialInfo: { key: '/stingray/api/home/details/initialInfo', queryParams: { path }, body: data.initialInfo },
    aboveTheFold: { key: '/stingray/api/home/details/aboveTheFold', queryParams: detailsQuery, body: data.aboveTheFold },
    mainHouseInfoPanelInfo: {
      key: '/stingray/api/home/details/mainHouseInfoPanelInfo',
      queryParams: detailsQuery,
      body: data.mainHouseInfoPanelInfo,
    },
    belowTheFold: { key: '/stingray/api/home/details/belowTheFold', queryParams: detailsQuery, body: data.belowTheFold },
    photoTags: { key: `/stingray/api/photoTagsAndCaptions/listingId/${listingId ?? 0}/dataSourceId/92`, body: data.photoTags },
  };
  const cache = (Object.keys(keys) as HomeSection[])
    .filter((name) => data[name] !== undefined && !(options.omit ?? []).includes(name))
    .map((name) => keys[name]);
  cache.unshift({ key: '/stingray/corvair/v2/preresolveBouncerFlags', body: { bouncerData: {} } });
  return redfinPage({
    title: 'Listing | Redfin',
    canonical: data.url,
    cache: options.cache === false ? null : cache,
    jsonLd: options.jsonLd === false ? [] : ((data.jsonLd as unknown[] | undefined) ?? []),
  });
}

/** A rental building page whose dataCache holds the fixture's rentals answers, minus `omit`. */
export function rentalPage(data: ListingData, omit: string[] = []): string {
  const { propertyId } = idsOf(data);
  const rentalId = data.rentalId as string;
  const answers: Record<string, CachedAnswerSpec> = {
    homecards: { key: `/stingray/api/v1/rentals/homecards?propertyIds=${propertyId}`, body: data.homecards, bare: true },
    floorPlans: { key: `/stingray/api/v1/rentals/${rentalId}/floorPlans?`, body: data.floorPlans, bare: true },
    amenities: { key: `/stingray/api/v1/rentals/${rentalId}/amenities?`, body: data.amenities, bare: true },
    about: { key: `/stingray/api/v1/rentals/${rentalId}/about?`, body: data.about, bare: true },
    belowTheFold: { key: '/stingray/api/v1/home/details/belowTheFold', body: data.belowTheFold },
  };
  return redfinPage({
    title: 'Rental | Redfin',
    canonical: data.url,
    cache: Object.keys(answers)
      .filter((name) => !omit.includes(name))
      .map((name) => answers[name]!),
  });
}
