import { frenchDateTimeShort } from '../../src/domain/format';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullName } from '../../src/domain/format';
import { messages } from '../../src/domain/messages';
import { one, openDatabase, rows } from '../../src/server/db/client';
import { runRepairJob } from '../../src/server/modules/repairs/service';
import { setupTestApp, type TestContext } from '../helpers/app';
import { deliberationSession } from '../helpers/assignment';
import { agentOf, assignedStudent, citeWithInventory, uploadPhoto } from '../helpers/cite-life';
import { describeOnPostgres } from '../helpers/postgres';
import { expectFieldError } from '../helpers/resources';
import { checkPdfReadable, readPdf } from '../helpers/pdf';

/**
 * Repairs in the cités (docs/life-in-the-cite.md#repairs): a resident reports for its room or its
 * cité's common places, the agent of the cité takes and resolves, the resident confirms or
 * reopens; every move with its history and SMS; an agent of another cité sees and changes
 * nothing; the late requests told once to the agents, even by two runs at once.
 */

const PASSWORD = 'Reparations-2026';
let t: TestContext;
const db = () => t.database.db;
let citeA: Awaited<ReturnType<typeof citeWithInventory>>;
let citeB: Awaited<ReturnType<typeof citeWithInventory>>;
let agentA: { id: number; token: string };
let agentB: { id: number; token: string };
let resident: Awaited<ReturnType<typeof assignedStudent>>;
let voisin: Awaited<ReturnType<typeof assignedStudent>>;
let residentB: Awaited<ReturnType<typeof assignedStudent>>;
let phoneSerial = 0;

const roomOf = (c: typeof citeA) => Object.values(c.chambres)[0];
const report = (token: string, body: Record<string, unknown>) =>
  t.api('POST', 'campus/intervention', { token, body });
const move = (token: string, id: number, statut: string, commentaire?: string) =>
  t.api('PATCH', `campus/intervention/${id}`, {
    token,
    body: { statut, ...(commentaire ? { commentaire } : {}) },
  });
const sms = (idUser: number) =>
  rows<{ kind: string; text: string }>(
    db(),
    sql`SELECT kind, text_body AS text FROM outbox_sms WHERE id_user = ${idUser} ORDER BY id`,
  );
const kinds = async (idUser: number) => (await sms(idUser)).map((s) => s.kind);
const givePhone = (idUser: number) =>
  db().execute(
    sql`UPDATE users SET telephone = ${`+2267${String(++phoneSerial).padStart(7, '0')}`} WHERE id = ${idUser}`,
  );
const room = { categorie: 'PLOMBERIE', priorite: 'NORMALE', description: 'Le robinet de la douche fuit.' };

beforeAll(async () => {
  t = await setupTestApp();
  const idSession = await deliberationSession(db());
  citeA = await citeWithInventory(db());
  citeB = await citeWithInventory(db());
  agentA = await agentOf(t, [citeA.idCite], PASSWORD);
  agentB = await agentOf(t, [citeB.idCite], PASSWORD);
  resident = await assignedStudent(t, citeA, idSession, 'A/N1/C1/101/1', PASSWORD);
  voisin = await assignedStudent(t, citeA, idSession, 'A/N1/C1/101/2', PASSWORD);
  residentB = await assignedStudent(t, citeB, idSession, 'A/N1/C1/101/1', PASSWORD);
  for (const id of [agentA.id, agentB.id, resident.idUser]) await givePhone(id);
}, 180_000);
afterAll(() => t?.close());

