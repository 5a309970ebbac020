import { describe, expect, it } from 'vitest';
import type { GatewayError } from '../../../src/errors.js';
import { emptyReasonOfRefusal, isRedirectToCommunitySearch } from '../../../src/families/forum/upstream/refusals.js';
import type { UpstreamResponse } from '../../../src/catalogue/upstream.js';
import { fixture } from './support.js';

function response(status: number, body: string, url = 'https://www.reddit.com/r/examplesub/hot.json?raw_json=1'): UpstreamResponse {
  return { status, body, url, headers: { 'content-type': 'application/json' } };
}

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as GatewayError).code;
  }
  return 'no error';
}

describe('emptyReasonOfRefusal', () => {
  it.each([
    [403, 'error-private.json', 'private'],
    [403, 'error-quarantined.json', 'quarantined'],
    [404, 'error-banned.json', 'banned'],
    [404, 'error-not-found.json', 'not_found'],
    [400, 'error-user-doesnt-exist.json', 'not_found'],
  ])('HTTP %i %s is an empty result: %s', (status, file, reason) => {
    expect(emptyReasonOfRefusal(response(status, fixture(file)))).toBe(reason);
  });

  it('maps gold_only to private and passes other stated reasons through', () => {
    expect(emptyReasonOfRefusal(response(403, '{"reason":"gold_only","error":403}'))).toBe('private');
    expect(emptyReasonOfRefusal(response(403, '{"reason":"gated","error":403}'))).toBe('gated');
  });

  it('reads a 403 without a reason as a block, never as an empty result', () => {
    expect(codeOf(() => emptyReasonOfRefusal(response(403, fixture('error-forbidden-no-reason.json'))))).toBe('upstream_blocked');
    expect(codeOf(() => emptyReasonOfRefusal(response(403, '<html>nope</html>')))).toBe('upstream_blocked');
  });

  it('reads unreadable 400/404 bodies as schema drift', () => {
    expect(codeOf(() => emptyReasonOfRefusal(response(404, '<html>Not here</html>')))).toBe('upstream_schema_drift');
    expect(codeOf(() => emptyReasonOfRefusal(response(400, '{"message":"Bad Request","error":400}')))).toBe('upstream_schema_drift');
  });
});

describe('isRedirectToCommunitySearch', () => {
  it('spots the redirect of a non-existent community', () => {
    expect(isRedirectToCommunitySearch(response(200, '{}', 'https://www.reddit.com/subreddits/search.json?q=nosuchsub&raw_json=1'))).toBe(
      true,
    );
    expect(isRedirectToCommunitySearch(response(200, '{}'))).toBe(false);
  });
});
