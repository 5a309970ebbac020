import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { RecordedResponse } from './response-recorder.js';

/**
 * Checks answers against an OpenAPI 3.1 document: the route and method must be documented, the
 * status must be one of the operation's responses, the media type one of that response's, the
 * body valid against its schema (JSON Schema 2020-12, with Ajv), the documented headers
 * present when required and valid when present, and every header the answer carries declared
 * (HTTP's own framing and caching headers aside). Header values are text on the wire: a header
 * whose schema is a number is compared as one.
 *
 * Ajv is used directly because the OpenAPI response validators on npm that are maintained
 * stop at OpenAPI 3.0 (JSON Schema draft 4: no `const`, no type arrays), and the document is
 * 3.1; finding the operation, the response and the media type is the small part done here.
 */
type Json = Record<string, any>;

const DOCUMENT_ID = 'https://gateway.invalid/openapi.json';

/**
 * Headers about the message itself (framing, encoding, caching, the connection), which OpenAPI
 * leaves to HTTP: `Content-Type` is the media type, and the others no client reads as the API's.
 */
const HTTP_OWN_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'cache-control',
  'etag',
  'last-modified',
  'accept-ranges',
  'vary',
]);

export class OpenApiResponseCheck {
  readonly #document: Json;
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();
  readonly #routes: { method: string; template: string; pattern: RegExp; literal: number }[] = [];

  constructor(document: Json) {
    this.#document = document;
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.#ajv);
    this.#ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    for (const [template, item] of Object.entries<Json>(document.paths)) {
      const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
      for (const method of Object.keys(item)) {
        if (['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method))
          this.#routes.push({ method: method.toUpperCase(), template, pattern, literal: template.replace(/\{\w+\}/g, '').length });
      }
    }
    // A literal path wins over a template that also matches (/v1/jobs/batch before /v1/jobs/{id}).
    this.#routes.sort((a, b) => b.literal - a.literal);
  }

  /** The operation a request reached, as `METHOD template`, or null when the document has none. */
  operationOf(method: string, url: string): string | null {
    const path = url.split('?')[0]!;
    const route = this.#routes.find((each) => each.method === method && each.pattern.test(path));
    return route ? `${route.method} ${route.template}` : null;
  }

  /** What is wrong with one answer (empty when it matches the document). */
  problems(response: RecordedResponse): string[] {
    const operation = this.operationOf(response.method, response.url);
    if (!operation) return [`${response.method} ${response.url}: route not documented`];
    const [method, template] = operation.split(' ') as [string, string];
    const responses = this.#document.paths[template][method.toLowerCase()].responses as Json;
    const status = String(response.status);
    const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default' in responses ? 'default' : null;
    const where = `${response.method} ${response.url} → ${status}`;
    if (key === null) return [`${where}: status not documented (documented: ${Object.keys(responses).join(', ')})`];
    const pointer = `#/paths/${escape(template)}/${method.toLowerCase()}/responses/${key}`;
    const documented = this.#resolve(responses[key]);
    return [
      ...this.#headerProblems(where, documented.value, response.headers),
      ...this.#bodyProblems(where, documented, pointer, response),
    ];
  }

  #headerProblems(where: string, documented: Json, headers: Record<string, string>): string[] {
    const declared = new Set(Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase()));
    const problems = Object.keys(headers)
      .filter((name) => !HTTP_OWN_HEADERS.has(name.toLowerCase()) && !declared.has(name.toLowerCase()))
      .map((name) => `${where}: header ${name} sent but not declared`);
    for (const [name, declared] of Object.entries<Json>(documented.headers ?? {})) {
      const header = this.#resolve(declared).value;
      const value = headers[name.toLowerCase()];
      if (value === undefined) {
        if (declared.required === true || header.required === true) problems.push(`${where}: required header ${name} missing`);
        continue;
      }
      const numeric = ['integer', 'number'].includes(header.schema?.type) && /^-?\d+(\.\d+)?$/.test(value);
      const validate = this.#ajv.compile(header.schema ?? {});
      if (!validate(numeric ? Number(value) : value))
        problems.push(`${where}: header ${name}: ${value} does not match ${JSON.stringify(header.schema)}`);
    }
    return problems;
  }

  #bodyProblems(where: string, documented: { value: Json; pointer: string | null }, pointer: string, response: RecordedResponse): string[] {
    const content = documented.value.content as Json | undefined;
    const mediaType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!content) return response.body === '' ? [] : [`${where}: a body (${mediaType}) where none is documented`];
    const match =
      mediaType in content
        ? mediaType
        : `${mediaType.split('/')[0]}/*` in content
          ? `${mediaType.split('/')[0]}/*`
          : '*/*' in content
            ? '*/*'
            : null;
    if (match === null)
      return [`${where}: media type ${mediaType || '(none)'} not documented (documented: ${Object.keys(content).join(', ')})`];
    if (!/^application\/(.+\+)?json$/.test(match)) return [];
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`${where}: body is not JSON`];
    }
    const schemaPointer = `${documented.pointer ?? pointer}/content/${escape(match)}/schema`;
    const validate = this.#validator(schemaPointer);
    if (validate(body)) return [];
    return (validate.errors ?? [])
      .slice(0, 5)
      .map(
        (error) =>
          `${where}: body${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)} (schema ${error.schemaPath})`,
      );
  }

  #validator(pointer: string): ValidateFunction {
    let validate = this.#compiled.get(pointer);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      this.#compiled.set(pointer, validate);
    }
    return validate;
  }

  /** Follows a `$ref` to a component (responses, headers), keeping the pointer of what it found. */
  #resolve(value: Json): { value: Json; pointer: string | null } {
    if (typeof value.$ref !== 'string') return { value, pointer: null };
    const pointer = value.$ref as string;
    const target = pointer
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((node, part) => node[part], this.#document);
    return { value: target, pointer };
  }
}

/** JSON Pointer escaping of one segment. */
const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The suites whose answers are checked when their harness closes: the docs tests and every family's end-to-end tests. */
const CHECKED_SUITES = /[\\/]test[\\/](?:docs|families[\\/][^\\/]+[\\/]e2e)[\\/]/;

/**
 * When the running test file is an end-to-end (or docs) suite, checks every recorded answer
 * against the server's own /openapi.json and fails with all the problems found.
 */
export async function checkResponsesOnClose(baseUrl: string, responses: readonly RecordedResponse[]): Promise<void> {
  // Outside a test run (bench/batch.ts starts this harness too) there is no suite to check.
  if (!process.env.VITEST) return;
  const testPath = expect.getState().testPath ?? '';
  if (!CHECKED_SUITES.test(testPath) || responses.length === 0) return;
  const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as Json;
  const check = new OpenApiResponseCheck(document);
  const problems = responses.flatMap((response) => check.problems(response));
  if (problems.length > 0) throw new Error(`${problems.length} answer(s) do not match /openapi.json:\n${problems.slice(0, 30).join('\n')}`);
}
