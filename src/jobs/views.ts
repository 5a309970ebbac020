import type { JobRecord, TargetPageEntry, TargetResult } from './types.js';

/** The envelope a target produced, as an object (it is stored as the JSON the REST door serves). */
const envelopeOf = (result: TargetResult | null): unknown => (result === null ? null : JSON.parse(result.envelope));

/** What POST answers: the contract's `{id, status, endpoint, params, createdAt, pollUrl}` (a batch: `total` instead of params). */
export function createdView(job: JobRecord, params: Record<string, unknown> | null): Record<string, unknown> {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    endpoint: job.endpoint,
    ...(job.kind === 'job' ? { params } : { total: job.total }),
    createdAt: job.createdAt,
    pollUrl: `/v1/jobs/${job.id}`,
  };
}

/** The job's progress as GET and the jobProgress subscription report it. */
export function progressView(job: JobRecord): Record<string, unknown> {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    endpoint: job.endpoint,
    progress: { total: job.total, done: job.done, failed: job.failed },
    creditsCharged: job.creditsCharged,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

/** GET /v1/jobs/{id}: a job carries `params` and `result`; a batch a page of `results` and `pagination`. */
export function jobView(job: JobRecord, page: TargetPageEntry[], next: number | null): Record<string, unknown> {
  if (job.kind === 'job') {
    const only = page[0];
    return { ...progressView(job), params: only?.spec.input ?? null, result: envelopeOf(only?.result ?? null) };
  }
  return {
    ...progressView(job),
    results: page.map((entry) => ({
      index: entry.index,
      params: entry.spec.input,
      status: entry.result?.status ?? 'queued',
      creditsCharged: entry.result?.creditsCharged ?? 0,
      result: envelopeOf(entry.result),
    })),
    pagination: { cursor: next === null ? null : String(next), hasMore: next !== null },
  };
}