describe('reporting', () => {
  it('a resident reports for its room with a photo: 201, NOUVELLE, due in 7 days', async () => {
    const photo = await uploadPhoto(t, resident.token);
    const before = Date.now();
    const res = await report(resident.token, { idChambre: roomOf(citeA), ...room, photos: [photo] });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { idIntervention: number; statut: string; echeance: string };
    expect(body.statut).toBe('NOUVELLE');
    const due = new Date(body.echeance).getTime() - before;
    expect(due).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000);
    expect(due).toBeLessThan(7 * 24 * 3_600_000 + 60_000);
    const read = await t.api('GET', `campus/intervention/${body.idIntervention}`, { token: agentA.token });
    expect(read.statusCode, read.body).toBe(200);
    const got = read.json() as { photos: number[]; actions: string[]; libelleChambre: string };
    expect(got.photos).toHaveLength(1);
    expect(got.actions).toEqual(['PRISE_EN_CHARGE']);
    const image = await t.api('GET', `campus/intervention/photo/${got.photos[0]}`, { token: resident.token });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // A normal request tells the agents nothing at its creation.
    expect(await kinds(agentA.id)).not.toContain('INTERVENTION_URGENCE');
  });

  it("an emergency on the cité's common places is sent by SMS to the cité's agents alone", async () => {
    const res = await report(resident.token, {
      idCite: citeA.idCite,
      lieu: 'SANITAIRES',
      categorie: 'ELECTRICITE',
      priorite: 'URGENCE',
      description: 'Fils dénudés près des lavabos.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { idIntervention, echeance } = res.json() as { idIntervention: number; echeance: string };
    expect(new Date(echeance).getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    const text = (await sms(agentA.id)).find((s) => s.kind === 'INTERVENTION_URGENCE')?.text;
    expect(text).toContain(`demande ${idIntervention}`);
    expect(text!.length).toBeLessThanOrEqual(160);
    expect(await kinds(agentB.id)).not.toContain('INTERVENTION_URGENCE');
  });

  it('a resident reports neither for another room nor for another cité (404); a room or a place, not both', async () => {
    const other = await report(resident.token, { idChambre: roomOf(citeB), ...room });
    expect(other.statusCode).toBe(404);
    expect((other.json() as { message: string }).message).toBe(messages.interventionHorsResidence);
    const otherCite = await report(resident.token, { idCite: citeB.idCite, lieu: 'CUISINE', ...room });
    expect(otherCite.statusCode).toBe(404);
    expectFieldError(
      await report(resident.token, { idChambre: roomOf(citeA), idCite: citeA.idCite, ...room }),
      'idChambre',
      messages.interventionChambreOuLieu,
    );
    expectFieldError(
      await report(resident.token, { idCite: citeA.idCite, ...room }),
      'lieu',
      messages.interventionLieuObligatoire,
    );
    expectFieldError(
      await report(resident.token, { idChambre: roomOf(citeA), ...room, description: '  ' }),
      'description',
      messages.champObligatoire,
    );
  });

  it("an agent reports in its cités alone (403 in another's); a manager does not report", async () => {
    const ok = await report(agentA.token, { idCite: citeA.idCite, lieu: 'COULOIR', ...room });
    expect(ok.statusCode, ok.body).toBe(201);
    // No resident confirms or reopens what an agent reported: its page says it closes by itself.
    const made = (ok.json() as { idIntervention: number }).idIntervention;
    const read = await t.api('GET', `campus/intervention/${made}`, { token: agentA.token });
    expect(read.json()).toMatchObject({ parResidant: false });
    const own = (await report(resident.token, { idCite: citeA.idCite, lieu: 'COULOIR', ...room })).json() as {
      idIntervention: number;
    };
    const ownRead = await t.api('GET', `campus/intervention/${own.idIntervention}`, { token: agentA.token });
    expect(ownRead.json()).toMatchObject({ parResidant: true });
    const refused = await report(agentA.token, { idCite: citeB.idCite, lieu: 'COULOIR', ...room });
    expect(refused.statusCode).toBe(403);
    const manager = await report(await t.token('cenou'), { idCite: citeA.idCite, lieu: 'COULOIR', ...room });
    expect(manager.statusCode).toBe(403);
  });
});

describe('the moves', () => {
  let id: number;
  beforeAll(async () => {
    const res = await report(resident.token, { idChambre: roomOf(citeA), ...room, priorite: 'HAUTE' });
    id = (res.json() as { idIntervention: number }).idIntervention;
  });

  it('the agent of another cité neither reads nor moves it (403); another resident does not see it (404)', async () => {
    expect((await t.api('GET', `campus/intervention/${id}`, { token: agentB.token })).statusCode).toBe(403);
    expect((await move(agentB.token, id, 'PRISE_EN_CHARGE')).statusCode).toBe(403);
    expect(
      (await t.api('GET', `campus/intervention/${id}/historique`, { token: voisin.token })).statusCode,
    ).toBe(404);
    expect((await move(voisin.token, id, 'CLOTUREE')).statusCode).toBe(404);
  });

  it('a move of the other side: 403; a move not in the list: 409', async () => {
    const mine = await move(resident.token, id, 'PRISE_EN_CHARGE');
    expect(mine.statusCode).toBe(403);
    expect((mine.json() as { message: string }).message).toBe(messages.interventionCoteInterdit);
    const skip = await move(agentA.token, id, 'RESOLUE');
    expect(skip.statusCode).toBe(409);
    expect((await move(agentA.token, id, 'CLOTUREE')).statusCode).toBe(409);
  });

  it('taken, resolved with a comment, reopened, taken again, resolved, confirmed: each move in the history, each agent move told to the resident', async () => {
    const before = (await kinds(resident.idUser)).length;
    expect((await move(agentA.token, id, 'PRISE_EN_CHARGE')).statusCode).toBe(200);
    expect((await move(agentA.token, id, 'RESOLUE', 'Joint du robinet changé.')).statusCode).toBe(200);
    const resolved = await t.api('GET', `campus/intervention/${id}`, { token: resident.token });
    expect((resolved.json() as { actions: string[] }).actions).toEqual(['CLOTUREE', 'REOUVERTE']);
    expect((resolved.json() as { resolueLe: string | null }).resolueLe).not.toBeNull();
    expect((await move(resident.token, id, 'REOUVERTE', 'Ça fuit encore.')).statusCode).toBe(200);
    // Reopened, it is no longer resolved: neither its page nor the staff's list says « Résolue le ».
    const reopened = await t.api('GET', `campus/intervention/${id}`, { token: agentA.token });
    expect((reopened.json() as { resolueLe: string | null }).resolueLe).toBeNull();
    const listed = await t.api('GET', 'campus/intervention?size=200', { token: agentA.token });
    const row = (listed.json() as { idIntervention: number; resolueLe: string | null }[]).find(
      (r) => r.idIntervention === id,
    );
    expect(row).toMatchObject({ resolueLe: null });
    expect((await move(resident.token, id, 'CLOTUREE')).statusCode).toBe(409);
    expect((await move(agentA.token, id, 'PRISE_EN_CHARGE')).statusCode).toBe(200);
    expect((await move(agentA.token, id, 'RESOLUE')).statusCode).toBe(200);
    expect((await move(resident.token, id, 'CLOTUREE')).statusCode).toBe(200);
    expect((await move(resident.token, id, 'REOUVERTE')).statusCode).toBe(409);

    const h = await t.api('GET', `campus/intervention/${id}/historique`, { token: resident.token });
    expect(h.statusCode, h.body).toBe(200);
    const history = h.json() as {
      statut: string;
      auteur: string | null;
      commentaire: string | null;
      date: string;
    }[];
    // The history's first row is the report itself: the very instant of the request's date.
    const read = (await t.api('GET', `campus/intervention/${id}`, { token: resident.token })).json() as {
      dateSignalement: string;
    };
    expect(history[0].date).toBe(read.dateSignalement);
    expect(history.map((e) => e.statut)).toEqual([
      'NOUVELLE',
      'PRISE_EN_CHARGE',
      'RESOLUE',
      'REOUVERTE',
      'PRISE_EN_CHARGE',
      'RESOLUE',
      'CLOTUREE',
    ]);
    expect(history[2].commentaire).toBe('Joint du robinet changé.');
    expect(history[3].commentaire).toBe('Ça fuit encore.');
    expect(history.every((e) => e.auteur !== null)).toBe(true);
    // The resident is told of the agent's four moves, not of its own two.
    expect((await kinds(resident.idUser)).slice(before)).toEqual([
      'INTERVENTION_PRISE',
      'INTERVENTION_RESOLUE',
      'INTERVENTION_PRISE',
      'INTERVENTION_RESOLUE',
    ]);
    for (const s of await sms(resident.idUser)) expect(s.text.length).toBeLessThanOrEqual(160);
  });

  it('the managers read the requests but move none (403)', async () => {
    const cenou = await t.token('cenou');
    expect((await t.api('GET', `campus/intervention/${id}`, { token: cenou })).statusCode).toBe(200);
    expect((await move(cenou, id, 'PRISE_EN_CHARGE')).statusCode).toBe(403);
  });

  it('after 7 days the resident may no longer reopen (409) and the job closes it, telling the resident', async () => {
    const res = await report(resident.token, { idChambre: roomOf(citeA), ...room });
    const old = (res.json() as { idIntervention: number }).idIntervention;
    await move(agentA.token, old, 'PRISE_EN_CHARGE');
    await move(agentA.token, old, 'RESOLUE');
    await db().execute(
      sql`UPDATE intervention SET resolue_le = now() - interval '8 days' WHERE id_intervention = ${old}`,
    );
    const late = await move(resident.token, old, 'REOUVERTE');
    expect(late.statusCode).toBe(409);
    expect((late.json() as { message: string }).message).toBe(messages.interventionDelaiPasse);
    await runRepairJob(db());
    const read = await t.api('GET', `campus/intervention/${old}/historique`, { token: resident.token });
    const history = read.json() as { statut: string; auteur: string | null }[];
    expect(history.at(-1)).toEqual(expect.objectContaining({ statut: 'CLOTUREE', auteur: null }));
    expect((await kinds(resident.idUser)).at(-1)).toBe('INTERVENTION_CLOTUREE');
  });
});

describe('the lists', () => {
  it('each sees its own: the resident its requests, the agent its cités, the managers all, filtered', async () => {
    await report(residentB.token, { idChambre: roomOf(citeB), ...room });
    const ids = async (token: string, query = '') => {
      const res = await t.api('GET', `campus/intervention?size=200${query}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { idCite: number; idIntervention: number; statut: string; priorite: string }[];
    };
    const mine = await ids(resident.token);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.idCite === citeA.idCite)).toBe(true);
    expect(await ids(voisin.token)).toEqual([]);
    const agent = await ids(agentA.token);
    expect(agent.every((r) => r.idCite === citeA.idCite)).toBe(true);
    expect(agent.length).toBeGreaterThan(mine.length);
    const all = await ids(await t.token('cenou'));
    expect(new Set(all.map((r) => r.idCite))).toEqual(new Set([citeA.idCite, citeB.idCite]));
    const urgent = await ids(await t.token('admin'), '&filtre.priorite=URGENCE');
    expect(urgent.length).toBeGreaterThan(0);
    expect(urgent.every((r) => r.priorite === 'URGENCE')).toBe(true);
    const byCite = await ids(await t.token('admin'), `&filtre.idCite=${citeB.idCite}&filtre.statut=NOUVELLE`);
    expect(byCite.map((r) => r.idCite)).toEqual([citeB.idCite]);
  });

  it('by default the open requests first, each group the soonest due first', async () => {
    const res = await t.api('GET', 'campus/intervention?size=200', { token: await t.token('admin') });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { statut: string; echeance: string }[];
    const rank = (s: string) => (s === 'RESOLUE' ? 1 : s === 'CLOTUREE' ? 2 : 0);
    expect(rows.some((r) => rank(r.statut) > 0)).toBe(true);
    expect(rows.some((r) => rank(r.statut) === 0)).toBe(true);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(rank(a.statut)).toBeLessThanOrEqual(rank(b.statut));
      if (rank(a.statut) === rank(b.statut)) expect(a.echeance <= b.echeance).toBe(true);
    }
  });

  it('exports XLSX and PDF', async () => {
    const admin = await t.token('admin');
    const xlsx = await t.api('GET', 'campus/intervention?format=xlsx', { token: admin });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const pdf = await t.api('GET', 'campus/intervention/par-cite?format=pdf', { token: admin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('per cité: open and late requests, the median hours to resolve, the agent its cités alone', async () => {
    await db().execute(
      sql`UPDATE intervention SET echeance = now() - interval '1 hour'
          WHERE id_cite = ${citeB.idCite} AND statut = 'NOUVELLE'`,
    );
    const res = await t.api('GET', 'campus/intervention/par-cite?size=200', { token: agentB.token });
    expect(res.statusCode, res.body).toBe(200);
    const [b] = res.json() as {
      idCite: number;
      ouvertes: number;
      enRetard: number;
      delaiMedianHeures: number | null;
    }[];
    expect(res.json()).toHaveLength(1);
    expect(b).toEqual(
      expect.objectContaining({ idCite: citeB.idCite, ouvertes: 1, enRetard: 1, delaiMedianHeures: null }),
    );
    const admin = await t.api('GET', 'campus/intervention/par-cite?size=200', {
      token: await t.token('admin'),
    });
    const a = (admin.json() as { idCite: number; delaiMedianHeures: number | null }[]).find(
      (r) => r.idCite === citeA.idCite,
    );
    expect(a?.delaiMedianHeures).not.toBeNull();
  });

  it('a reopened request is open again: counted open, out of the median, its « Résolue le » empty and sorted so', async () => {
    const res = await report(residentB.token, { idChambre: roomOf(citeB), ...room });
    const id = (res.json() as { idIntervention: number }).idIntervention;
    expect((await move(agentB.token, id, 'PRISE_EN_CHARGE')).statusCode).toBe(200);
    expect((await move(agentB.token, id, 'RESOLUE')).statusCode).toBe(200);
    expect((await move(residentB.token, id, 'REOUVERTE')).statusCode).toBe(200);
    const perCite = await t.api('GET', 'campus/intervention/par-cite?size=200', { token: agentB.token });
    const [b] = perCite.json() as { ouvertes: number; delaiMedianHeures: number | null }[];
    // Its first resolution is history: no time to resolve is known until it is resolved again.
    expect(b).toMatchObject({ ouvertes: 2, delaiMedianHeures: null });
    const admin = await t.token('admin');
    const sorted = await t.api('GET', 'campus/intervention?size=200&sort=resolueLe,desc', { token: admin });
    expect(sorted.statusCode, sorted.body).toBe(200);
    const rows = sorted.json() as { idIntervention: number; resolueLe: string | null }[];
    expect(rows.find((r) => r.idIntervention === id)).toMatchObject({ resolueLe: null });
    // Sorted by what the column shows: every empty one together, none between two dates.
    const filled = rows.map((r) => r.resolueLe !== null);
    expect(filled.filter(Boolean).length).toBeGreaterThan(0);
    expect(filled.slice(filled.indexOf(true), filled.lastIndexOf(true) + 1).every(Boolean)).toBe(true);
  });
});

describe('the late requests', () => {
  it("each is told once to its cité's agents", async () => {
    const res = await report(resident.token, { idChambre: roomOf(citeA), ...room });
    const id = (res.json() as { idIntervention: number }).idIntervention;
    await db().execute(
      sql`UPDATE intervention SET echeance = now() - interval '1 minute' WHERE id_intervention = ${id}`,
    );
    await runRepairJob(db());
    await runRepairJob(db());
    const told = (await sms(agentA.id)).filter(
      (s) => s.kind === 'INTERVENTION_RETARD' && s.text.includes(`demande ${id} `),
    );
    expect(told).toHaveLength(1);
  });
});

describe('a request resolved after its due date', () => {
  it('stays late once resolved and closed (list, page, filter, XLSX with its « Résolue le »), not counted among the open late per cité', async () => {
    const res = await report(resident.token, { idChambre: roomOf(citeA), ...room });
    const id = (res.json() as { idIntervention: number }).idIntervention;
    const onTime = (await report(resident.token, { idChambre: roomOf(citeA), ...room })).json() as {
      idIntervention: number;
    };
    for (const r of [id, onTime.idIntervention]) {
      expect((await move(agentA.token, r, 'PRISE_EN_CHARGE')).statusCode).toBe(200);
      expect((await move(agentA.token, r, 'RESOLUE', 'Réparé.')).statusCode).toBe(200);
    }
    // Due an hour before it was resolved.
    await db().execute(
      sql`UPDATE intervention SET echeance = resolue_le - interval '1 hour' WHERE id_intervention = ${id}`,
    );
    const admin = await t.token('admin');
    const readLate = async () =>
      (await t.api('GET', `campus/intervention/${id}`, { token: admin })).json() as {
        enRetard: boolean;
        statut: string;
      };
    expect(await readLate()).toEqual(expect.objectContaining({ statut: 'RESOLUE', enRetard: true }));
    const onTimeRead = (
      await t.api('GET', `campus/intervention/${onTime.idIntervention}`, { token: admin })
    ).json() as { enRetard: boolean };
    expect(onTimeRead.enRetard).toBe(false);

    const listed = async (query: string) =>
      (
        (await t.api('GET', `campus/intervention?size=200${query}`, { token: admin })).json() as {
          idIntervention: number;
          enRetard: boolean;
        }[]
      ).map((r) => r.idIntervention);
    expect(await listed('&filtre.enRetard=true')).toContain(id);
    expect(await listed('&filtre.enRetard=true')).not.toContain(onTime.idIntervention);
    expect(await listed('&filtre.enRetard=false')).toContain(onTime.idIntervention);

    const before = (
      (await t.api('GET', 'campus/intervention/par-cite?size=200', { token: admin })).json() as {
        idCite: number;
        enRetard: number;
      }[]
    ).find((c) => c.idCite === citeA.idCite)!.enRetard;
    expect((await move(resident.token, id, 'CLOTUREE')).statusCode).toBe(200);
    expect(await readLate()).toEqual(expect.objectContaining({ statut: 'CLOTUREE', enRetard: true }));
    // Closed late, it is not one of the cité's open late requests.
    const after = (
      (await t.api('GET', 'campus/intervention/par-cite?size=200', { token: admin })).json() as {
        idCite: number;
        enRetard: number;
      }[]
    ).find((c) => c.idCite === citeA.idCite)!.enRetard;
    expect(after).toBe(before);

    const xlsx = await t.api('GET', `campus/intervention?format=xlsx&filtre.idCite=${citeA.idCite}`, {
      token: admin,
    });
    expect(xlsx.statusCode).toBe(200);
    const name = await one<{ nom: string; prenom: string }>(
      db(),
      sql`SELECT nom, prenom FROM users WHERE id = ${resident.idUser}`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toContain(messages.colonneResolueLe);
    const at = (name: string) => header.indexOf(name) + 1;
    let found = false;
    let resolvedAt: Date | undefined;
    sheet.eachRow((row, r) => {
      if (r === 1 || row.getCell(at(messages.colonneNumeroIntervention)).value !== id) return;
      found = true;
      expect(row.getCell(at(messages.colonneEnRetard)).value).toBe(messages.vrai);
      expect(row.getCell(at(messages.colonneResolueLe)).value).toBeInstanceOf(Date);
      resolvedAt = row.getCell(at(messages.colonneResolueLe)).value as Date;
      // The name as the screens write it: the family name, then the given names.
      const auteur = row.getCell(at(messages.colonneAuteurIntervention)).value;
      expect(auteur).toBe(fullName(name!.nom, name!.prenom));
    });
    expect(found).toBe(true);

    // The PDF of the same list, searched: the XLSX's columns (« En retard », « Résolue le »
    // included), the search said once under the title as in the XLSX, nothing cut.
    const q = `&filtre.idCite=${citeA.idCite}&q=${encodeURIComponent(name!.nom)}`;
    const searched = await t.api('GET', `campus/intervention?format=xlsx${q}`, { token: admin });
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(searched.rawPayload as never);
    const firstCells: unknown[] = [];
    book2.worksheets[0].eachRow((row) => firstCells.push(row.getCell(1).value));
    expect(firstCells.filter((v) => v === `Recherche\u00a0: ${name!.nom}`)).toHaveLength(1);
    const pdf = await t.api('GET', `campus/intervention?format=pdf${q}`, { token: admin });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const read = await checkPdfReadable(pdf.rawPayload, 'interventions-recherche');
    expect(read.cut).toEqual([]);
    expect(read.pages[0]!.edges).toHaveLength(header.length + 1);
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text.replace(/\s+/g, ' ').split(`Recherche : ${name!.nom}`)).toHaveLength(2);
    const heads = read.pages[0]!.texts.map((x) => x.str).join(' ');
    for (const label of [messages.colonneEnRetard, messages.colonneResolueLe])
      expect(heads.replace(/\s+/g, ' ')).toContain(label.split(' ')[0]);
    // The row's cells, its wrapped ones included (a long place or author takes two lines).
    const all = text.split('\n');
    const from = all.findIndex((l) => l.startsWith(`${id} `));
    expect(from).toBeGreaterThanOrEqual(0);
    const line = all.slice(from, from + 3).join(' ');
    expect(line).toContain(messages.vrai);
    // Its « Résolue le », the XLSX's own: the date and its time may be drawn on two lines of the
    // cell, and the text read back keeps them in the order of their heights, not side by side.
    const [day, time] = frenchDateTimeShort(resolvedAt!).split(' ');
    expect(line).toContain(day);
    expect(line).toContain(time);
  });
});

describeOnPostgres('the late job on PostgreSQL', () => {
  it('late emergencies found once across instances: two pools at once, one SMS per request to each agent', async () => {
    // A second agent of the cité, with a phone: each agent gets its own SMS.
    const second = await agentOf(t, [citeA.idCite], PASSWORD);
    await givePhone(second.id);
    const agents = [agentA.id, second.id];
    // Anything already late told first: what follows counts this test's requests alone.
    await runRepairJob(db());
    const start = await one<{ id: number }>(
      db(),
      sql`SELECT coalesce(max(id), 0)::int AS id FROM outbox_sms`,
    );
    const made: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await report(agentA.token, {
        idCite: citeA.idCite,
        lieu: 'EXTERIEUR',
        ...room,
        priorite: 'URGENCE',
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push((res.json() as { idIntervention: number }).idIntervention);
    }
    const ids = sql.join(
      made.map((m) => sql`${m}`),
      sql`, `,
    );
    // Reported as emergencies: each agent told once at the report.
    const urgent = await rows<{ id_user: number; n: number }>(
      db(),
      sql`SELECT id_user, count(*)::int AS n FROM outbox_sms
          WHERE kind = 'INTERVENTION_URGENCE' AND id > ${start!.id} AND id_user IN (${agentA.id}, ${second.id})
          GROUP BY id_user ORDER BY id_user`,
    );
    expect(urgent.map((u) => u.n)).toEqual([made.length, made.length]);
    // Past their 24 hours.
    await db().execute(
      sql`UPDATE intervention SET echeance = now() - interval '1 minute' WHERE id_intervention IN (${ids})`,
    );
    const mark = await one<{ id: number }>(db(), sql`SELECT coalesce(max(id), 0)::int AS id FROM outbox_sms`);
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const other = await openDatabase({ databaseUrl: url, poolSize: 4, listen: false });
    try {
      const runs = await Promise.all([
        runRepairJob(db()),
        runRepairJob(other.db),
        runRepairJob(db()),
        runRepairJob(other.db),
      ]);
      // Each request claimed by one run alone.
      expect(runs.reduce((n, r) => n + r.retards, 0)).toBe(made.length);
    } finally {
      await other.close();
    }
    const told = await rows<{ id_user: number; text: string; n: number }>(
      db(),
      sql`SELECT id_user, text_body AS text, count(*)::int AS n FROM outbox_sms
          WHERE kind = 'INTERVENTION_RETARD' AND id > ${mark!.id}
          GROUP BY id_user, text_body`,
    );
    // Exactly one SMS per request and per agent: 2 × 30 distinct texts, none twice, nobody else.
    expect(told).toHaveLength(agents.length * made.length);
    expect(told.every((c) => c.n === 1)).toBe(true);
    for (const id of agents) expect(told.filter((c) => c.id_user === id)).toHaveLength(made.length);
    for (const m of made)
      expect(told.filter((c) => c.text.includes(`demande ${m} (`)).length).toBe(agents.length);
    const marked = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM intervention
          WHERE id_intervention IN (${ids}) AND retard_signale_le IS NOT NULL`,
    );
    expect(marked?.n).toBe(made.length);
    // A run later tells nobody again.
    expect((await runRepairJob(db())).retards).toBe(0);
  });
});
