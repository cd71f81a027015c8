/**
 * A list call answered: the page with `X-Total-Count`, or the CSV, XLSX or PDF download of every
 * matching row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { fill, messages } from '../../domain/messages';
import { type Db } from '../db/client';
import { fieldError } from '../errors';
import { pdfColumnsOf, sendPdf } from '../exports/pdf';
import { listExportFormatOf, sendExport, type ExportColumn, type ExportTotals } from '../exports/writers';
import type { ListColumn, ListQuery, ListSource } from './source';
import { parseListQuery } from './parse';
import { searchConditions, whereSql } from './sql';
import { iterateList, listPage, runnerFor } from './page';

/**
 * A list's files: their columns read the list's own row (`Row`, the `ListSource<Row>` it is
 * served from), so that a file's column naming a key the row lacks fails `tsc` where it is declared.
 */
export interface ListExport<Row = Record<string, unknown>> {
  /** File name prefix: `<prefix>_<YYYYMMDD_HHmmss>.<ext>`. */
  prefix: string;
  sheet: string;
  columns: readonly ExportColumn<Row>[];
  /**
   * Lists that are printed also answer `format=pdf` (landscape, page numbers, this title), with the
   * XLSX's own `columns` (`pdfColumnsOf`): one column list per export, never a PDF's own.
   */
  pdf?: { title: string };
  /**
   * What the rows cover (a period, a direction, a cité…): the PDF's line under its title (joined
   * by ' · '), the XLSX's lines under its title above the table; the CSV has none. A searched list's
   * « Recherche : … » is added here by `sendList` itself, for every list: not a module's to say.
   */
  scope?: string[];
  /** A last row summing these columns, in the XLSX and the PDF. */
  totals?: ExportTotals<Row>;
}

/**
 * How a list's files write a column's cells: as the list types it (from the schema, for a stored
 * column), an id as an integer, a moment as a date and time, an enumeration by its French label.
 */
export function fileTypeOf(column: Pick<ListColumn, 'type'>): ExportColumn['type'] {
  const { type } = column;
  return type === 'id' ? 'integer' : type === 'timestamp' ? 'datetime' : type;
}

/**
 * The lines a list's XLSX (under its title) and PDF (under its title, joined) say of its rows: the
 * module's scope, then, when the list was searched, « Recherche : <texte> » — the file holds only
 * the rows found, so it says so, whichever list it is (docs/api.md#exports). The CSV has none.
 */
export function exportScope(scope: string[] | undefined, lq: ListQuery): string[] {
  const q = lq.q?.trim();
  return [...(scope ?? []), ...(q ? [fill(messages.exportRecherche, { texte: q })] : [])];
}

/**
 * Serves a list call: with `format=csv|xlsx` the download of every matching row (same search,
 * filters and order, no page), otherwise the page with `X-Total-Count` when paged.
 */
export async function sendList<Row>(
  reply: FastifyReply,
  db: Db,
  source: ListSource<Row>,
  opts: {
    query: Record<string, unknown>;
    lq?: ListQuery;
    extra?: SQL[];
    /** Its files, typed by the source's row (never inferred from them). */
    export?: ListExport<NoInfer<Row>>;
  },
): Promise<unknown> {
  const lq = opts.lq ?? parseListQuery(opts.query, source);
  const format = listExportFormatOf(opts.query, opts.export?.pdf !== undefined);
  const scope = format && opts.export ? exportScope(opts.export.scope, lq) : [];
  if (format === 'pdf' && opts.export?.pdf) {
    // The page count is printed on every page: the rows are counted first, then walked by key.
    const searched = searchConditions(source, lq);
    const where = whereSql([...(source.where ?? []), ...(opts.extra ?? []), ...searched]);
    const [count] = await runnerFor(searched)<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${source.from} ${where}`,
    );
    return sendPdf(reply, {
      title: opts.export.pdf.title,
      prefix: opts.export.prefix,
      columns: pdfColumnsOf(opts.export.columns),
      total: count?.n ?? 0,
      ...(scope.length ? { subtitle: scope.join(' · ') } : {}),
      ...(opts.export.totals ? { totals: opts.export.totals } : {}),
      rows: iterateList(db, source, lq, opts.extra),
    });
  }
  if (format) {
    if (!opts.export || format === 'pdf') throw fieldError('format', 'choixInvalide');
    return sendExport(reply, {
      format,
      prefix: opts.export.prefix,
      sheet: opts.export.sheet,
      columns: opts.export.columns,
      ...(scope.length ? { heading: [opts.export.pdf?.title ?? opts.export.sheet, ...scope] } : {}),
      ...(opts.export.totals ? { totals: opts.export.totals } : {}),
      rows: iterateList(db, source, lq, opts.extra),
    });
  }
  const { rows: data, total } = await listPage(db, source, lq, opts.extra);
  if (lq.paged) reply.header('X-Total-Count', String(total));
  return data;
}
