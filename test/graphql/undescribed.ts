import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isIntrospectionType,
  isSpecifiedScalarType,
  type GraphQLSchema,
} from 'graphql';

/**
 * Every type, field, argument and enum value of `schema` that has no description, as
 * `Type`, `Type.field`, `Type.field(argument)` or `Enum.VALUE`. GraphQL's own types are left out.
 */
export function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const blank = (text: string | null | undefined) => !text || text.trim() === '';
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    if (blank(type.description)) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (blank(field.description)) missing.push(`${type.name}.${field.name}`);
        for (const argument of 'args' in field ? field.args : []) {
          if (blank(argument.description)) missing.push(`${type.name}.${field.name}(${argument.name})`);
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) if (blank(value.description)) missing.push(`${type.name}.${value.name}`);
    }
  }
  return missing;
}
