import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../../src/docs/openapi.js';
import { serviceRoutes } from '../../../src/service-routes.js';
import { catalogue } from '../../support/registered-catalogue.js';

/** What the forum's endpoints publish in /openapi.json: a listing's parameters, and the comment count its comments' raw promises. */
describe('the forum in /openapi.json', () => {
  const document = buildOpenApi(catalogue, serviceRoutes) as Record<string, any>;

  it("publishes a community listing's parameters with their bounds, default and orders", () => {
    const parameters = document.paths['/v1/forum/subreddit'].get.parameters as {
      name: string;
      required: boolean;
      schema: Record<string, unknown>;
    }[];
    const byName = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter]));
    expect(byName.subreddit!.required).toBe(true);
    expect(byName.limit!.schema).toMatchObject({ minimum: 1, maximum: 100, default: 25 });
    expect(byName.sort!.schema.enum).toEqual(['hot', 'new', 'top', 'rising', 'controversial']);
  });

  it("types the comments' raw.totalComments as a number or null, never required", () => {
    const comments = document.paths['/v1/forum/post/comments'].get.responses['200'].content['application/json'].schema.properties.raw;
    expect(comments.properties.totalComments).toMatchObject({ type: ['number', 'null'] });
    expect(comments.required).toBeUndefined();
  });
});
