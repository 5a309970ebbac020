import { z } from 'zod';

export type ToolJsonSchema = { type: 'object'; properties?: Record<string, object>; required?: string[]; [key: string]: unknown };

/**
 * A zod object as the JSON Schema a tool advertises. Draft 7, as the SDK's own tools publish
 * theirs: its clients validate structured output with a draft-7 validator. `io: 'input'` is
 * what a caller may send (defaults optional); `'output'` what the gateway returns.
 */
export function toolJsonSchema(schema: z.ZodObject, io: 'input' | 'output'): ToolJsonSchema {
  return z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as ToolJsonSchema;
}
