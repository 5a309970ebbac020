import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Instance } from '../model.js';
import { instanceFromV1, instanceFromV2 } from '../normalise/instance.js';
import { instanceV1Schema, instanceV2Schema } from '../schemas/mastodon.js';
import { getApi } from '../upstream/api.js';
import { canonicalInstance, instance, INSTANCE_FORMS } from './params.js';
import { emptySingle, parseShape } from './results.js';

const params = z.object({ instance });

/** GET /v1/fediverse/instance */
export const fediverseInstanceEndpoint = defineEndpoint({
  path: '/v1/fediverse/instance',
  summary: "A Mastodon-compatible server's instance document",
  description: [
    'Returns one Instance: id is the domain, with title, description, version, languages, rules, registrations, contact and the longest status it accepts.',
    'The v2 document gives monthlyActiveUsers and no counts; an older server answers the v1 document (raw.via v1), which gives userCount, statusCount and domainCount instead.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: INSTANCE_FORMS }),
  returns: { kind: 'single', type: 'Instance' },
  raw: z.object({ via: z.enum(['v2', 'v1']).describe('which instance document answered') }),
  normaliseParams: canonicalInstance,
  async fetch(input, ctx): Promise<SingleResult<Instance>> {
    const target = { host: input.instance, param: 'instance' };
    const v2 = await getApi(ctx, target, '/api/v2/instance');
    if (v2.kind === 'ok') {
      const document = parseShape(instanceV2Schema, v2.body, 'instance (v2)');
      return { data: instanceFromV2(document, ctx.fetchedAt), raw: { via: 'v2', url: v2.url, payload: v2.body } };
    }
    if (v2.reason !== 'not_found') return emptySingle(v2);
    const v1 = await getApi(ctx, target, '/api/v1/instance');
    if (v1.kind === 'empty') return emptySingle(v1);
    const document = parseShape(instanceV1Schema, v1.body, 'instance (v1)');
    return { data: instanceFromV1(document, ctx.fetchedAt), raw: { via: 'v1', url: v1.url, payload: v1.body } };
  },
});
