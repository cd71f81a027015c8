import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { messages } from '../../src/domain/messages';
import { PDF_LISTS } from '../../src/domain/schemas/deliberation';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/env';
import { one, type Database } from '../../src/server/db/client';
import { openDemoDatabase, type DemoDatabase } from '../helpers/demo-db';
import { checkPdfReadable, readPdf } from '../helpers/pdf';

/**
 * Every file the product produces, read back as a person would (issue 21), on the demo's data:
 * each CSV and XLSX export of every list (found in the OpenAPI description: every GET whose
 * `format` takes csv) with dates and numbers written the French way, never a machine's; and every
 * PDF (the deliberation's lists, previewed and published, the assignments, the certificate with its
 * QR code, the demo's proofs) rendered with poppler and checked for text cut by its cell.
 */

let database: Database;
let app: FastifyInstance;
let dataDir: string;
let demo: DemoDatabase | undefined;
let admin: string;
/** The central manager: rent's lists are the staff's, not the admin's (docs/rent.md). */
let cenou: string;
let ids: { session: number; direction: number };

const call = (url: string, token = url.startsWith('campus/loyer') ? cenou : admin) =>
  app.inject({ method: 'GET', url: `${API_BASE}/${url}`, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  // The run's demo, loaded once for the files that read it; this file's copy (tests/helpers/demo-db.ts).
  demo = await openDemoDatabase(inject('dbTemplate'), 'exports');
  database = demo.database;
  dataDir = demo.dataDir;
  const accounts = demo.accounts;
  app = await buildApp({
    config: { ...loadConfig({}), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    db: database.db,
    jwtSecret: 'x'.repeat(48),
  });
  await app.ready();
  const a = accounts.find((x) => x.role === 'ROLE_HEBERGEMENT_ADMIN') ?? accounts[0];
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/campus-auth/signin`,
    payload: { username: a.userName, password: a.password },
  });
  admin = (res.json() as { accessToken: string }).accessToken;
  const c = accounts.find((x) => x.role === 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU')!;
  const signed = await app.inject({
    method: 'POST',
    url: `${API_BASE}/campus-auth/signin`,
    payload: { username: c.userName, password: c.password },
  });
  cenou = (signed.json() as { accessToken: string }).accessToken;
  // The demo's session in DELIBERATION, published, its admitted students accepting their offers
  // and given beds in a cité of the direction: every list then has rows.
  const open = await one<{ s: number; d: number }>(
    database.db,
    sql`SELECT id_session_cenou AS s, id_direction AS d FROM session_cenou
        WHERE statut_session = 'OUVERT' AND etat_session = 'DELIBERATION' AND deleted_at IS NULL LIMIT 1`,
  );
  if (!open) throw new Error('the demo has no session in DELIBERATION');
  ids = { session: open.s, direction: open.d };
  // The demo may have published it already (its answers and beds then forbid a second publication).
  const already = await one<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM dossier WHERE id_session_cenou = ${open.s} AND statut_dossier = 'ADMIS'`,
  );
  // Published by the demo already: its answers and beds are there (a room-choice campaign
  // runs, which the automatic assignment would wait for).
  if (already?.n) return;
  {
    const published = await app.inject({
      method: 'POST',
      url: `${API_BASE}/campus/deliberation`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { idSessionCenou: open.s, idDirection: open.d, seed: 'demo' },
    });
    if (published.statusCode !== 200) throw new Error(`publication: ${published.body}`);
  }
  await database.db.execute(
    sql`UPDATE dossier SET reponse = 'ACCEPTE' WHERE id_session_cenou = ${open.s} AND statut_dossier = 'ADMIS'`,
  );
  const cite = await one<{ id: number }>(
    database.db,
    sql`SELECT c.id_cite AS id FROM cite c JOIN ville v USING (id_ville)
        WHERE v.id_direction = ${open.d} AND c.deleted_at IS NULL ORDER BY c.nb_lit DESC LIMIT 1`,
  );
  if (!cite) throw new Error('the demo has no cité in the direction in DELIBERATION');
  const assigned = await app.inject({
    method: 'POST',
    url: `${API_BASE}/campus/affectation`,
    headers: { authorization: `Bearer ${admin}` },
    payload: { idSessionCenou: open.s, idCite: cite.id },
  });
  if (assigned.statusCode !== 200) throw new Error(`assignment: ${assigned.body}`);
}, 900_000);

afterAll(async () => {
  await app?.close();
  await demo?.close();
});

