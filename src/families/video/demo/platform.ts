import type { FakeReply, FakeRoute } from '../../../catalogue/demo-world.js';
import { VIDEO_HOST } from '../constants.js';
import {
  browseAnswer,
  browseContinuationAnswer,
  captionFile,
  channelFeed,
  channelIdFor,
  commentsAnswer,
  factsOf,
  nameOfChannelId,
  playerAnswer,
  searchAnswer,
  watchAnswer,
  type Json,
} from './answers.js';

/**
 * The demo's synthetic YouTube (www.youtube.com), also the tests' fake: InnerTube POSTs answered
 * by their bodies, caption files and the channel feed by their queries. The names asked about pick
 * the platform's answer:
 *
 * - videos (11-character ids) by prefix: `private…`, `removed…`, `missing…` (the player's refusals),
 *   `agegate…` (metadata kept), `botcheck…` (the bot check), `nocaption…`, `nocomment…`, `short…`,
 *   `live…`, `consent…` (the consent interstitial), `limited…` (429), `sorry…` (a redirect to the
 *   CAPTCHA page), `drift…` (an answer without its root); anything else is a healthy video;
 * - channels (handles, or ids `UC` + the name padded with x) by prefix: `missing…` (404),
 *   `removed…` (alerts), `noshorts…` (no Shorts tab), `refused…` (browse 403: the feed answers);
 * - searches: `nothing…` finds no videos.
 */

export const VIDEO_FAKE_HOST = VIDEO_HOST;

export interface VideoPlatformOptions {
  /** How many uploads each channel has (a new upload shows first); default 3. */
  uploads?: () => number;
  /** Moves counts (views, likes, comments) so watches see changes; default 0. */
  tick?: () => number;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): FakeReply => ({
  status,
  headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
  body: JSON.stringify(body),
});
const googleError = (code: number, status: string): FakeReply =>
  json(
    {
      error: {
        code,
        message: status === 'NOT_FOUND' ? 'Requested entity was not found.' : 'Request contains an invalid argument.',
        status,
      },
    },
    code,
  );
const CONSENT_PAGE: FakeReply = {
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: '<html><body><form action="https://consent.youtube.com/s" method="POST"><input type="hidden" name="v" value="demo"></form></body></html>',
};
const UNUSUAL_TRAFFIC: FakeReply = {
  status: 429,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: '<html><body><div class="g-recaptcha"></div><form action="/das_captcha?fw=1"></form></body></html>',
};
const SORRY: FakeReply = {
  status: 302,
  headers: { location: 'https://www.google.com/sorry/index?continue=https://www.youtube.com/' },
  body: '',
};

/** The answer a video's name stands for before any method reads it; undefined for a healthy video. */
function videoFailure(id: string): FakeReply | undefined {
  if (id.startsWith('consent')) return CONSENT_PAGE;
  if (id.startsWith('limited')) return UNUSUAL_TRAFFIC;
  if (id.startsWith('sorry')) return SORRY;
  if (id.startsWith('drift')) return json({ unexpected: true });
  return undefined;
}

const refusal = (status: string, reason: string, extra: Json = {}) => ({ status, reason, ...extra });

function player(id: string, client: string, tick: number): FakeReply {
  const facts = factsOf(id, tick);
  if (id.startsWith('private'))
    return json({ playabilityStatus: refusal('LOGIN_REQUIRED', 'This video is private', { messages: ['This is a private video.'] }) });
  if (id.startsWith('removed')) return json({ playabilityStatus: refusal('ERROR', 'This video has been removed by the uploader') });
  if (id.startsWith('missing')) return json({ playabilityStatus: refusal('ERROR', 'This video is unavailable') });
  if (id.startsWith('botcheck')) return json({ playabilityStatus: refusal('LOGIN_REQUIRED', 'Sign in to confirm you’re not a bot') });
  if (id.startsWith('agegate')) {
    const answer = playerAnswer(facts, client, refusal('LOGIN_REQUIRED', 'Sign in to confirm your age'));
    delete answer.captions;
    return json(answer);
  }
  const answer = playerAnswer(facts, client);
  if (id.startsWith('nocaption')) delete answer.captions;
  return json(answer);
}

