/**
 * A CSV file checked as a table (the registry import, the admissible upload): the header must name
 * exactly the expected columns (any order, any case); each row is checked by the caller's function;
 * one bad row rejects the file, with every error listed as `{ligne, champ, message}` (`ligne` counts
 * the header as 1). Pure code, shared by the server and the client.
 */
import { messages } from './messages';
import { parseCsv, type RowError } from './registry';

export interface CsvTableResult<T> {
  rows: T[];
  errors: RowError[];
}

/** Checks one row: `raw(column)` is the cell's text; push errors as `{champ, message}`; return the row. */
export type CsvRowCheck<C extends string, T> = (
  raw: (column: C) => string,
  ligne: number,
  errors: { champ: string; message: string }[],
  /** Whether the file has that column (an optional one may be left out: its cells read ''). */
  has: (column: C) => boolean,
) => T | null;

/** A template file: UTF-8 with a byte-order mark, `;` separated, the header and one example row. */
export function templateCsv<C extends string>(columns: readonly C[], example: Record<C, string>): string {
  const line = (cells: readonly string[]) => cells.join(';');
  return `\uFEFF${line(columns)}\r\n${line(columns.map((c) => example[c]))}\r\n`;
}

export function checkCsvTable<C extends string, T>(
  text: string,
  columns: readonly C[],
  checkRow: CsvRowCheck<C, T>,
  maxErrors = 1000,
  /** Columns the file may leave out (among `columns`). */
  optional: readonly C[] = [],
): CsvTableResult<T> {
  const { records, error } = parseCsv(text);
  if (error) return { rows: [], errors: [error] };
  if (records.length < 2)
    return { rows: [], errors: [{ ligne: 1, champ: 'fichier', message: messages.csvVide }] };

  const header = records[0];
  const byName = new Map(columns.map((c) => [c.toLowerCase(), c] as const));
  const position = new Map<C, number>();
  const errors: RowError[] = [];
  header.cells.forEach((raw, index) => {
    const name = raw.trim().replace(/^\uFEFF/, '');
    const column = byName.get(name.toLowerCase());
    if (name === '' && index === header.cells.length - 1) return; // trailing separator
    if (!column || position.has(column)) {
      errors.push({
        ligne: header.ligne,
        champ: name || `colonne ${index + 1}`,
        message: messages.csvEnteteInconnue,
      });
    } else {
      position.set(column, index);
    }
  });
  for (const c of columns) {
    if (!position.has(c) && !optional.includes(c))
      errors.push({ ligne: header.ligne, champ: c, message: messages.csvEnteteManquante });
  }
  if (errors.length) return { rows: [], errors };

  const width = header.cells.length;
  const rows: T[] = [];
  for (const record of records.slice(1)) {
    if (errors.length >= maxErrors) break;
    if (record.cells.length > width && record.cells.slice(width).some((c) => c.trim() !== '')) {
      errors.push({ ligne: record.ligne, champ: 'fichier', message: messages.csvColonnesEnTrop });
      continue;
    }
    const rowErrors: { champ: string; message: string }[] = [];
    const row = checkRow(
      (c) => (position.has(c) ? (record.cells[position.get(c)!] ?? '') : ''),
      record.ligne,
      rowErrors,
      (c) => position.has(c),
    );
    for (const e of rowErrors) errors.push({ ligne: record.ligne, ...e });
    if (row !== null && rowErrors.length === 0) rows.push(row);
  }
  if (errors.length === 0 && rows.length === 0) {
    errors.push({ ligne: 1, champ: 'fichier', message: messages.csvVide });
  }
  return { rows: errors.length ? [] : rows, errors: errors.slice(0, maxErrors) };
}
