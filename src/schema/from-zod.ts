import { z } from 'zod';
import type { EnumRef, ObjectRef, InterfaceRef } from '@pothos/core';
import { builder, perBuilder, type BuilderTypes } from './builder.js';

/**
 * Turns the zod resource schemas of src/model into Pothos object types, so a field is
 * declared once. Nested objects and enums become named GraphQL types by their zod `id`
 * meta; records become JSON.
 */

type AnyObjectRef = ObjectRef<BuilderTypes, Record<string, unknown>>;
type AnyEnumRef = EnumRef<BuilderTypes, string>;
const objectRefs = perBuilder(() => new Map<string, AnyObjectRef>());
const enumRefs = perBuilder(() => new Map<string, AnyEnumRef>());

function idOf(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id !== 'string') throw new Error('Resource schemas need .meta({ id }) to become GraphQL types');
  return id;
}

function descriptionOf(schema: z.ZodType): string | undefined {
  return z.globalRegistry.get(schema)?.description ?? schema.description;
}

/** Strips optional/nullable wrappers, reporting whether GraphQL should allow null. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; nullable: boolean } {
  let inner = schema;
  let nullable = false;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
    nullable = true;
    inner = inner.unwrap() as z.ZodType;
  }
  return { inner, nullable };
}

/**
 * Per-value descriptions of a model enum: its `x-enumDescriptions` meta (value -> text), which
 * the OpenAPI document carries as the same extension.
 */
function valueDescriptionsOf(schema: z.ZodEnum): Record<string, string> {
  const descriptions = z.globalRegistry.get(schema)?.['x-enumDescriptions'];
  return descriptions && typeof descriptions === 'object' ? (descriptions as Record<string, string>) : {};
}

function enumRef(schema: z.ZodEnum) {
  const name = idOf(schema);
  let ref = enumRefs().get(name);
  if (!ref) {
    const descriptions = valueDescriptionsOf(schema);
    // Model enums keep their REST spelling as GraphQL names (they are valid names, and results already read so).
    ref = builder().enumType(name, {
      description: descriptionOf(schema),
      values: Object.fromEntries(schema.options.map(String).map((value) => [value, { value, description: descriptions[value] }])) as never,
    });
    enumRefs().set(name, ref);
  }
  return ref;
}

type OutputType = 'String' | 'Int' | 'Float' | 'Boolean' | 'JSON' | AnyObjectRef | ReturnType<typeof enumRef>;

const INT32 = 2 ** 31 - 1;

/** GraphQL's Int is 32-bit: only a whole number bounded within it maps to Int; counts without a bound stay Float. */
const isInt32 = (schema: z.ZodNumber): boolean =>
  schema.isInt && (schema.minValue ?? -Infinity) >= -INT32 - 1 && (schema.maxValue ?? Infinity) <= INT32;

function outputType(schema: z.ZodType): OutputType {
  if (schema instanceof z.ZodString) return 'String';
  if (schema instanceof z.ZodNumber) return isInt32(schema) ? 'Int' : 'Float';
  if (schema instanceof z.ZodBoolean) return 'Boolean';
  if (schema instanceof z.ZodRecord) return 'JSON';
  if (schema instanceof z.ZodEnum) return enumRef(schema);
  if (schema instanceof z.ZodObject) return objectTypeFromZod(schema);
  // GraphQL has no union of scalars (a value that is a string or a boolean): it is JSON.
  if (schema instanceof z.ZodUnion) return 'JSON';
  throw new Error(`No GraphQL mapping for zod type ${schema.constructor.name}`);
}

/**
 * A resource type implements Node: the interface's global `id` replaces the model's `id`,
 * which GraphQL serves as `platformId` (the platform's own id).
 */
export interface NodeOptions {
  interface: InterfaceRef<BuilderTypes, Record<string, unknown>>;
}

/**
 * Whether a type serves its model `id` as `platformId`: a Node (its `id` is the global one), or a
 * value type that says so (`x-graphqlPlatformId` meta), because GraphQL clients read any `id`
 * field as an object's identity and a value inside another resource has none of its own.
 */
const servesPlatformId = (schema: z.ZodObject, node: NodeOptions | undefined): boolean =>
  node !== undefined || z.globalRegistry.get(schema)?.['x-graphqlPlatformId'] === true;

/** The GraphQL name of a model field: such a type's own `id` is its `platformId`. */
const graphqlFieldName = (fieldName: string, platformId: boolean): string => (platformId && fieldName === 'id' ? 'platformId' : fieldName);

/** The GraphQL object type of a zod object schema (created once per id). */
export function objectTypeFromZod(schema: z.ZodObject, node?: NodeOptions): AnyObjectRef {
  const name = idOf(schema);
  const existing = objectRefs().get(name);
  if (existing) return existing;
  const ref = builder().objectRef<Record<string, unknown>>(name);
  objectRefs().set(name, ref);
  const platformId = servesPlatformId(schema, node);
  ref.implement({
    description: descriptionOf(schema),
    ...(node ? { interfaces: [node.interface] as never } : {}),
    fields: (t) =>
      Object.fromEntries(
        Object.entries(schema.shape).map(([fieldName, fieldSchema]) => {
          const { inner, nullable: optional } = unwrap(fieldSchema as z.ZodType);
          const graphqlName = graphqlFieldName(fieldName, platformId);
          // platformId is nullable whatever the model says: not every platform exposes one.
          const nullable = optional || graphqlName !== fieldName;
          // A field that is a named type (an enum, an address) without its own description reads the type's.
          const item = inner instanceof z.ZodArray ? unwrap(inner.element as z.ZodType).inner : inner;
          const modelDescription = descriptionOf(fieldSchema as z.ZodType) ?? descriptionOf(inner) ?? descriptionOf(item);
          const description =
            graphqlName === fieldName
              ? modelDescription
              : `${modelDescription ?? "the platform's own id"} (the REST \`id\`; \`id\` here is the global ID)`;
          const resolve = (parent: Record<string, unknown>) => parent[fieldName] as never;
          if (inner instanceof z.ZodArray) {
            const { inner: item } = unwrap(inner.element as z.ZodType);
            return [graphqlName, t.field({ type: [outputType(item)] as never, nullable, description, resolve })];
          }
          return [graphqlName, t.field({ type: outputType(inner) as never, nullable, description, resolve })];
        }),
      ),
  });
  return ref;
}
