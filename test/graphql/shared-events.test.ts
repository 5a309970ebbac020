import { describe, expect, it } from 'vitest';
import type { ExecutionResult } from 'graphql';
import type { SerialisableResult } from '../../src/graphql/billing-extension.js';
import { sharedResult } from '../../src/graphql/shared-events.js';

describe('sharedResult', () => {
  it('executes an event once per sharing key and serialises the shared result once', async () => {
    let executions = 0;
    const execute = async (): Promise<ExecutionResult> => {
      executions += 1;
      return { data: { value: executions } };
    };
    const event = { type: 'content.changed' };
    const [first, second] = await Promise.all([sharedResult(event, 'a', execute), sharedResult(event, 'a', execute)]);
    expect(executions).toBe(1);
    expect(second).toBe(first);
    const other = await sharedResult(event, 'b', execute);
    expect(executions).toBe(2);
    expect(other).not.toBe(first);
    // Another event is executed afresh, whatever the key.
    await sharedResult({ type: 'content.changed' }, 'a', execute);
    expect(executions).toBe(3);

    const { stringify } = first as SerialisableResult;
    expect(stringify!(first as SerialisableResult)).toBe(JSON.stringify({ data: { value: 1 } }));
    expect(stringify!(first as SerialisableResult)).toBe(stringify!(first as SerialisableResult));
    // A copy (Yoga rewrites a result with errors) is serialised as it is.
    expect(stringify!({ ...(first as SerialisableResult), extensions: { x: 1 } })).toContain('"x":1');
  });
});
