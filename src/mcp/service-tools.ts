import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import { GatewayError } from '../errors.js';
import { checkedIdempotencyKey, MAX_BATCH_TARGETS } from '../jobs/job-requests.js';
import type { JobService } from '../jobs/service.js';
import { readAccount } from '../pipeline/account.js';
import type { StateAdapters } from '../state/ports.js';
import { toolJsonSchema } from './json-schema.js';
import { serviceResult } from './tool-results.js';
import type { GatewayTool } from './tool.js';

const paramsDescription = 'parameters of that endpoint, as its data tool takes them (cache_max_age and include_raw included)';
const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .describe('the same key with the same request returns the first job instead of queuing another (kept 24 h)');

/**
 * Schemas of the service tools' arguments. Only the tool's own arguments are checked here; the
 * job request itself goes through the same validation as POST /v1/jobs (validateJobRequest).
 */
const getJobArgs = z.strictObject({
  id: z.string().min(1).max(100).describe('the job id create_job or create_batch returned'),
  cursor: z.string().max(20).optional().describe('a batch: pagination.cursor of the previous page'),
  limit: z.coerce.number().optional().describe('a batch: results per page (1-500, default 100)'),
});

/** account, create_job, create_batch and get_job: the REST routes' services, same validation and billing. */
export function serviceTools(catalogue: Catalogue, jobs: JobService, state: Pick<StateAdapters, 'ledger'>): GatewayTool[] {
  const paths = catalogue.endpoints.map((endpoint) => endpoint.path) as [string, ...string[]];
  const batchable = catalogue.endpoints.filter((endpoint) => endpoint.flags.batchable).map((endpoint) => endpoint.path);
  const createJobArgs = z.strictObject({
    endpoint: z.enum(paths).describe('the data endpoint path (one of the listed values)'),
    params: z.record(z.string(), z.unknown()).optional().describe(paramsDescription),
    idempotency_key: idempotencyKey,
  });
  const createBatchArgs = z.strictObject({
    endpoint: (batchable.length > 0 ? z.enum(batchable as [string, ...string[]]) : z.string()).describe('a batchable data endpoint path'),
    targets: z
      .array(z.record(z.string(), z.unknown()))
      .min(1)
      .max(MAX_BATCH_TARGETS)
      .describe(`1 to ${MAX_BATCH_TARGETS} parameter objects, one per target (${paramsDescription})`),
    idempotency_key: idempotencyKey,
  });
  const jobCost =
    'Creating is free; each target is charged as its data tool would be (a cache hit, an empty result or a failed target costs 0) when a worker runs it.';

  const create =
    (kind: 'job' | 'batch', accepted: z.ZodObject): GatewayTool['call'] =>
    async (args, { account }) => {
      // Only unknown names are refused here; the request itself is POST /v1/jobs's, checked by the job service.
      const unknown = Object.keys(args).find((name) => !Object.hasOwn(accepted.shape, name));
      if (unknown !== undefined) throw unknownParameter(unknown, accepted);
      const { idempotency_key: key, ...body } = args;
      if (key !== undefined && typeof key !== 'string')
        throw new GatewayError('invalid_request', 'Invalid parameter `idempotency_key`: expected a string.', {
          details: { param: 'idempotency_key' },
        });
      const created = await jobs.create(account, kind, body, key === undefined ? null : checkedIdempotencyKey(key, 'idempotency_key'));
      return serviceResult({ ...created.view, ...(created.replayed ? { replayed: true } : {}) });
    };

  return [
    {
      definition: {
        name: 'account',
        title: 'Account balance and use',
        description: "The caller's credit balance, credits used today (UTC day), daily cap and recent charges. Free.",
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        annotations: { title: 'Account balance and use', readOnlyHint: true, openWorldHint: false },
      },
      async call(args, { account }) {
        parseArgs(z.strictObject({}), args);
        return serviceResult((await readAccount(state, account)).view);
      },
    },
    {
      definition: {
        name: 'create_job',
        title: 'Queue one data call as a job',
        description: `Runs one data endpoint asynchronously (no request time limit); poll it with get_job. ${jobCost}`,
        inputSchema: toolJsonSchema(createJobArgs, 'input'),
        annotations: { title: 'Queue one data call as a job', readOnlyHint: false, destructiveHint: false, openWorldHint: true },
      },
      call: create('job', createJobArgs),
    },
    {
      definition: {
        name: 'create_batch',
        title: 'Queue a batch of data calls',
        description: `Runs one batchable data endpoint for up to ${MAX_BATCH_TARGETS} targets asynchronously; poll it with get_job. Every target is validated before anything is queued. ${jobCost}`,
        inputSchema: toolJsonSchema(createBatchArgs, 'input'),
        annotations: { title: 'Queue a batch of data calls', readOnlyHint: false, destructiveHint: false, openWorldHint: true },
      },
      call: create('batch', createBatchArgs),
    },
    {
      definition: {
        name: 'get_job',
        title: 'A job or batch: status and results',
        description: "A job's status, progress, credits charged and result; a batch's results one page at a time (cursor, limit). Free.",
        inputSchema: toolJsonSchema(getJobArgs, 'input'),
        annotations: { title: 'A job or batch: status and results', readOnlyHint: true, openWorldHint: false },
      },
      async call(args, { account }) {
        const { id, cursor, limit } = parseArgs(getJobArgs, args);
        return serviceResult(await jobs.get(account, id, cursor, limit));
      },
    },
  ];
}

/** A service tool's own arguments, or 400 naming the first bad one. */
function parseArgs<Schema extends z.ZodObject>(schema: Schema, args: Record<string, unknown>): z.output<Schema> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') throw unknownParameter(issue.keys[0]!, schema);
  const param = String(issue.path[0] ?? 'arguments');
  throw new GatewayError('invalid_request', `Invalid parameter \`${param}\`: ${issue.message}.`, { details: { param } });
}

function unknownParameter(param: string, schema: z.ZodObject): GatewayError {
  const allowed = Object.keys(schema.shape);
  return new GatewayError('invalid_request', `Unknown parameter \`${param}\`; this tool accepts ${allowed.join(', ') || 'no arguments'}.`, {
    details: { param, allowed },
  });
}