/** The export calls: every GET of the OpenAPI description whose `format` parameter takes csv. */
async function exportCalls(): Promise<{ path: string; required: string[] }[]> {
  const doc = (await app.inject({ method: 'GET', url: '/service/api/docs/json' })).json() as {
    paths: Record<
      string,
      {
        get?: {
          parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: string[] } }[];
        };
      }
    >;
  };
  return Object.entries(doc.paths)
    .filter(([, op]) =>
      op.get?.parameters?.some(
        (p) => p.name === 'format' && p.in === 'query' && p.schema?.enum?.includes('csv'),
      ),
    )
    .map(([p, op]) => ({
      path: p.replace(`${API_BASE}/`, ''),
      required: (op.get!.parameters ?? []).filter((x) => x.in === 'query' && x.required).map((x) => x.name),
    }));
}

function queryOf(required: string[]): string {
  return required
    .map((name) => {
      if (name === 'idSessionCenou') return `${name}=${ids.session}`;
      if (name === 'idDirection') return `${name}=${ids.direction}`;
      throw new Error(`no value known for the required parameter ${name}`);
    })
    .join('&');
}

/** A text written for a machine: an ISO date or moment, a decimal point, a raw boolean or object. */
function machineText(s: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}|$)/.test(s)) return 'ISO date';
  if (/^-?\d+\.\d+$/.test(s)) return 'decimal point';
  if (/^(true|false|null|undefined|NaN|\[object Object\])$/.test(s)) return 'raw value';
  if (/^(OPERATEUR|CAISSE|ETUDIANT|LOYER):/.test(s)) return 'journal account code';
  return null;
}

