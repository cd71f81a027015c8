import { PassThrough, Readable, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type ExcelJS from 'exceljs';
import { messages } from '../../domain/messages';
import { fieldEnumLabel } from '../../domain/messages-labels';
import { fieldError } from '../errors';
import { CSV_CONTENT_TYPE, FILE_TYPES } from './file-types';

/**
 * Export writers as one reusable piece (docs/api.md#exports): CSV (UTF-8 with BOM, `;`, French headers)
 * and XLSX (typed columns, streamed so that large lists take bounded memory). Rows come from an
 * async iterable, read page by page from the database.
 */
export type ExportFormat = 'csv' | 'xlsx';

/**
 * A file's column: `key` one of the row's own keys. A list's file is written from the list's typed
 * row (`ListSource<Row>`, its type derived from the schema's columns), so that a column of the file
 * naming a key the row no longer has fails `tsc` where the file's columns are declared; a file
 * written from rows made in code keeps the default, any key.
 */
export interface ExportColumn<Row = Record<string, unknown>> {
  key: CellKey<Row>;
  label: string;
  /**
   * How the cells are written (docs/api.md#exports): `date` (a day, `YYYY-MM-DD`) and `datetime` (a
   * moment, ISO) as French dates, `dd/mm/yyyy` and `dd/mm/yyyy hh:mm` in Ouagadougou (real date
   * cells in the XLSX); `number` and `integer` as numbers (a decimal comma in the CSV).
   */
  type?: 'text' | 'integer' | 'number' | 'date' | 'datetime' | 'boolean' | 'enum';
  /**
   * An amount in FCFA (an `integer`): the PDF writes it `12 500`, right-aligned, on one line
   * (`pdfColumnsOf`, src/server/exports/pdf.ts).
   */
  amount?: boolean;
  /** The PDF's header when it differs (its page is narrow: the unit said once, under the title). */
  pdfLabel?: string;
  /**
   * A `number` column's decimals when the screen shows fewer than two (a median to the tenth): the
   * spreadsheet then shows what the screen does.
   */
  decimals?: 1;
  /**
   * The XLSX column's width in characters when its texts are longer than its header (a workbook
   * whose rows are known before it is written: the longest name of a cité); the wider wins.
   */
  width?: number;
}

/**
 * A last row of a file's table: `label` in the first column, and under each of `keys` the sum of
 * that column's values over every row written (the XLSX and the PDF; the CSV stays rows only).
 */
export interface ExportTotals<Row = Record<string, unknown>> {
  label: string;
  keys: readonly CellKey<Row>[];
}

/** The keys of a row a file's cell may read (its text keys). */
export type CellKey<Row> = Extract<keyof Row, string>;

interface ExportSpec<Row> {
  format: ExportFormat;
  /** File name prefix: `<prefix>_<YYYYMMDD_HHmmss>.<ext>`. */
  prefix: string;
  sheet?: string;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
  /**
   * Lines above the XLSX's table, in bold then plain (its title, what the rows cover: period,
   * direction, cité), a blank row between them and the header. The CSV has none (a header, rows).
   */
  heading?: string[];
  /** Lines below the XLSX's table, after a blank row (what the table leaves out, said). */
  footer?: string[];
  totals?: ExportTotals<Row>;
}

/** Adds a row's values of the totalled columns to `sums` (numbers, or numeric texts from the database). */
export function addToTotals<Row>(sums: Map<string, number>, totals: ExportTotals<Row> | undefined, row: Row) {
  if (!totals) return;
  for (const key of totals.keys) {
    const v = row[key];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
    sums.set(key, (sums.get(key) ?? 0) + (Number.isFinite(n) ? n : 0));
  }
}

/** Burkina Faso's time zone (UTC+0 all year, no daylight saving): the time people read in names. */
const TIME_ZONE = 'Africa/Ouagadougou';

const STAMP_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `<prefix>_<YYYYMMDD_HHmmss>.<ext>`, the time in Ouagadougou whatever the server's own zone. */
export function exportFileName(prefix: string, ext: string, now = new Date()): string {
  const part = Object.fromEntries(STAMP_FORMAT.formatToParts(now).map((p) => [p.type, p.value]));
  const stamp = `${part.year}${part.month}${part.day}_${part.hour}${part.minute}${part.second}`;
  return `${prefix}_${stamp}.${ext}`;
}

/** A day (`YYYY-MM-DD`, or a Date) as a Date at midnight UTC; a moment (ISO text or Date) as itself. */
function dateOf(value: unknown, day: boolean): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || value === '') return null;
  const d = day && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const FR_DATE = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const FR_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A date as people read it in Burkina Faso: `26/11/2026`, or `26/11/2026 14:05` for a moment. */
