import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { endAffectation } from '../../src/server/modules/assignment/repository';
import { rows } from '../../src/server/db/client';
import { setupTestApp, type TestContext } from '../helpers/app';
import { deliberationSession } from '../helpers/assignment';
import { agentOf, assignedStudent, citeWithInventory } from '../helpers/cite-life';

/**
 * The beds per cité on the staff's dashboards (docs/life-in-the-cite.md#the-lists-and-the-figures-per-cité):
 * `GET campus/intervention/par-cite` gives each cité's live beds, the beds occupied today as the
 * residents' list counts them (a live assignment of a session not closed; a departure frees its
 * bed) and their share, in each caller's scope, and its exports say the same.
 */

const PASSWORD = 'Occupation-2026';
let t: TestContext;
const db = () => t.database.db;
let ouaga: Awaited<ReturnType<typeof citeWithInventory>>;
let bobo: Awaited<ReturnType<typeof citeWithInventory>>;
let agent: { id: number; token: string };

interface PerCite {
  idCite: number;
  nomCite: string;
  lits: number;
  litsOccupes: number;
  tauxOccupation: number | null;
}

/** What the database holds, counted apart from the call: live beds, and beds of a live assignment this year. */
async function fromDatabase(idCite: number) {
  const [r] = await rows<{ lits: number; occupes: number }>(
    db(),
    sql`SELECT
          (SELECT count(*)::int FROM lit l JOIN chambre ch ON ch.id_chambre = l.id_chambre
             JOIN categorie_chambre cc ON cc.id_categorie_chambre = ch.id_categorie_chambre
           WHERE cc.id_cite = ${idCite} AND l.deleted_at IS NULL AND ch.deleted_at IS NULL) AS lits,
          (SELECT count(DISTINCT a.id_lit)::int FROM affectation a
             JOIN session_cenou s ON s.id_session_cenou = a.id_session_cenou
           WHERE a.id_cite = ${idCite} AND a.deleted_at IS NULL AND s.statut_session <> 'FERME') AS occupes`,
  );
  return r;
}