/** A CSV (`;`, double quotes) into rows of cells. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) out.push([...row, cell]);
  return out;
}

// Each of these tests reads back every export of the API in turn: minutes on a loaded 2-core
// machine (the XLSX one passed 60 s under `npm run test:loaded`), so their limit is the file's own.
describe('every CSV and XLSX export, read back', { timeout: 600_000 }, () => {
  it('finds the export calls in the OpenAPI description', async () => {
    const calls = await exportCalls();
    // The lists of the settings, the registry, the dossiers, the journal, the admitted, the beds.
    expect(calls.length).toBeGreaterThan(10);
    for (const p of [
      'campus/audit',
      'campus/etudiant-admis',
      'campus/affectation',
      'campus/registre-etudiant',
    ])
      expect(calls.map((c) => c.path)).toContain(p);
  });

  it('CSV: UTF-8 with a BOM, `;`, dates dd/mm/yyyy, decimal commas, nothing in a machine format', async () => {
    const found: string[] = [];
    let dates = 0;
    let decimals = 0;
    for (const c of await exportCalls()) {
      const q = queryOf(c.required);
      const res = await call(`${c.path}?${q}${q ? '&' : ''}format=csv`);
      expect(res.statusCode, `${c.path}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type'], c.path).toBe('text/csv; charset=utf-8');
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)], `${c.path}: BOM`).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parseCsv(bytes.subarray(3).toString('utf8'));
      const width = rows[0].length;
      expect(rows[0].join(';'), c.path).not.toMatch(/,/); // the header is `;`-separated
      for (const [n, row] of rows.slice(1).entries()) {
        expect(row.length, `${c.path} line ${n + 2}`).toBe(width);
        row.forEach((cell, i) => {
          const why = machineText(cell);
          const at = `${c.path} « ${rows[0][i]} »`;
          if (why && !found.some((f) => f.startsWith(at)))
            found.push(`${at} line ${n + 2}: ${cell} (${why})`);
          if (/^\d{2}\/\d{2}\/\d{4}/.test(cell)) dates++;
          if (/^-?\d+,\d+$/.test(cell)) decimals++;
        });
      }
    }
    expect(found).toEqual([]);
    expect(dates).toBeGreaterThan(0);
    expect(decimals).toBeGreaterThan(0);
  });

  it('XLSX: dates as date cells shown dd/mm/yyyy, numbers as numbers, no machine text', async () => {
    const found: string[] = [];
    let dateCells = 0;
    for (const c of await exportCalls()) {
      const q = queryOf(c.required);
      const res = await call(`${c.path}?${q}${q ? '&' : ''}format=xlsx`);
      expect(res.statusCode, c.path).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as never);
      const sheet = book.worksheets[0];
      const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      sheet.eachRow((row, r) => {
        if (r === 1) return;
        row.eachCell((cell, col) => {
          const at = `${c.path} « ${header[col - 1]} »`;
          if (found.some((f) => f.startsWith(at))) return;
          const v = cell.value;
          if (v instanceof Date) {
            dateCells++;
            if (!/^dd\/mm\/yyyy( hh:mm)?$/.test(cell.numFmt ?? ''))
              found.push(`${at}: a date shown as « ${cell.numFmt} »`);
          } else if (typeof v === 'string') {
            const why = machineText(v);
            if (why) found.push(`${at}: ${v} (${why})`);
          }
        });
      });
    }
    expect(found).toEqual([]);
    expect(dateCells).toBeGreaterThan(0);
  });
});

describe('every searched export says its search, once', { timeout: 600_000 }, () => {
  it('XLSX: « Recherche : … » among the lines above the table; PDF: in the line under its title', async () => {
    const line = 'Recherche\u00a0: a';
    const missing: string[] = [];
    let pdfs = 0;
    for (const c of await exportCalls()) {
      const q = queryOf(c.required);
      const res = await call(`${c.path}?${q}${q ? '&' : ''}q=a&format=xlsx`);
      expect(res.statusCode, `${c.path}: ${res.body.slice(0, 200)}`).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as never);
      const firsts: unknown[] = [];
      book.worksheets[0].eachRow((row) => firsts.push(row.getCell(1).value));
      if (firsts.filter((v) => v === line).length !== 1) missing.push(`${c.path} xlsx`);
      const pdf = await call(`${c.path}?${q}${q ? '&' : ''}q=a&format=pdf`);
      if (pdf.statusCode === 400) continue; // a list not printed
      expect(pdf.statusCode, `${c.path}: ${pdf.body.slice(0, 200)}`).toBe(200);
      pdfs++;
      const text = (await readPdf(pdf.rawPayload)).text.replace(/\s+/g, ' ');
      // On every page, under the title: once a page.
      const pages = (await readPdf(pdf.rawPayload)).pages.length;
      if (text.split('Recherche : a').length - 1 !== pages) missing.push(`${c.path} pdf`);
    }
    expect(missing).toEqual([]);
    expect(pdfs).toBeGreaterThan(2);
  });
});

describe('every PDF, rendered and read back', { timeout: 600_000 }, () => {
  /** Renders and reads a PDF answer: it renders, and nothing is cut by its cell. */
  async function readable(res: LightMyRequestResponse, name: string) {
    expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const read = await checkPdfReadable(res.rawPayload, name);
    expect(read.cut, name).toEqual([]);
    expect(read.pngs.length).toBe(read.pages.length);
    return read;
  }
  const words = (r: Awaited<ReturnType<typeof readable>>) =>
    r.pages.flatMap((p) => p.texts.map((t) => t.str));

  it('the assignments: the cité and the room whole', async () => {
    const read = await readable(
      await call(`campus/affectation?idSessionCenou=${ids.session}&format=pdf`),
      'demo-affectations',
    );
    expect(read.pages.length).toBeGreaterThan(0);
    expect(words(read).some((w) => w.startsWith('Cité'))).toBe(true);
  });

  it('the deliberation: each list of the published run, and of a preview (marked provisional)', async () => {
    const run = await one<{ id: number }>(
      database.db,
      sql`SELECT id_deliberation AS id FROM deliberation WHERE courante ORDER BY id_deliberation LIMIT 1`,
    );
    for (const liste of PDF_LISTS) {
      const read = await readable(
        await call(`campus/deliberation/${run!.id}/pdf?liste=${liste}`),
        `demo-publication-${liste.toLowerCase()}`,
      );
      expect(words(read)).not.toContain(messages.pdfProvisoire);
    }
    const read = await readable(
      await call(
        `campus/deliberation-nationaux?idSessionCenou=${ids.session}&idDirection=${ids.direction}&seed=demo&format=pdf&liste=NATIONAUX`,
      ),
      'demo-apercu-nationaux',
    );
    // The mark, followed by the list's counts of women and men (docs/agency-rules.md).
    for (const p of read.pages)
      expect(p.texts.some((t) => t.str.startsWith(messages.pdfProvisoire))).toBe(true);
  });

  it('the certificate with its QR code: one page, every line within the page', async () => {
    const a = await one<{ id: number }>(
      database.db,
      sql`SELECT id_affectation AS id FROM affectation WHERE deleted_at IS NULL ORDER BY id_affectation LIMIT 1`,
    );
    const read = await readable(await call(`campus/affectation/${a!.id}/attestation`), 'demo-attestation');
    expect(read.pages).toHaveLength(1);
    expect(words(read)).toContain(messages.attestationPdfTitre);
  });

  it("the demo's proofs (the documents a student deposited)", async () => {
    const p = await one<{ d: number; c: number }>(
      database.db,
      sql`SELECT id_dossier AS d, id_dossier_critere AS c FROM dossier_critere
          WHERE cle_fichier IS NOT NULL ORDER BY id_dossier_critere LIMIT 1`,
    );
    await readable(await call(`campus/dossier/${p!.d}/${p!.c}`), 'demo-justificatif');
  });
});
