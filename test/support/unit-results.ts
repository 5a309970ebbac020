import { GatewayError } from '../../src/errors.js';

/** The error a promise rejects with (fails the test when it resolves). */
export async function errorOf(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError, got a result');
}

/** Record access for loosely typed raw payloads. */
export function rawOf(result: { raw: unknown }): Record<string, any> {
  return result.raw as Record<string, any>;
}
