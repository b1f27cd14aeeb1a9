/**
 * CSV that spreadsheets open safely: every cell quoted when it must be (RFC 4180), and a cell
 * that a spreadsheet would run as a formula (= + - @, or a tab or carriage return first) gets a
 * leading apostrophe so it stays text.
 */
/** What a cell holds: a lead's fields are text and yes/no answers. */
export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
