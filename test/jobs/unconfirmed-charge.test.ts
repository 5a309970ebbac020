import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { MemoryJobStore } from '../../src/jobs/memory-store.js';
import { processTarget } from '../../src/jobs/process-target.js';
import { validateRequest } from '../../src/pipeline/params.js';
import { createMemoryState } from '../../src/state/memory/index.js';
import { BOOKS } from '../families/bookshelf/family.js';
import { bookshelfCatalogue as catalogue } from '../support/bookshelf-catalogue.js';
import { queuedJob } from '../support/job-service.js';
import { stubUpstream } from '../support/stub-upstream.js';

const shelf = catalogue.byPath.get('/v1/bookshelf/shelf')!;

describe('a job target whose charge the ledger cannot confirm', () => {
  it('keeps its paid result, names the lookup of its charge on every try, and is charged once when the ledger confirms', async () => {
    const state = createMemoryState({ cacheMaxBytes: 1_000_000, cacheRetentionSeconds: 60 });
    const account = await state.keys.seed('sk_test_unit_charge', 10, null);
    const upstream = stubUpstream(() => ({ body: JSON.stringify({ books: [BOOKS['101']] }) }));
    const commit = state.ledger.commit.bind(state.ledger);
    let unconfirmed = 2;
    // The ledger's own refusal when neither the charge nor its take-back could be confirmed.
    state.ledger.commit = async (accountId, reservationId) => {
      await commit(accountId, reservationId);
      if (unconfirmed-- > 0)
        throw new GatewayError('service_unavailable', 'The charge may stand.', { retryAfter: 1, details: { chargeMayStand: true } });
    };
    const store = new MemoryJobStore({ retentionSeconds: 60 });
    await store.create(
      queuedJob({ id: 'job_u', accountId: account.id, kind: 'job' }),

      [{ input: { shelf: 'x1' }, request: validateRequest(shelf, { shelf: 'x1' }) }],
      null,
    );
    const deps = { pipeline: { catalogue, state, upstreamFor: () => upstream, logError: () => {} }, store, catalogue };
    const task = { jobId: 'job_u', index: 0 };
    const lookup = { chargeMayStand: true, requestId: 'job:job_u:0', usage: '/v1/account?request_id=job%3Ajob_u%3A0' };

    // The refusal goes to the queue, which runs the task again; the first try and the retry both name the lookup.
    await expect(processTarget(deps, task)).rejects.toMatchObject({ code: 'service_unavailable', details: lookup });
    expect(await store.result('job_u', 0)).toMatchObject({ status: 'succeeded', creditsCharged: 1, reservationId: 'job:job_u:0' });
    await expect(processTarget(deps, task)).rejects.toMatchObject({ code: 'service_unavailable', details: lookup });
    await processTarget(deps, task);

    expect(upstream.calls).toHaveLength(1);
    expect(await store.get('job_u')).toMatchObject({ status: 'succeeded', creditsCharged: 1 });
    expect((await state.ledger.usage(account.id, null)).balance).toBe(9);
    const charges = (await state.ledger.history(account.id, 10)).filter((entry) => entry.kind === 'charge');
    expect(charges.map((entry) => [entry.requestId, entry.credits])).toEqual([['job:job_u:0', 1]]);
  });
});
