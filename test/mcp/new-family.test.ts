import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGateway, type Gateway } from '../../src/app.js';
import { buildCatalogue } from '../../src/catalogue/catalogue.js';
import { defineEndpoint, type FamilyDefinition, type FamilyName } from '../../src/catalogue/endpoint.js';
import { catalogue as registered } from '../support/registered-catalogue.js';
import { loadConfig } from '../../src/config/config.js';
import { toolNameOf } from '../../src/mcp/tool-name.js';
import { RICH_KEY } from '../support/gateway.js';
import { callTool, connectClient, textOf } from './support.js';

/**
 * A family the door has never heard of shows up as tools with no edit to the door: the tools are
 * derived from the catalogue the gateway is built with. The endpoint fetches nothing (the family
 * declares no host); it answers a synthetic Creator, so the call goes through the real pipeline.
 */

const echoProfile = defineEndpoint({
  family: 'echo' as FamilyName,
  path: '/v1/echo/profile-card',
  graphqlField: 'echoProfileCard',
  summary: 'A synthetic profile, for the catalogue-derivation test',
  description: 'Returns data: Creator named after `handle`.',
  params: z.object({
    handle: z.string().min(2).max(30).describe('any handle'),
    shout: z.boolean().default(false).describe('upper-case the name'),
  }),
  flags: { creditCost: 2, cacheable: true, batchable: true, subscribable: false, requiresResidentialProxy: false, experimental: true },
  returns: { kind: 'single', type: 'Creator' },
  async fetch(params, ctx) {
    const name = params.shout ? params.handle.toUpperCase() : params.handle;
    const data = {
      platform: 'echo',
      id: `e-${params.handle}`,
      handle: params.handle,
      displayName: name,
      bio: null,
      avatarUrl: null,
      bannerUrl: null,
      url: null,
      verified: null,
      followerCount: 7,
      followingCount: null,
      postCount: null,
      viewCount: null,
      isPrivate: false,
      isBusiness: null,
      category: null,
      location: null,
      externalLinks: [],
      createdAt: null,
      fetchedAt: ctx.fetchedAt,
    };
    return { data, raw: { echoed: params.handle } };
  },
});

const echoFamily: FamilyDefinition = { name: 'echo' as FamilyName, hosts: [], requiresResidentialProxy: false, endpoints: [echoProfile] };

describe('MCP tools of a family added to the catalogue', () => {
  let gateway: Gateway;
  let client: Client;
  beforeAll(async () => {
    const catalogue = buildCatalogue([...registered.families, echoFamily]);
    const config = loadConfig({ API_KEYS: `${RICH_KEY}=100`, LOG_LEVEL: 'silent' }, catalogue.families);
    gateway = await createGateway(config, { catalogue });
    await gateway.server.listen({ port: 0, host: '127.0.0.1' });
    client = await connectClient(`http://127.0.0.1:${(gateway.server.server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await client.close();
    await gateway.close();
  });

  it('lists the new endpoint as a tool named from its path, with its schemas, cost and annotations', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((each) => each.name === 'echo_profile_card');
    expect(tool).toBeDefined();
    expect(tool!.title).toBe(echoProfile.summary);
    expect(Object.keys(tool!.inputSchema.properties!)).toEqual(['handle', 'shout', 'cache_max_age', 'include_raw']);
    expect(tool!.inputSchema.required).toEqual(['handle']);
    expect(tool!.outputSchema!.properties).toHaveProperty('data');
    expect(tool!.description).toContain('Cost: 2 credits per live call');
    expect(tool!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    // The families already there keep every tool of theirs.
    const names = tools.map((each) => each.name);
    for (const endpoint of registered.endpoints) expect(names).toContain(toolNameOf(endpoint.path));
    // Job tools know the new path too.
    const createJob = tools.find((each) => each.name === 'create_job')!;
    expect((createJob.inputSchema.properties!.endpoint as { enum: string[] }).enum).toContain('/v1/echo/profile-card');
  });

  it('calls it through the pipeline: validated, charged its own cost, cached', async () => {
    const balance = async () => (await callTool(client, 'account')).structuredContent!.balance as number;
    const before = await balance();
    const live = await callTool(client, 'echo_profile_card', { handle: 'maple', shout: true, cache_max_age: '1h' });
    expect(live.isError, textOf(live)).toBeFalsy();
    expect(live.structuredContent).toMatchObject({ data: { platform: 'echo', displayName: 'MAPLE', followerCount: 7 } });
    expect(live._meta).toMatchObject({ creditsCharged: 2, cached: false });
    const hit = await callTool(client, 'echo_profile_card', { handle: 'maple', shout: true, cache_max_age: '1h' });
    expect(hit._meta).toMatchObject({ creditsCharged: 0, cached: true });
    expect(await balance()).toBe(before - 2);

    const bad = await callTool(client, 'echo_profile_card', { handle: 'm' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('`handle`');
  });
});