export function frenchDate(d: Date, withTime: boolean): string {
  return withTime ? `${FR_DATE.format(d)} ${frenchTime(d)}` : FR_DATE.format(d);
}

/** A moment's time of day in Ouagadougou: `14:05`. */
export function frenchTime(d: Date): string {
  return FR_TIME.format(d);
}

/** A yes-or-no cell as every file writes it, the XLSX and the PDF alike: « Oui » or « Non ». */
export const booleanText = (value: unknown): string => (value ? messages.vrai : messages.faux);

/**
 * A cell's value as the files hold it: labels for enumerations and booleans, numbers as numbers
 * (a numeric text from the database too), dates as Dates (the CSV writes them in French, the XLSX
 * as date cells).
 */
function display<Row>(col: ExportColumn<Row>, value: Row[CellKey<Row>]): unknown {
  if (value === null || value === undefined) return null;
  switch (col.type) {
    case 'boolean':
      return booleanText(value);
    case 'enum':
      return fieldEnumLabel(col.key, String(value));
    case 'number':
    case 'integer':
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
        ? Number(value)
        : value;
    case 'date':
    case 'datetime':
      return dateOf(value, col.type === 'date') ?? value;
    default:
      // A column not typed as a date still writes its dates as dates, never as the API's ISO text.
      if (value instanceof Date) return value;
      return typeof value === 'string' && ISO_DATE.test(value) ? (dateOf(value, true) ?? value) : value;
  }
}

/** The API's form of a day or a moment (`2026-11-26`, `2026-11-26T06:13:37.347Z`). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A value of an untyped column in the API's form of a day or a moment, as the files write it
 * (`26/11/2026`, or `26/11/2026 06:13` for a moment not at midnight); null for any other value.
 * The PDF's cells, as the CSV's and the XLSX's, never show the API's ISO text.
 */
export function untypedDateText(value: unknown): string | null {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return null;
  const d = dateOf(value, true);
  return d ? frenchDate(d, withTime(d, undefined)) : null;
}

/** Whether a date is written with its time: a `datetime`, or an untyped moment not at midnight. */
const withTime = (d: Date, type: ExportColumn['type']) =>
  type === 'datetime' ||
  (type !== 'date' && d.getUTCHours() + d.getUTCMinutes() + d.getUTCSeconds() + d.getUTCMilliseconds() > 0);

/** One CSV cell: quoted when needed; a leading = + - @ is neutralised (no formula injection). */
export function csvCell(value: unknown, type?: ExportColumn['type']): string {
  if (value === null || value === undefined) return '';
  let s =
    typeof value === 'number'
      ? String(value).replace('.', ',')
      : value instanceof Date
        ? frenchDate(value, withTime(value, type))
        : String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value !== 'number') s = `'${s}`;
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Lines are sent in chunks of about 64 KB: one write per row would cost more than the rows. */
const CSV_CHUNK = 64 * 1024;

