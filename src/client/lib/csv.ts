import { saveFile } from './save-file.ts';

/**
 * CSV (RFC 4180) built in the browser. Cells that a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) get a leading apostrophe (OWASP "CSV injection"); cells with a quote,
 * comma or line break are quoted, quotes doubled.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header and rows, lines ended by CRLF. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves `csv` as a file (a UTF-8 byte order mark first, so spreadsheets read accents right). */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
