import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { queueFailureFields } from '../../src/jobs/index.js';

describe('the log line of a target the queue could not run', () => {
  const task = { jobId: 'job_1', index: 0 };

  it("keeps a gateway error's details, so a charge that may stand can be looked up from the log", () => {
    const error = new GatewayError('service_unavailable', 'The charge could not be confirmed.', {
      details: { chargeMayStand: true, requestId: 'job:job_1:0', usage: '/v1/account?request_id=job:job_1:0' },
    });
    expect(queueFailureFields(error, task)).toEqual({
      err: error,
      details: { chargeMayStand: true, requestId: 'job:job_1:0', usage: '/v1/account?request_id=job:job_1:0' },
      task,
    });
  });

  it('keeps any other error whole (its stack) and names no task for a connection failure', () => {
    const error = new Error('connection reset');
    expect(queueFailureFields(error, null)).toEqual({ err: error });
  });
});
