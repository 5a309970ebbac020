import type { EnumRef as PothosEnumRef } from '@pothos/core';
import { builder, perBuilder, type BuilderTypes } from './builder.js';

/**
 * GraphQL enums for fixed sets of REST values. A GraphQL enum value must be a name, so each
 * REST spelling maps to SCREAMING_SNAKE_CASE (`best-match` -> BEST_MATCH, `content.changed` ->
 * CONTENT_CHANGED); the enum's internal value is the REST spelling, so arguments reach the
 * REST validation as REST spells them and results are read back the same way.
 */
export function enumValueName(value: string): string {
  const name = value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  if (name === '') throw new Error(`No GraphQL enum name for the value ${JSON.stringify(value)}`);
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

type EnumRef = PothosEnumRef<BuilderTypes, string>;
const enums = perBuilder(() => new Map<string, { ref: EnumRef; values: string }>());

/**
 * The enum `name` of these REST values (created once; asking again with other values is a
 * programming error). `describeValue` gives each value its description.
 */
export function restEnum(name: string, description: string, values: readonly string[], describeValue: (value: string) => string): EnumRef {
  const signature = JSON.stringify(values);
  const existing = enums().get(name);
  if (existing) {
    if (existing.values !== signature) throw new Error(`Enum ${name} is declared with two different value sets`);
    return existing.ref;
  }
  const entries = values.map((value) => [enumValueName(value), { value, description: describeValue(value) }] as const);
  if (new Set(entries.map(([graphqlName]) => graphqlName)).size !== entries.length)
    throw new Error(`Enum ${name}: two values map to the same GraphQL name`);
  const ref = builder().enumType(name, { description, values: Object.fromEntries(entries) as never });
  enums().set(name, { ref, values: signature });
  return ref;
}

/** The description of a value no model describes on its own: how REST spells it. */
export const restSpelling = (value: string): string => `\`${value}\` in REST.`;
