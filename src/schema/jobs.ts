import { Repeater } from 'graphql-yoga';
import type { JobService } from '../jobs/service.js';
import { progressTopic } from '../jobs/service.js';
import { progressView } from '../jobs/views.js';
import type { JobRecord } from '../jobs/types.js';
import { builder, perBuilder } from './builder.js';
import { restEnum } from './enum-values.js';
import type { GraphQLContext } from './context.js';
import { toGraphQLError } from './errors.js';

/** A job as GET /v1/jobs/{id} renders it (views.ts). */
type JobView = Record<string, unknown>;

const JobProgress = perBuilder(() =>
  builder()
    .objectRef<{ total: number; done: number; failed: number }>('JobProgress')
    .implement({
      description: 'Targets in all, finished (successfully or not), and failed.',
      fields: (t) => ({
        total: t.exposeInt('total', { description: 'Targets in the batch.' }),
        done: t.exposeInt('done', { description: 'Targets finished, successfully or not.' }),
        failed: t.exposeInt('failed', { description: 'Targets that failed.' }),
      }),
    }),
);

const JOB_KINDS: Record<string, string> = {
  job: 'One endpoint call (POST /v1/jobs).',
  batch: 'Up to 500 calls of one batchable endpoint (POST /v1/jobs/batch).',
};
const JOB_STATUSES: Record<string, string> = {
  queued: 'Waiting for a worker.',
  running: 'A worker is running its targets.',
  succeeded: 'Finished: the job, or at least one target of the batch, succeeded.',
  failed: 'Finished: the job, or every target of the batch, failed.',
  canceled: 'Stopped before it finished.',
};
const JobKind = perBuilder(() =>
  restEnum('JobKind', 'What was queued: one call or a batch.', Object.keys(JOB_KINDS), (value) => JOB_KINDS[value]!),
);
const JobStatus = perBuilder(() =>
  restEnum('JobStatus', 'Where a job or batch is in its life.', Object.keys(JOB_STATUSES), (value) => JOB_STATUSES[value]!),
);

const field =
  <T>(name: string) =>
  (view: JobView) =>
    (view[name] ?? null) as T;

const Job = perBuilder(() =>
  builder()
    .objectRef<JobView>('Job')
    .implement({
      description: 'An asynchronous job or batch; the same data as GET /v1/jobs/{id}.',
      fields: (t) => ({
        id: t.id({
          description: 'The job id, as POST /v1/jobs answered it (give it to job(id:) and jobProgress(id:)).',
          resolve: field<string>('id'),
        }),
        kind: t.field({ type: JobKind(), description: 'job or batch.', resolve: field<never>('kind') }),
        status: t.field({
          type: JobStatus(),
          description: 'queued, running, succeeded, failed or canceled.',
          resolve: field<never>('status'),
        }),
        endpoint: t.string({
          description: 'The endpoint path the job calls (a data endpoint of /openapi.json).',
          resolve: field<string>('endpoint'),
        }),
        progress: t.field({
          type: JobProgress(),
          nullable: true,
          description: 'A batch: targets in all, done and failed; null for a single job.',
          resolve: field('progress'),
        }),
        creditsCharged: t.int({
          nullable: true,
          description: 'Credits charged so far (each target like its REST call); null before any ran.',
          resolve: field<number>('creditsCharged'),
        }),
        createdAt: t.string({ description: 'ISO 8601 time the job was queued.', resolve: field<string>('createdAt') }),
        startedAt: t.string({
          nullable: true,
          description: 'ISO 8601 time a worker started it; null while queued.',
          resolve: field<string>('startedAt'),
        }),
        finishedAt: t.string({
          nullable: true,
          description: 'ISO 8601 time it finished; null until then.',
          resolve: field<string>('finishedAt'),
        }),
        params: t.field({ type: 'JSON', nullable: true, description: 'A job: its parameters.', resolve: field('params') }),
        result: t.field({
          type: 'JSON',
          nullable: true,
          description: "A finished job: the endpoint's REST envelope.",
          resolve: field('result'),
        }),
        results: t.field({
          type: ['JSON'],
          nullable: true,
          description: 'A batch: {index, params, status, creditsCharged, result} per target of this page.',
          resolve: field<unknown[]>('results'),
        }),
        pagination: t.field({
          type: 'JSON',
          nullable: true,
          description: 'A batch: {cursor, hasMore} of the results.',
          resolve: field('pagination'),
        }),
      }),
    }),
);

function jobsOf(context: GraphQLContext): JobService {
  if (!context.jobs) throw toGraphQLError(new Error('jobs are not available on this server'));
  return context.jobs;
}

const IDEMPOTENCY =
  'Like the Idempotency-Key header: the same key with the same body answers the first job again; with another body, idempotency_conflict.';

