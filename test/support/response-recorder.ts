/**
 * Every answer the test harness receives, kept so it can be checked against /openapi.json
 * (test/support/openapi-response-check.ts). Bodies are kept as text: a check must see what
 * the wire carried, not what a parser made of it.
 */
export interface RecordedResponse {
  method: string;
  /** Path and query string, as requested. */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class ResponseRecorder {
  readonly responses: RecordedResponse[] = [];

  /** Reads the whole body once and records it; returns the text for the caller to parse. */
  async record(method: string, url: string, response: Response): Promise<string> {
    const body = await response.text();
    this.responses.push({
      method: method.toUpperCase(),
      url,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body,
    });
    return body;
  }
}
