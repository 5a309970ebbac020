/** One line of the results table: the gateway's figure beside its baseline and the target. */
export interface Row {
  scenario: string;
  metric: string;
  measured: string;
  baseline: string;
  ratio: string;
  target: string;
  met: boolean | null;
}

/** Formats numbers the way the table prints them. */
export const fmt = {
  int: (value: number) => Math.round(value).toLocaleString('en-US'),
  ms: (value: number) => `${value.toFixed(1)} ms`,
  mb: (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`,
  ratio: (value: number) => value.toFixed(2),
};

/** Renders the rows as a Markdown table (readable on a terminal and pasteable into RESULTS.md). */
export function renderTable(rows: readonly Row[]): string {
  const header = ['scenario', 'metric', 'gateway', 'baseline', 'ratio', 'target', 'met'];
  const cells = rows.map((row) => [
    row.scenario,
    row.metric,
    row.measured,
    row.baseline,
    row.ratio,
    row.target,
    row.met === null ? '-' : row.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: readonly string[]) => `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