async function* csvLines<Row>(spec: ExportSpec<Row>): AsyncGenerator<string> {
  let chunk = `\uFEFF${spec.columns.map((c) => csvCell(c.label)).join(';')}\r\n`;
  for await (const row of spec.rows) {
    chunk += `${spec.columns.map((c) => csvCell(display(c, row[c.key]), c.type)).join(';')}\r\n`;
    if (chunk.length >= CSV_CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** About 15 KB of sheet XML: what the zip's compression takes in one turn of the event loop. */
const CELLS_PER_PAUSE = 256;

/**
 * Lets a writer's pipeline catch up (the XLSX's, the PDF's). exceljs writes each committed row into the zip's input
 * without waiting, and the compression (zlib, on libuv's threads) only moves when the event loop
 * turns; a loop that writes 1,000 rows between two database reads piled the sheet's XML up in
 * memory (50 MB at 100,000 rows). So every ~256 cells: one turn of the loop, and while the HTTP
 * response is full (a slow client), wait until it drains (or closes), so that what waits is the
 * reading of the rows, not their XML.
 */
export async function pace(out: Writable): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (out.writableNeedDrain && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  }
}

/**
 * The number format of a column's cells: dates written the French way whatever the reader's
 * settings, an amount with its thousands apart (« 35 000 » in a French spreadsheet), an id or a
 * count as it is.
 */
function cellStyle(type: ExportColumn['type'], amount = false, decimals?: 1): Partial<ExcelJS.Style> {
  if (type === 'number') return { numFmt: decimals === 1 ? '0.0' : '0.00' };
  if (type === 'integer') return { numFmt: amount ? '#,##0' : '0' };
  if (type === 'date') return { numFmt: 'dd/mm/yyyy' };
  if (type === 'datetime') return { numFmt: 'dd/mm/yyyy hh:mm' };
  return {};
}

/** A date's cells wherever it comes from (a Date in an untyped column still reads as a date). */
const DATE_STYLE = cellStyle('date');
const DATETIME_STYLE = cellStyle('datetime');

/**
 * The XLSX, streamed row by row (exceljs's WorkbookWriter). exceljs writes the workbook (its
 * parts, the styles, the columns, the heading and header rows, the totals row); the rows of the
 * table are written here as the sheet's XML, the same cells exceljs writes (`rowXml`), into the
 * sheet's own stream. exceljs's way, a Row, then a Cell, a Value and a merged style for each
 * cell, then each turned into XML through its model, was about half of the instance's busy time
 * in an export (50,000 repair requests of 12 columns: docs/decisions/080-repairs-list-and-xlsx.md).
 * A cell's style is its column's (a date's its own), filed once per object (a WeakMap). exceljs
 * has no backpressure of its own: see `pace`.
 */
async function writeXlsx<Row>(spec: ExportSpec<Row>, out: PassThrough) {
  await writeWorkbook([spec], out);
}

/** Several sheets in one workbook, each written as `writeXlsx` writes its one. */
async function writeWorkbook<Row>(specs: Omit<ExportSpec<Row>, 'format' | 'prefix'>[], out: PassThrough) {
  // Loaded on the first XLSX (about 30 MB of memory that a server writing none never pays).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const cellTypes: CellTypes = {
    number: Excel.ValueType.Number,
    string: Excel.ValueType.String,
    date: Excel.ValueType.Date,
    boolean: Excel.ValueType.Boolean,
  };
  for (const spec of specs) {
    // A sheet's name holds at most 31 characters (a longer one makes a file spreadsheets refuse).
    const sheet = workbook.addWorksheet((spec.sheet ?? messages.exportFeuille).slice(0, 31));
    await writeSheet(sheet as StreamedSheet, spec, out, {
      styles: (workbook as StreamedWorkbook).styles,
      types: cellTypes,
    });
    if (out.destroyed) return;
  }
  await workbook.commit();
}

/** exceljs's values of a cell's type, as its styles file them (a style without a format differs by type). */
interface CellTypes {
  number: ExcelJS.ValueType;
  string: ExcelJS.ValueType;
  date: ExcelJS.ValueType;
  boolean: ExcelJS.ValueType;
}

/** What exceljs's streaming workbook keeps and the rows written here use: its styles (`s` of a cell). */
type StreamedWorkbook = ExcelJS.stream.xlsx.WorkbookWriter & {
  styles: { addStyleModel(style: Partial<ExcelJS.Style>, type: ExcelJS.ValueType): number };
};

/** A streamed sheet: its XML's stream (`<sheetData>` open once its first row is committed). */
type StreamedSheet = ExcelJS.Worksheet & { stream: { write(xml: string): unknown } };

/** A sheet's column letters: A…Z, AA… */
function columnLetters(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    let k = i + 1;
    let letters = '';
    while (k > 0) {
      letters = String.fromCharCode(65 + ((k - 1) % 26)) + letters;
      k = Math.floor((k - 1) / 26);
    }
    return letters;
  });
}