function next(body: Json, tick: number): FakeReply {
  const token = typeof body.continuation === 'string' ? body.continuation : null;
  if (token !== null) {
    const match = /^comments\.([A-Za-z0-9_-]{11})\.(top|newest)(?:\.(\d))?$/.exec(token);
    if (match === null) return googleError(400, 'INVALID_ARGUMENT');
    return json(commentsAnswer(match[1]!, match[2]!, Number(match[3] ?? 1), tick));
  }
  const id = String(body.videoId ?? '');
  if (/^(?:private|missing|removed)/.test(id)) return json({ responseContext: {} });
  return json(watchAnswer(factsOf(id, tick), !id.startsWith('nocomment')));
}

function channelFailure(name: string): FakeReply | undefined {
  if (name.startsWith('missing')) return googleError(404, 'NOT_FOUND');
  if (name.startsWith('removed')) {
    return json({
      header: { c4TabbedHeaderRenderer: { channelId: channelIdFor(name) } },
      alerts: [
        {
          alertRenderer: { type: 'ERROR', text: { simpleText: 'This channel was removed because it violated our Community Guidelines.' } },
        },
      ],
    });
  }
  if (name.startsWith('refused'))
    return { status: 403, headers: { 'content-type': 'text/html' }, body: '<html><body>Forbidden</body></html>' };
  return undefined;
}

function browse(body: Json, uploads: number): FakeReply {
  if (typeof body.continuation === 'string') {
    const match = /^browse\.(UC[A-Za-z0-9_-]{22})\.videos\.2$/.exec(body.continuation);
    return match ? json(browseContinuationAnswer(match[1]!)) : googleError(400, 'INVALID_ARGUMENT');
  }
  const id = String(body.browseId ?? '');
  if (!/^UC[A-Za-z0-9_-]{22}$/.test(id)) return googleError(400, 'INVALID_ARGUMENT');
  const name = nameOfChannelId(id);
  return channelFailure(name) ?? json(browseAnswer(name, body.params === 'EgZzaG9ydHPyBgUKA5oBAA%3D%3D' ? 'shorts' : 'videos', uploads));
}

function resolveUrl(body: Json): FakeReply {
  const url = URL.parse(String(body.url ?? ''));
  const segments = url?.pathname.split('/').filter(Boolean) ?? [];
  const name = segments[0]?.startsWith('@') ? segments[0].slice(1) : (segments[1] ?? '');
  if (name === '' || name.startsWith('missing')) return googleError(404, 'NOT_FOUND');
  return json({ endpoint: { browseEndpoint: { browseId: channelIdFor(name), canonicalBaseUrl: `/@${name}` } } });
}

function innertube(method: string, body: Json, options: Required<VideoPlatformOptions>): FakeReply | undefined {
  const videoId = typeof body.videoId === 'string' ? body.videoId : null;
  const failure = videoId === null ? undefined : videoFailure(videoId);
  if (failure) return failure;
  const client = String((body.context as { client?: { clientName?: unknown } } | undefined)?.client?.clientName ?? '');
  if (method === 'player' && videoId !== null) return player(videoId, client, options.tick());
  if (method === 'next') return next(body, options.tick());
  if (method === 'browse') return browse(body, options.uploads());
  if (method === 'navigation/resolve_url') return resolveUrl(body);
  if (method === 'search')
    return json(
      searchAnswer(typeof body.query === 'string' ? body.query : null, typeof body.continuation === 'string' ? body.continuation : null),
    );
  return undefined;
}

export function videoPlatformRoute(options: VideoPlatformOptions = {}): FakeRoute {
  const settled: Required<VideoPlatformOptions> = { uploads: options.uploads ?? (() => 3), tick: options.tick ?? (() => 0) };
  return (request, url) => {
    if (request.host !== undefined && request.host !== VIDEO_HOST) return undefined;
    const method = /^\/youtubei\/v1\/(player|next|browse|search|navigation\/resolve_url)$/.exec(url.pathname)?.[1];
    if (method !== undefined && request.method === 'POST') {
      let body: Json;
      try {
        body = JSON.parse(request.body) as Json;
      } catch {
        return googleError(400, 'INVALID_ARGUMENT');
      }
      return innertube(method, body, settled);
    }
    if (url.pathname === '/api/timedtext') {
      const id = url.searchParams.get('v') ?? '';
      return {
        status: 200,
        headers: { 'content-type': 'text/xml; charset=UTF-8' },
        body: id.startsWith('emptyfile') ? '' : captionFile(url.searchParams.get('kind') === 'asr'),
      };
    }
    if (url.pathname === '/feeds/videos.xml') {
      const id = url.searchParams.get('channel_id') ?? '';
      return { status: 200, headers: { 'content-type': 'application/atom+xml; charset=UTF-8' }, body: channelFeed(id) };
    }
    return undefined;
  };
}
