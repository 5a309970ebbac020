import fc from 'fast-check';
import { request } from 'undici';
import { describe, expect, it, vi } from 'vitest';
import { catalogue } from '../support/registered-catalogue.js';
import { GatewayError } from '../../src/errors.js';
import { systemResolveAll } from '../../src/outbound/checked-lookup.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import { fuzzRuns } from './support/fuzz-values.js';
import { balance, HARDENING_KEY } from './support/hardening-gateway.js';
import { IMAGE_HOST } from './support/image-hosts.js';
import { guardLog, resetGuard } from './support/network-guard.js';
import { fuzzSuite } from './support/fuzz-suite.js';
import { envelopeProblems, familyHosts, hostileImageUrl, queryArbitrary, queryString } from './support/request-shapes.js';

/**
 * Issue 8 item 2, REST: generated query strings for every catalogue endpoint. Every answer is
 * a well-formed envelope (never a 500, never a wrong charge), and no upstream request leaves
 * the hosts the endpoint's family declared, or for a family whose hosts callers name the stores or
 * instances the fake upstream answers (for a provider family: its provider, with a public image
 * URL), and no name is resolved through real DNS: undici's request and node:dns's lookup are
 * guarded (network-guard.ts).
 */

vi.mock('undici', async (importOriginal) => {
  const { guardedUndici } = await import('./support/network-guard.js');
  return guardedUndici(await importOriginal());
});
vi.mock('node:dns', async (importOriginal) => {
  const { guardedDns } = await import('./support/network-guard.js');
  return guardedDns(await importOriginal());
});

const RUNS_PER_ENDPOINT = fuzzRuns(60);