const perCite = async (token: string) => {
  const res = await t.api('GET', 'campus/intervention/par-cite?size=200', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PerCite[];
};

beforeAll(async () => {
  t = await setupTestApp();
  const idSession = await deliberationSession(db());
  ouaga = await citeWithInventory(db());
  bobo = await citeWithInventory(db(), 'Bobo-Dioulasso');
  // Ouagadougou: one resident still there, one who left (its bed freed): 1 bed of 2.
  await assignedStudent(t, ouaga, idSession, 'A/N1/C1/101/1', PASSWORD);
  const leaver = await assignedStudent(t, ouaga, idSession, 'A/N1/C1/101/2', PASSWORD);
  await endAffectation(db(), leaver.idAffectation, new Date().toISOString().slice(0, 10), null);
  // Bobo-Dioulasso: both beds held, one resident without its key yet (an assigned bed is occupied).
  await assignedStudent(t, bobo, idSession, 'A/N1/C1/101/1', PASSWORD);
  await assignedStudent(t, bobo, idSession, 'A/N1/C1/101/2', PASSWORD);
  agent = await agentOf(t, [ouaga.idCite], PASSWORD);
}, 180_000);
afterAll(() => t?.close());

describe('beds per cité', () => {
  it('each figure is the database’s, the occupied beds the residents’ list’s, the rate one decimal', async () => {
    const all = await perCite(await t.token('admin'));
    for (const [c, lits, occupes, taux] of [
      [ouaga, 2, 1, 50],
      [bobo, 2, 2, 100],
    ] as const) {
      const row = all.find((r) => r.idCite === c.idCite)!;
      expect(row).toMatchObject({ lits, litsOccupes: occupes, tauxOccupation: taux });
      expect(await fromDatabase(c.idCite)).toEqual({ lits: row.lits, occupes: row.litsOccupes });
      // The residents' list of the cité, every row but the gone: as many as the beds occupied.
      const res = await t.api('GET', `campus/cite-agent/residents?size=200&filtre.idCite=${c.idCite}`, {
        token: await t.token('admin'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const residents = res.json() as { etat: string }[];
      expect(residents.filter((r) => r.etat !== 'PARTI')).toHaveLength(row.litsOccupes);
    }
    // Every cité: the rate is the occupied over the beds, null without a bed.
    for (const r of all) {
      expect(r.litsOccupes).toBeLessThanOrEqual(r.lits);
      expect(r.tauxOccupation).toBe(r.lits > 0 ? Math.round((r.litsOccupes * 1000) / r.lits) / 10 : null);
    }
  });

  it('each sees its scope: the agent its cité, the regional manager its direction, the central manager all', async () => {
    const mine = await perCite(agent.token);
    expect(mine.map((r) => r.idCite)).toEqual([ouaga.idCite]);
    expect(mine[0]).toMatchObject({ lits: 2, litsOccupes: 1, tauxOccupation: 50 });
    const dr = (await perCite(await t.token('dr'))).map((r) => r.idCite);
    expect(dr).toContain(ouaga.idCite);
    expect(dr).not.toContain(bobo.idCite);
    const central = (await perCite(await t.token('cenou'))).map((r) => r.idCite);
    expect(central).toEqual(expect.arrayContaining([ouaga.idCite, bobo.idCite]));
    const student = await t.api('GET', 'campus/intervention/par-cite', { token: await t.token('etudiant') });
    expect(student.statusCode).toBe(200);
    expect(student.json()).toEqual([]);
  });

  it('the XLSX and the CSV read back the same beds, occupied beds and rate', async () => {
    const admin = await t.token('admin');
    const api = await perCite(admin);
    const xlsx = await t.api('GET', 'campus/intervention/par-cite?format=xlsx', { token: admin });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    // The header row is the one naming the cité's column (a search line may come first).
    let header = 0;
    sheet.eachRow((row, n) => {
      if (!header && row.getCell(1).value === messages.colonneCiteIntervention) header = n;
    });
    expect(header).toBeGreaterThan(0);
    const heads = (sheet.getRow(header).values as unknown[]).slice(1);
    const at = (label: string) => heads.indexOf(label) + 1;
    expect(at(messages.colonneLitsCite)).toBeGreaterThan(0);
    expect(at(messages.colonneLitsOccupes)).toBeGreaterThan(0);
    expect(at(messages.colonneTauxOccupation)).toBeGreaterThan(0);
    const byName = new Map<string, ExcelJS.Row>();
    sheet.eachRow((row, n) => {
      if (n > header) byName.set(String(row.getCell(1).value), row);
    });
    for (const c of [ouaga, bobo]) {
      const want = api.find((r) => r.idCite === c.idCite)!;
      const row = byName.get(want.nomCite)!;
      expect(row, want.nomCite).toBeDefined();
      expect(Number(row.getCell(at(messages.colonneLitsCite)).value)).toBe(want.lits);
      expect(Number(row.getCell(at(messages.colonneLitsOccupes)).value)).toBe(want.litsOccupes);
      expect(Number(row.getCell(at(messages.colonneTauxOccupation)).value)).toBe(want.tauxOccupation);
    }

    const csv = await t.api('GET', 'campus/intervention/par-cite?format=csv', { token: admin });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const sep = lines.find((l) => l.startsWith(messages.colonneCiteIntervention))!;
    expect(sep).toBeDefined();
    const d = sep.includes(';') ? ';' : ',';
    const cols = sep.split(d).map((s) => s.replace(/^"|"$/g, ''));
    for (const c of [ouaga, bobo]) {
      const want = api.find((r) => r.idCite === c.idCite)!;
      const line = lines.find((l) => l.replace(/^"/, '').startsWith(`${want.nomCite}`))!;
      expect(line, want.nomCite).toBeDefined();
      const cells = line.split(d).map((s) => s.replace(/^"|"$/g, ''));
      const num = (label: string) => Number(cells[cols.indexOf(label)].replace(',', '.').replace(/\s/g, ''));
      expect(num(messages.colonneLitsCite)).toBe(want.lits);
      expect(num(messages.colonneLitsOccupes)).toBe(want.litsOccupes);
      expect(num(messages.colonneTauxOccupation)).toBe(want.tauxOccupation);
    }
  });
});
