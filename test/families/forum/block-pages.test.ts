import { describe, expect, it } from 'vitest';
import { forumFamily } from '../../../src/families/forum/index.js';
import { classifyResponse } from '../../../src/upstream/classify.js';
import type { UpstreamResponse } from '../../../src/catalogue/upstream.js';

const response = (status: number, body: string, contentType: string): UpstreamResponse => ({
  status,
  body,
  headers: { 'content-type': contentType },
  url: 'https://www.reddit.com/r/x.json',
});

describe("the forum's block pages", () => {
  it('recognises both Reddit block pages, whatever the status', () => {
    const pardner = '<html><head><title>Too Many Requests</title></head><body><h1>whoa there, pardner!</h1></body></html>';
    const network = "<html><body>You've been blocked by network security. To continue, log in</body></html>";
    for (const status of [200, 403]) {
      expect(classifyResponse(response(status, pardner, 'text/html'), [], forumFamily.blockPages)?.code).toBe('upstream_blocked');
      expect(classifyResponse(response(status, network, 'text/html'), [], forumFamily.blockPages)?.code).toBe('upstream_blocked');
    }
  });

  it('does not mistake a JSON body that quotes a block phrase for a block page', () => {
    expect(classifyResponse(response(200, '{"title":"whoa there, pardner"}', 'application/json'), [], forumFamily.blockPages)).toBeNull();
  });
});
