/**
 * The MCP tool name of a data endpoint, from its path: `/v1/{family}/{resource}` →
 * `{family}_{resource}`, every run of other characters one underscore (`/v1/a/for-sale/b` → `a_for_sale_b`).
 * Tool names allow letters, digits, `_`, `-` and `.`;
 * underscores alone read best to a model and keep the name one identifier.
 */
export function toolNameOf(path: `/v1/${string}`): string {
  return path
    .slice('/v1/'.length)
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
}