/**
 * A text as exceljs writes it in XML: the control characters XML 1.0 cannot hold dropped (tab, line
 * feed and carriage return kept), `<>&"'` escaped.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const XML_UNSAFE = /[<>&"'\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/;
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const XML_DROPPED = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g;
const XML_ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

function xmlText(s: string): string {
  if (!XML_UNSAFE.test(s)) return s;
  return s.replace(XML_DROPPED, '').replace(/[<>&"']/g, (c) => XML_ESCAPES[c]);
}

/** A day as the spreadsheet counts it (days since 30 December 1899, the time as a fraction, UTC). */
const excelDate = (d: Date) => 25569 + d.getTime() / 86_400_000;

/**
 * One row as exceljs writes it, its values already `display`ed: `<row>`, then each cell, a number
 * as itself, a date as its day count, a text as `t="str"`, a boolean as `t="b"`, anything else as
 * its JSON text (exceljs's JSON value); an empty cell only when it has a style. `styleOf` gives a
 * cell's style id (0: none).
 */
function rowXml(
  number: number,
  values: unknown[],
  refs: string[],
  styleOf: (i: number, value: unknown, type: ExcelJS.ValueType) => number,
  types: CellTypes,
): string {
  let xml = `<row r="${number}" spans="1:${values.length}" x14ac:dyDescent="0.25">`;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const ref = `${refs[i]}${number}`;
    if (v === null || v === undefined) {
      const s = styleOf(i, null, types.number); // exceljs files an empty cell as a number
      if (s) xml += `<c r="${ref}" s="${s}"/>`;
      continue;
    }
    let type = types.string;
    let body: string;
    if (typeof v === 'string') body = ` t="str"><v>${xmlText(v)}</v>`;
    else if (typeof v === 'number' && Number.isFinite(v)) {
      type = types.number;
      body = `><v>${v}</v>`;
    } else if (v instanceof Date) {
      type = types.date;
      body = `><v>${excelDate(v)}</v>`;
    } else if (typeof v === 'boolean') {
      type = types.boolean;
      body = ` t="b"><v>${v ? 1 : 0}</v>`;
    } else {
      const text = typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | bigint);
      body = ` t="str"><v>${xmlText(text)}</v>`;
    }
    const s = styleOf(i, v, type);
    xml += s ? `<c r="${ref}" s="${s}"${body}</c>` : `<c r="${ref}"${body}</c>`;
  }
  return `${xml}</row>`;
}

/** Rows of the table gathered into about 64 KB of XML before they go to the sheet's stream. */
const XML_CHUNK = 64 * 1024;

