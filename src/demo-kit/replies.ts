import type { FakeReply, FakeRoute } from '../catalogue/demo-world.js';

/** Reply and route builders for the fake upstream (the demo's dataset and the tests use them). */

/** A JSON answer (a JSON text or an object). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): FakeReply {
  return {
    status,
    body: typeof body === 'string' ? body : (body as object),
    headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
  };
}

/** Any text answer with a content type (manifests, captions, HTML pages, Atom feeds). */
export function text(body: string, contentType: string, status = 200): FakeReply {
  return { status, body, headers: { 'content-type': contentType } };
}

/** An HTML page. */
export function html(body: string, status = 200): FakeReply {
  return text(body, 'text/html; charset=utf-8', status);
}

/** Routes `reply(url)` for every request to `host`; undefined lets later routes answer. */
export function onHost(host: string, reply: (url: URL) => FakeReply | undefined): FakeRoute {
  return (_request, url) => (url.hostname === host ? reply(url) : undefined);
}
