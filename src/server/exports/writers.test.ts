import ExcelJS from 'exceljs';
import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { csvCell, exportFileName, sendExport, sendWorkbook, type ExportColumn } from './writers';

describe('exportFileName', () => {
  it("uses Ouagadougou's time (UTC+0), whatever the process's zone", () => {
    const previous = process.env.TZ;
    try {
      // a zone far from UTC, on a date where its local day differs from Ouagadougou's
      process.env.TZ = 'Pacific/Kiritimati';
      const at = new Date('2026-11-22T23:59:58Z');
      expect(exportFileName('lit', 'csv', at)).toBe('lit_20261122_235958.csv');
      expect(exportFileName('lit', 'xlsx', new Date('2026-01-05T00:00:07Z'))).toBe(
        'lit_20260105_000007.xlsx',
      );
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });

  it('midnight is 00, not 24', () => {
    expect(exportFileName('x', 'csv', new Date('2026-03-01T00:30:00Z'))).toBe('x_20260301_003000.csv');
  });
});

describe('csvCell', () => {
  it('neutralises formulas and quotes separators', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell(1.5)).toBe('1,5');
  });
});

/** The rows of a one-row table, as the exports read them from the database. */
async function* oneRow() {
  yield { ville: 'Koudougou', nombre: 3 };
}

/** The files' columns read the rows' own keys (a list's: its typed row). */
const columns = [
  { key: 'ville' as const, label: 'Ville' },
  { key: 'nombre' as const, label: 'Nombre', type: 'integer' as const },
];

/** A workbook answered by a route (the real reply), read back by exceljs. */
async function readBack(send: (reply: FastifyReply) => unknown) {
  const app = Fastify();
  app.get('/x', (_request, reply) => send(reply));
  try {
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    return workbook;
  } finally {
    await app.close();
  }
}

describe('an XLSX sheet’s name', () => {
  // 40 characters: more than the 31 a sheet's name may hold.
  const long = 'Interventions par cité et par catégorie';

  it('is cut to 31 characters, and the workbook opens (several sheets)', async () => {
    expect(long.length).toBeGreaterThan(31);
    const workbook = await readBack((reply) =>
      sendWorkbook(reply, {
        prefix: 'x',
        sheets: [
          { sheet: long, columns, rows: oneRow() },
          { sheet: 'Courte', columns, rows: oneRow() },
        ],
      }),
    );
    expect(workbook.worksheets.map((w) => w.name)).toEqual([long.slice(0, 31), 'Courte']);
    expect(workbook.worksheets[0].name).toHaveLength(31);
    expect(workbook.worksheets[0].getRow(2).values).toEqual([undefined, 'Koudougou', 3]);
  });

  it('is cut to 31 characters in a list’s XLSX too', async () => {
    const workbook = await readBack((reply) =>
      sendExport(reply, { format: 'xlsx', prefix: 'x', sheet: long, columns, rows: oneRow() }),
    );
    expect(workbook.worksheets.map((w) => w.name)).toEqual([long.slice(0, 31)]);
    expect(workbook.worksheets[0].getRow(2).values).toEqual([undefined, 'Koudougou', 3]);
  });
});

describe('an XLSX table’s rows (written as the sheet’s XML)', () => {
  const typed: ExportColumn<Record<'nom' | 'n' | 'm' | 'quand' | 'jour' | 'ok' | 'divers', unknown>>[] = [
    { key: 'nom', label: 'Nom' },
    { key: 'n', label: 'N', type: 'integer' as const },
    { key: 'm', label: 'M', type: 'number' as const },
    { key: 'quand', label: 'Quand', type: 'datetime' as const },
    { key: 'jour', label: 'Jour', type: 'date' as const },
    { key: 'ok', label: 'OK', type: 'boolean' as const },
    { key: 'divers', label: 'Divers' },
  ];
  async function* rows() {
    yield {
      nom: 'A & <B> "c" l’d\'e\u0001f',
      n: '3',
      m: 2.5,
      quand: '2026-11-26T14:05:00.000Z',
      jour: '2026-11-26',
      ok: true,
      divers: { a: 1 },
    };
    yield { nom: null, n: 4, m: null, quand: null, jour: null, ok: false, divers: '2026-11-27' };
  }

  it('writes an amount with its thousands apart, an id or a count as it is', async () => {
    async function* two() {
      yield { id: 12345, loyer: 35000 };
    }
    const workbook = await readBack((reply) =>
      sendExport(reply, {
        format: 'xlsx',
        prefix: 'x',
        sheet: 'Feuille',
        columns: [
          { key: 'id', label: 'N°', type: 'integer' as const },
          { key: 'loyer', label: 'Loyer', type: 'integer' as const, amount: true },
        ],
        rows: two(),
      }),
    );
    const row = workbook.worksheets[0].getRow(2);
    expect(row.getCell(1).value).toBe(12345);
    expect(row.getCell(1).numFmt).toBe('0');
    expect(row.getCell(2).value).toBe(35000);
    expect(row.getCell(2).numFmt).toBe('#,##0');
  });

  it('read back as exceljs wrote them: texts escaped, numbers, dates with their format, totals', async () => {
    const workbook = await readBack((reply) =>
      sendExport(reply, {
        format: 'xlsx',
        prefix: 'x',
        sheet: 'Feuille',
        columns: typed,
        heading: ['Titre', 'Portée'],
        totals: { label: 'Total', keys: ['n'] },
        rows: rows(),
      }),
    );
    const sheet = workbook.worksheets[0];
    // Title, scope, a blank row, the header, then the table from row 5.
    expect(sheet.getRow(4).values).toEqual([undefined, 'Nom', 'N', 'M', 'Quand', 'Jour', 'OK', 'Divers']);
    const first = sheet.getRow(5);
    expect(first.getCell(1).value).toBe('A & <B> "c" l’d\'ef');
    expect(first.getCell(2).value).toBe(3);
    expect(first.getCell(2).numFmt).toBe('0');
    expect(first.getCell(3).value).toBe(2.5);
    expect(first.getCell(3).numFmt).toBe('0.00');
    expect(first.getCell(4).value).toEqual(new Date('2026-11-26T14:05:00.000Z'));
    expect(first.getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(first.getCell(5).value).toEqual(new Date('2026-11-26T00:00:00.000Z'));
    expect(first.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(6).value).toBe('Oui');
    expect(first.getCell(7).value).toBe('{"a":1}');
    const second = sheet.getRow(6);
    expect(second.getCell(1).value).toBeNull();
    expect(second.getCell(6).value).toBe('Non');
    // A day in an untyped column is still a date.
    expect(second.getCell(7).value).toEqual(new Date('2026-11-27T00:00:00.000Z'));
    expect(second.getCell(7).numFmt).toBe('dd/mm/yyyy');
    const totals = sheet.getRow(7);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(2).value).toBe(7);
    expect(totals.getCell(2).font?.bold).toBe(true);
    expect(sheet.actualRowCount).toBe(6);
  });
});
