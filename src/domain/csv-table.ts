/**
 * A CSV file checked as a table (the registry import, the admissible upload): the header must name
 * exactly the expected columns (any order, any case); each row is checked by the caller's function;
 * one bad row rejects the file, with every error listed as `{ligne, champ, message}` (`ligne` counts
 * the header as 1). The CSV reader itself is here too (separator, quotes, the bytes' encoding). Pure
 * code, shared by the server and the client.
 */
import { messages } from './messages';

interface CsvRecord {
  /** Line of the file where the record starts; the header is line 1. */
  ligne: number;
  cells: string[];
}

export interface RowError {
  ligne: number;
  champ: string;
  message: string;
}

/** Chooses `;` or `,` from the first line (outside quotes): the one that appears more often. */
export function detectSeparator(text: string): ';' | ',' {
  let semi = 0;
  let comma = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semi++;
    else if (!quoted && ch === ',') comma++;
  }
  return comma > semi ? ',' : ';';
}

/**
 * Reads CSV text (RFC 4180: `"` quotes, `""` inside quotes, line breaks inside quotes allowed;
 * CRLF or LF). Blank lines and lines of empty cells are skipped. A quote left open is an error.
 */
export function parseCsv(
  text: string,
  separator: ';' | ',' = detectSeparator(text),
): { records: CsvRecord[]; error?: RowError } {
  const records: CsvRecord[] = [];
  let line = 1;
  let recordLine = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) records.push({ ligne: recordLine, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      recordLine = line;
    } else {
      cell += ch;
    }
    i++;
  }
  if (quoted)
    return { records, error: { ligne: recordLine, champ: 'fichier', message: messages.csvGuillemets } };
  if (cell !== '' || cells.length > 0) endRecord();
  return { records };
}

/**
 * Decodes the bytes of an uploaded CSV: null when they look binary (a NUL byte, or many control
 * characters). UTF-8 with or without a byte-order mark; bytes that are not UTF-8 are read as
 * Windows-1252, the encoding a French Excel uses for "CSV (séparateur : point-virgule)".
 */
export function decodeCsvBytes(bytes: Uint8Array): string | null {
  let control = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0) return null;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) control++;
  }
  if (control > Math.max(8, bytes.length / 100)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export interface CsvTableResult<T> {
  rows: T[];
  errors: RowError[];
}

/** Checks one row: `raw(column)` is the cell's text; push errors as `{champ, message}`; return the row. */
type CsvRowCheck<C extends string, T> = (
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
