/** How one check of the cluster bench ended. */
export type Verdict = 'pass' | 'FAIL' | 'not supported yet';

export interface CheckRow {
  check: string;
  verdict: Verdict;
  /** The figures measured, or why it failed. */
  detail: string;
}

/** Thrown by a check whose precondition the gateway does not offer yet (a route, a field, a setting). */
export class NotSupportedYet extends Error {
  override name = 'NotSupportedYet';
}

/** Runs a check; an exception becomes its row (FAIL, or "not supported yet" for NotSupportedYet). */
export async function runCheck(check: string, work: () => Promise<Omit<CheckRow, 'check'>>): Promise<CheckRow> {
  try {
    return { check, ...(await work()) };
  } catch (error) {
    if (error instanceof NotSupportedYet) return { check, verdict: 'not supported yet', detail: error.message };
    return { check, verdict: 'FAIL', detail: error instanceof Error ? error.message : String(error) };
  }
}

export const verdictOf = (ok: boolean): Verdict => (ok ? 'pass' : 'FAIL');

/** The rows as a Markdown table: readable on a terminal and pasteable into bench/RESULTS.md. */
export function renderRows(rows: readonly CheckRow[]): string {
  const header = ['check', 'verdict', 'measured'];
  const cells = rows.map((row) => [row.check, row.verdict, row.detail.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: readonly string[]) => `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