/** createJob and createBatch mutations, the job query and the jobProgress subscription. */
export function addJobFields(): void {
  builder().mutationFields((t) => ({
    createJob: t.field({
      type: Job(),
      description: 'POST /v1/jobs: queue one endpoint call with no synchronous time-out.',
      args: {
        endpoint: t.arg.string({
          required: true,
          description: 'The endpoint path to call: any data endpoint of /openapi.json (a batch: a batchable one).',
        }),
        params: t.arg({ type: 'JSON', description: "The endpoint's REST parameters, as an object (REST names)." }),
        idempotencyKey: t.arg.string({ description: IDEMPOTENCY }),
      },
      resolve: (_root, args, context) =>
        jobsOf(context)
          .create(context.account, 'job', { endpoint: args.endpoint, params: args.params ?? {} }, args.idempotencyKey ?? null)
          .then(
            (created) => created.view,
            (error: unknown) => Promise.reject(toGraphQLError(error)),
          ),
    }),
    createBatch: t.field({
      type: Job(),
      description: 'POST /v1/jobs/batch: 1 to 500 targets of one x-batchable endpoint.',
      args: {
        endpoint: t.arg.string({ required: true, description: 'The x-batchable endpoint path every target calls.' }),
        targets: t.arg({
          type: ['JSON'],
          required: true,
          description: "1 to 500 parameter objects of the endpoint's REST parameters, one per call.",
        }),
        idempotencyKey: t.arg.string({ description: IDEMPOTENCY }),
      },
      resolve: (_root, args, context) =>
        jobsOf(context)
          .create(context.account, 'batch', { endpoint: args.endpoint, targets: args.targets }, args.idempotencyKey ?? null)
          .then(
            (created) => created.view,
            (error: unknown) => Promise.reject(toGraphQLError(error)),
          ),
    }),
  }));
  builder().queryField('job', (t) =>
    t.field({
      type: Job(),
      nullable: true,
      description: 'GET /v1/jobs/{id}; null when the job is unknown, removed, or belongs to another key.',
      args: {
        id: t.arg.id({ required: true, description: 'The job id.' }),
        cursor: t.arg.string({ description: 'A batch: pagination.cursor of a previous page of results.' }),
        limit: t.arg.int({ description: 'A batch: results per page.' }),
      },
      resolve: async (_root, args, context) => {
        try {
          return await jobsOf(context).get(context.account, String(args.id), args.cursor ?? undefined, args.limit ?? undefined);
        } catch (error) {
          const failure = toGraphQLError(error);
          if (failure.extensions.code === 'not_found') return null;
          throw failure;
        }
      },
    }),
  );
  builder().subscriptionField('jobProgress', (t) =>
    t.field({
      type: Job(),
      description: "Streams a job's progress (over SSE): now, then after each finished target, ending when the job ends.",
      args: { id: t.arg.id({ required: true, description: 'The job id.' }) },
      subscribe: async (_root, args, context) => {
        // Refused before the stream opens: another key's job is not_found, like GET /v1/jobs/{id}.
        await jobsOf(context)
          .owned(context.account, String(args.id))
          .catch((error: unknown) => Promise.reject(toGraphQLError(error)));
        return progressStream(context, String(args.id));
      },
      resolve: (view) => view,
    }),
  );
}

const ENDED = new Set(['succeeded', 'failed', 'canceled']);

/**
 * The job's progress views, fed by pub/sub (every process's workers publish there): the
 * state once the topic is subscribed (so no update falls between the read and the
 * subscription), then each newer state, ending with the job. A Repeater, so a client that
 * leaves unsubscribes at once instead of at the next update.
 */
function progressStream(context: GraphQLContext, jobId: string): Repeater<JobView> {
  const jobs = jobsOf(context);
  const topic = progressTopic(jobId);
  return new Repeater<JobView>(async (push, stop) => {
    let latest: JobRecord | null = null;
    const early: JobRecord[] = [];
    const advance = (record: JobRecord) => {
      if (!latest || record.done < latest.done || (record.done === latest.done && record.status === latest.status)) return;
      latest = record;
      void push(progressView(record));
      if (ENDED.has(record.status)) stop();
    };
    const listener = (event: Event) => {
      const record = (event as CustomEvent<JobRecord>).detail;
      if (latest) advance(record);
      else early.push(record);
    };
    context.events.addEventListener(topic, listener);
    try {
      await context.events.subscribed(topic);
      const current: JobRecord = await jobs.owned(context.account, jobId);
      latest = current;
      await push(progressView(current));
      if (ENDED.has(current.status)) stop();
      else for (const record of early.splice(0)) advance(record);
      await stop;
    } catch (error) {
      stop(toGraphQLError(error));
    } finally {
      context.events.removeEventListener(topic, listener);
    }
  });
}