async function writeSheet<Row>(
  sheet: StreamedSheet,
  spec: Omit<ExportSpec<Row>, 'format' | 'prefix'>,
  out: PassThrough,
  book: { styles: StreamedWorkbook['styles']; types: CellTypes },
) {
  const styles = spec.columns.map((c) => cellStyle(c.type, c.amount, c.decimals));
  sheet.columns = spec.columns.map((c, i) => ({
    // With a heading, the header row is written below it (`header` would put it on row 1).
    ...(spec.heading?.length ? {} : { header: c.label }),
    key: c.key,
    width: Math.max(12, c.label.length + 4, c.width ?? 0),
    style: styles[i],
  }));
  if (spec.heading?.length) {
    spec.heading.forEach((text, i) => {
      const line = sheet.addRow([text]);
      line.getCell(1).style = i === 0 ? { font: { bold: true, size: 13 } } : {};
      line.commit();
    });
    sheet.addRow([]).commit();
    const header = sheet.addRow(spec.columns.map((c) => c.label));
    header.font = { bold: true };
    header.commit();
  } else {
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
  }
  const n = spec.columns.length;
  const rowsPerPause = Math.max(1, Math.floor(CELLS_PER_PAUSE / n));
  const sums = new Map<string, number>();
  const refs = columnLetters(n);
  // A cell's style id: its column's, a date's its own. exceljs files a style object once (the first
  // cell's type decides, then its id is the object's), so each id is asked once and kept here: not
  // one look-up of exceljs's per cell (650,000 for 50,000 rows of 13 columns).
  const styleOf = (own: Partial<ExcelJS.Style>[]) => {
    const ids: number[] = own.map(() => -1);
    let date = -1;
    let dateTime = -1;
    return (i: number, v: unknown, type: ExcelJS.ValueType): number => {
      if (v instanceof Date) {
        if (withTime(v, spec.columns[i].type))
          return dateTime >= 0 ? dateTime : (dateTime = book.styles.addStyleModel(DATETIME_STYLE, type));
        return date >= 0 ? date : (date = book.styles.addStyleModel(DATE_STYLE, type));
      }
      return ids[i] >= 0 ? ids[i] : (ids[i] = book.styles.addStyleModel(own[i], type));
    };
  };
  const rowStyle = styleOf(styles);
  // The rows above the table (heading, blank, header) are committed: the table starts below them.
  let number = (spec.heading?.length ? spec.heading.length + 2 : 1) + 1;
  let xml = '';
  let written = 0;
  for await (const row of spec.rows) {
    const values: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const c = spec.columns[i];
      values[i] = display(c, row[c.key]);
    }
    addToTotals(sums, spec.totals, row);
    xml += rowXml(number++, values, refs, rowStyle, book.types);
    if (xml.length >= XML_CHUNK) {
      sheet.stream.write(xml);
      xml = '';
    }
    if (++written % rowsPerPause === 0) {
      await pace(out);
      if (out.destroyed) return; // the download was cut short: stop reading rows
    }
  }
  if (spec.totals) {
    const { label, keys } = spec.totals;
    const bold = styles.map((style) => ({ ...style, font: { bold: true } }));
    const values = spec.columns.map((c, i) =>
      keys.includes(c.key) ? (sums.get(c.key) ?? 0) : i === 0 ? label : null,
    );
    // Each of its cells bold, an empty one too (as exceljs wrote it, styled).
    xml += rowXml(number++, values, refs, styleOf(bold), book.types);
  }
  if (spec.footer?.length) {
    number++; // a blank row between the table and its footer
    const plain = styleOf(spec.columns.map(() => ({})));
    for (const text of spec.footer)
      xml += rowXml(number++, [text, ...new Array<unknown>(n - 1).fill(null)], refs, plain, book.types);
  }
  if (xml) sheet.stream.write(xml);
  sheet.commit();
}

export function sendExport<Row>(reply: FastifyReply, spec: ExportSpec<Row>) {
  const ext = spec.format;
  reply.header('Content-Disposition', `attachment; filename="${exportFileName(spec.prefix, ext)}"`);
  reply.header('Cache-Control', 'no-store');
  if (spec.format === 'csv') {
    reply.type(CSV_CONTENT_TYPE);
    return reply.send(Readable.from(csvLines(spec)));
  }
  reply.type(FILE_TYPES.xlsx);
  const out = new PassThrough();
  writeXlsx(spec, out).catch((err) => out.destroy(err as Error));
  return reply.send(out);
}

/**
 * A workbook of several sheets (`<prefix>_<YYYYMMDD_HHmmss>.xlsx`), one table each, with the same
 * cells as a list's XLSX: figures of several families answered by one call.
 */
export function sendWorkbook(
  reply: FastifyReply,
  spec: { prefix: string; sheets: Omit<ExportSpec<Record<string, unknown>>, 'format' | 'prefix'>[] },
) {
  reply.header('Content-Disposition', `attachment; filename="${exportFileName(spec.prefix, 'xlsx')}"`);
  reply.header('Cache-Control', 'no-store');
  reply.type(FILE_TYPES.xlsx);
  const out = new PassThrough();
  writeWorkbook(spec.sheets, out).catch((err) => out.destroy(err as Error));
  return reply.send(out);
}

/**
 * The `format` query parameter of a list (docs/api.md#exports): undefined for the list itself, `csv` or
 * `xlsx` for a download; anything else is a 400 naming the parameter.
 */
function exportFormatOf(query: Record<string, unknown>): ExportFormat | undefined {
  const format = query.format;
  if (format === undefined) return undefined;
  if (format !== 'csv' && format !== 'xlsx') throw fieldError('format', 'choixInvalide');
  return format;
}

/** Like `exportFormatOf`, for the lists that also offer a PDF (docs/api.md#exports `format=csv|xlsx|pdf`). */
export function listExportFormatOf(
  query: Record<string, unknown>,
  withPdf: boolean,
): ExportFormat | 'pdf' | undefined {
  if (withPdf && query.format === 'pdf') return 'pdf';
  return exportFormatOf(query);
}
