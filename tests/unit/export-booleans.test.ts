import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { pdfColumnsOf, writePdfTable } from '../../src/server/exports/pdf';
import { sendExport, type ExportColumn } from '../../src/server/exports/writers';
import { readPdf } from '../helpers/pdf';

/**
 * A yes-or-no column reads the same in a list's XLSX and in its PDF, both made from one column
 * list (`pdfColumnsOf`): « Oui », « Non », and an empty cell for no value — never « Oui » or blank.
 */
const ROWS = [
  { nom: 'Alpha', ok: true },
  { nom: 'Bravo', ok: false },
  { nom: 'Charlie', ok: null },
];
/** The files' columns read the rows' own keys (a list's: its typed row). */
const COLUMNS: ExportColumn<(typeof ROWS)[number]>[] = [
  { key: 'nom', label: 'Nom' },
  { key: 'ok', label: 'Payé', type: 'boolean' },
];

async function xlsxCells(): Promise<unknown[]> {
  const app = Fastify();
  app.get('/', (_req, reply) =>
    sendExport(reply, {
      format: 'xlsx',
      prefix: 'x',
      sheet: 'Feuille',
      columns: COLUMNS,
      rows: (async function* () {
        yield* ROWS;
      })(),
    }),
  );
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as never);
  const sheet = book.worksheets[0];
  return [2, 3, 4].map((n) => sheet.getRow(n).getCell(2).value);
}

async function pdfLines(): Promise<string[]> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writePdfTable(
    { title: 'Liste', prefix: 'x', columns: pdfColumnsOf(COLUMNS), total: ROWS.length, rows: ROWS },
    out,
  );
  await ended;
  return (await readPdf(Buffer.concat(chunks))).pages[0].lines;
}

describe('a yes-or-no column in the files', () => {
  it('the PDF says « Non » where the XLSX does, and both leave no value empty', async () => {
    expect(await xlsxCells()).toEqual([messages.vrai, messages.faux, null]);
    const lines = await pdfLines();
    const line = (nom: string) => lines.find((l) => l.startsWith(nom));
    expect(line('Alpha')).toBe(`Alpha ${messages.vrai}`);
    expect(line('Bravo')).toBe(`Bravo ${messages.faux}`);
    expect(line('Charlie')).toBe('Charlie');
  });
});