describe('REST fuzz', () => {
  const tally = fuzzSuite(
    ({ cases, upstreamRequests, imageCases }) =>
      `REST fuzz: ${cases} cases over ${catalogue.endpoints.length} endpoints, ${upstreamRequests} upstream requests (${RUNS_PER_ENDPOINT} per endpoint + ${imageCases} single hostile image URLs on provider endpoints; HARDENING_FUZZ_RUNS to change)`,
  );

  it('the network guard refuses an undeclared host before any socket opens', async () => {
    resetGuard();
    const client = new UpstreamClient({ origins: new Map(), timeoutMs: 1000 });
    try {
      const rogue = client.forFamily({ family: 'rogue', hosts: ['undeclared.example'] });
      const failure = await rogue.fetch({ url: 'https://undeclared.example/x' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(GatewayError);
      expect(guardLog.violations).toEqual(['GET https://undeclared.example/x (for no declared host)']);
    } finally {
      resetGuard();
      await client.close();
    }
  });

  it('the network guard lets a provider family reach only its provider, with a public image URL', async () => {
    resetGuard();
    const [provider] = tally.gateway.providers.values();
    const post = (url: URL, imageUrl: string) =>
      request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ imageUrl }) }).catch(
        (error: unknown) => error,
      );
    try {
      expect(await post(provider!, 'http://127.0.0.1:9/a.jpg')).toBeInstanceOf(Error);
      expect(await post(new URL('/other', provider), `https://${IMAGE_HOST}/a.jpg`)).toBeInstanceOf(Error);
      expect(guardLog.violations).toEqual([
        `POST ${provider!.href} (the provider, with the image URL http://127.0.0.1:9/a.jpg on a host that is not public)`,
        `POST ${new URL('/other', provider).href} (for no declared host)`,
      ]);
      expect(guardLog.hosts).toEqual([]);
    } finally {
      resetGuard();
    }
  });

  it('the network guard admits the hosts callers name that the fake upstream answers, and no other caller-named host', async () => {
    resetGuard();
    const [family, hosts] = [...tally.gateway.callerHosts].find(([, each]) => each.length > 0)!;
    const upstream = new URL('/x', tally.gateway.harness.upstreamOrigin);
    const get = (url: URL, forwardedHost?: string) =>
      request(url, { headers: forwardedHost === undefined ? {} : { 'x-forwarded-host': forwardedHost } }).then(
        async (response) => void (await response.body.dump()),
        (error: unknown) => error,
      );
    try {
      expect(await get(upstream, hosts[0])).toBeUndefined();
      expect(guardLog).toEqual({ hosts: [hosts[0]], violations: [] });
      expect(await get(upstream, 'elsewhere.example.com')).toBeInstanceOf(Error);
      expect(await get(new URL(`https://${hosts[0]}/x`))).toBeInstanceOf(Error);
      expect(guardLog.violations).toEqual([
        `GET ${upstream.href} (for elsewhere.example.com)`,
        `GET https://${hosts[0]}/x (for no declared host)`,
      ]);
      expect(familyHosts(catalogue.endpoints.find((endpoint) => endpoint.family === family)!)).toEqual(expect.arrayContaining([...hosts]));
    } finally {
      resetGuard();
    }
  });

  it('the DNS guard refuses a lookup through the system resolver, without the network', async () => {
    resetGuard();
    try {
      await expect(systemResolveAll('images.example.org')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      expect(guardLog.violations).toEqual(['DNS lookup of images.example.org']);
    } finally {
      resetGuard();
    }
  });

  it.each(catalogue.endpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
    '%s: hostile parameters give well-formed envelopes, no 500, no undeclared host',
    async (_path, endpoint) => {
      const hosts = new Set(familyHosts(endpoint));
      await fc.assert(
        fc.asyncProperty(queryArbitrary(endpoint), async (parts) => {
          resetGuard();
          const response = await fetch(`${tally.gateway.harness.baseUrl}${endpoint.path}?${queryString(parts)}`, {
            headers: { 'x-api-key': HARDENING_KEY },
          });
          const text = await response.text();
          tally.cases += 1;
          tally.upstreamRequests += guardLog.hosts.length;
          const problems = envelopeProblems(endpoint, response.status, response.headers, text);
          problems.push(...guardLog.violations.map((violation) => `network guard: ${violation}`));
          problems.push(
            ...guardLog.hosts
              .filter((host) => !hosts.has(host))
              .map((host) => `asked ${host}, not a host of the ${endpoint.family} family`),
          );
          if (response.status === 200) tally.charged += (JSON.parse(text) as { meta: { creditsCharged: number } }).meta.creditsCharged;
          expect(problems).toEqual([]);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    },
  );

  const providerEndpoints = catalogue.endpoints.filter((endpoint) => catalogue.familyOf(endpoint).providerEnv !== undefined);
  it.each(providerEndpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
    '%s: a hostile image URL reaches nothing but the provider, and the provider only when its host is public',
    async (_path, endpoint) => {
      const hosts = new Set(familyHosts(endpoint));
      await fc.assert(
        fc.asyncProperty(hostileImageUrl(endpoint), async (url) => {
          resetGuard();
          tally.imageCases += 1;
          const response = await fetch(`${tally.gateway.harness.baseUrl}${endpoint.path}?${queryString([{ name: 'url', value: url }])}`, {
            headers: { 'x-api-key': HARDENING_KEY },
          });
          const text = await response.text();
          tally.cases += 1;
          tally.upstreamRequests += guardLog.hosts.length;
          const problems = envelopeProblems(endpoint, response.status, response.headers, text);
          problems.push(...guardLog.violations.map((violation) => `network guard: ${violation}`));
          problems.push(
            ...guardLog.hosts
              .filter((host) => !hosts.has(host))
              .map((host) => `asked ${host}, not the ${endpoint.family} family's provider`),
          );
          if (response.status === 200) tally.charged += (JSON.parse(text) as { meta: { creditsCharged: number } }).meta.creditsCharged;
          // A refused URL never reaches the provider; the error names the parameter.
          if (response.status === 400 && guardLog.hosts.length > 0) problems.push(`400 after asking the provider: ${text.slice(0, 200)}`);
          expect(problems, url).toEqual([]);
        }),
        { numRuns: RUNS_PER_ENDPOINT * 2 },
      );
    },
  );

  it('the ledger moved by exactly the credits the answers reported, and the guard saw real upstream traffic', async () => {
    expect(tally.upstreamRequests).toBeGreaterThan(0);
    expect(tally.gateway.provider.requests.length, 'the provider was reached').toBeGreaterThan(0);
    expect(tally.gateway.resolved, 'image hosts went to the test resolver').toContain(IMAGE_HOST);
    expect(tally.before - (await balance(tally.gateway))).toBe(tally.charged);
    expect(tally.gateway.undeclaredHosts()).toEqual([]);
  });
});
