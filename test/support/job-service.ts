import { GatewayError } from '../../src/errors.js';
import { MemoryJobQueue } from '../../src/jobs/memory-queue.js';
import type { JobQueue } from '../../src/jobs/queue.js';
import { JobService } from '../../src/jobs/service.js';
import type { JobStore } from '../../src/jobs/store.js';
import type { JobRecord } from '../../src/jobs/types.js';
import { createMemoryState } from '../../src/state/memory/index.js';
import { bookshelfCatalogue } from './bookshelf-catalogue.js';

/**
 * An in-memory queue with the test family's lane that refuses work while `state.away` is set,
 * as BullMQ does while its Redis shard is gone. It starts away.
 */
export function flakyQueue(): { queue: MemoryJobQueue; state: { away: boolean } } {
  const queue = new MemoryJobQueue({ bookshelf: 2 });
  const state = { away: true };
  const enqueue = queue.enqueue.bind(queue);
  queue.enqueue = async (...args) => {
    if (state.away) throw new GatewayError('service_unavailable', 'queue away');
    return enqueue(...args);
  };
  return { queue, state };
}

/** The job service on the test family's catalogue, over the given store and queue, with pub/sub of its own. */
export function jobService(store: JobStore, queue: JobQueue): JobService {
  const { pubsub } = createMemoryState({ cacheMaxBytes: 1_000, cacheRetentionSeconds: 60 });
  return new JobService({ catalogue: bookshelfCatalogue, store, queue, pubsub });
}

/** A job record of the test family's shelf endpoint, queued just now with nothing done. */
export function queuedJob(record: Pick<JobRecord, 'id'> & Partial<Pick<JobRecord, 'accountId' | 'kind' | 'total'>>): JobRecord {
  return {
    accountId: 'acct',
    kind: 'batch',
    endpoint: '/v1/bookshelf/shelf',
    status: 'queued',
    total: 1,
    done: 0,
    failed: 0,
    creditsCharged: 0,
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
    ...record,
  };
}
