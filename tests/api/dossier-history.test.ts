import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullName } from '../../src/domain/format';
import type { DossierDetail, DossierSummary } from '../../src/domain/schemas/dossier';
import type { DossierEvent } from '../../src/domain/schemas/offers';
import { one, rows } from '../../src/server/db/client';
import { backfillHistory } from '../../src/server/history/backfill';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  makeCite,
  makeCriteria,
  makeSession,
  realPdf,
  setSession,
  studentAccount,
  type Criteria,
} from '../helpers/dossier';
import { Fixtures } from '../helpers/resources';

/**
 * The dossier's history from its first step (docs/sessions-and-dossiers.md#the-dossiers-history):
 * the deposit, its edit and its analysis, read through the API by the student and by staff, with
 * their French labels, actors and details; the journal's entries of those steps; the back-fill of
 * the events existing rows tell. The later steps (publication, answers, beds, rent) are asserted
 * in their own files (offers, sms-answers, assignment, rent).
 */
let t: TestContext;
let f: Fixtures;
let c: Criteria;
let pdf: Buffer;
let session: number;
let student: { idUser: number; idEtudiant: number; token: string };
let dossier: DossierDetail;

const INE = 'HI00000001';
/** Texts with their no-break spaces (French typography) as plain spaces, to compare. */
const plain = (lines: string[]) => lines.map((l) => l.replace(/\u00a0/g, ' '));

const history = async (token: string) => {
  const res = await t.api('GET', `campus/dossier/${dossier.idDossier}/historique`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DossierEvent[];
};

const body = (extra: Record<string, unknown> = {}) => ({
  typeDossier: 'NOUVEAU',
  listeDossierCritere: [
    { idTypeCritere: c.typeA, idCritere: c.a1, nomFichier: 'acte.pdf', fichier: pdf.toString('base64') },
    {
      idTypeCritere: c.typeC,
      idCritere: c.c1,
      nomFichier: 'nationalite.pdf',
      fichier: pdf.toString('base64'),
    },
  ],
  ...extra,
});

/** The journal's entry of an action on the dossier, as the journal's screen reads it. */
async function auditEntry(action: string) {
  const row = await one<{ id: number }>(
    t.database.db,
    sql`SELECT id::int AS id FROM audit_log WHERE action = ${action} AND resource_id = ${String(dossier.idDossier)}
        ORDER BY id DESC LIMIT 1`,
  );
  expect(row, action).toBeTruthy();
  const res = await t.api('GET', `campus/audit/${row!.id}`, { token: await t.token('admin') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { resume: string; libelleObjet: string | null; userName: string | null };
}

beforeAll(async () => {
  t = await setupTestApp();
  f = await Fixtures.create(t);
  c = await makeCriteria(f);
  pdf = await realPdf('Justificatif');
  await makeCite(f, 'Ouagadougou');
  session = await makeSession(t, f, 'OUA');
  student = await studentAccount(t, { ine: INE, ville: 'Ouagadougou', sigle: 'OUA' });
});
afterAll(() => t?.close());

describe('the history after each step, for the student and for staff', () => {
  it('a deposit: « Dossier déposé » by the student, its number and type; the journal names it', async () => {
    const res = await t.api('PUT', 'campus/dossier', { token: student.token, body: body() });
    expect(res.statusCode, res.body).toBe(201);
    dossier = res.json() as DossierDetail;

    const own = await history(student.token);
    expect(own.map((e) => [e.evenement, e.libelle, e.acteur])).toEqual([['DEPOT', 'Dossier déposé', 'Vous']]);
    expect(plain(own[0].details)).toEqual([
      `N° de récépissé : ${dossier.referenceDossier}`,
      'Type de dossier : Nouveau',
    ]);
    expect(own[0].date).toBe(dossier.dateDepot);

    const staff = await history(await t.token('dr'));
    expect(staff.map((e) => [e.evenement, e.libelle, e.acteur])).toEqual([
      ['DEPOT', 'Dossier déposé', 'L’étudiant'],
    ]);
    expect(staff[0].details).toEqual(own[0].details);

    const entry = await auditEntry('DEPOSER');
    expect(entry.userName).toBe(INE);
    expect(entry.resume).toBe(`Dossier ${dossier.referenceDossier} déposé (Nouveau).`);
    expect(entry.libelleObjet).toBe(`${dossier.referenceDossier} — Ouédraogo Salimata (INE ${INE})`);
  });

  it('an edit: « Dossier modifié » after the deposit; the journal says so', async () => {
    const res = await t.api('PUT', 'campus/dossier', {
      token: student.token,
      body: body({ idDossier: dossier.idDossier, typeDossier: null }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const own = await history(student.token);
    expect(own.map((e) => e.evenement)).toEqual(['DEPOT', 'MODIFICATION']);
    expect(own[1]).toMatchObject({
      libelle: 'Dossier modifié',
      acteur: 'Vous',
      details: ['Réponses et justificatifs mis à jour.'],
    });
    const entry = await auditEntry('MODIFIER_DOSSIER');
    expect(entry.resume).toBe(`Dossier ${dossier.referenceDossier} modifié par l’étudiant (Nouveau).`);
    expect(entry.libelleObjet).toContain('Ouédraogo Salimata');
  });

  it('an analysis: « Dossier analysé » with the counts; staff see the analyst and the score, the student « Le CENOU »', async () => {
    await setSession(f, session, { etatSession: 'ANALYSE' });
    const read = (
      await t.api('GET', `campus/dossier/depot?idDossier=${dossier.idDossier}`, {
        token: await t.token('dr'),
      })
    ).json() as DossierDetail;
    const res = await t.api('PATCH', 'campus/analyse-dossier', {
      token: await t.token('dr'),
      body: {
        idDossier: dossier.idDossier,
        listeDossierCritere: read.listeDossierCritere.map((e, i) => ({
          idDossierCritere: e.idDossierCritere,
          idTypeCritere: e.idTypeCritere,
          idCritere: e.idCritere,
          valeurAnalyse: i === 0 ? 'VALIDE' : 'INJUSTIFIE',
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const moyenne = (res.json() as { moyenne: number }).moyenne;

    const staff = await history(await t.token('admin'));
    expect(staff.map((e) => e.evenement)).toEqual(['DEPOT', 'MODIFICATION', 'ANALYSE']);
    // The author as every staff screen writes a person: the family name, then the given names.
    const dr = await one<{ nom: string | null; prenom: string | null }>(
      t.database.db,
      sql`SELECT nom, prenom FROM users WHERE id = ${t.accounts.dr.id}`,
    );
    const name = fullName(dr!.nom, dr!.prenom);
    expect(name).toBe(`${dr!.nom} ${dr!.prenom}`);
    expect(staff[2]).toMatchObject({ libelle: 'Dossier analysé', acteur: name, auteur: name });
    expect(plain(staff[2].details)).toEqual([
      'Critères valides : 1 ; invalides : 0 ; injustifiés : 1',
      `Moyenne calculée : ${moyenne.toFixed(2).replace('.', ',')}`,
    ]);

    const own = await history(student.token);
    expect(own[2]).toMatchObject({ evenement: 'ANALYSE', acteur: 'Le CENOU', auteur: null });
    expect(plain(own[2].details)).toEqual(['Critères valides : 1 ; invalides : 0 ; injustifiés : 1']);
  });

  it('the student’s list carries the offer’s deadline (null without an offer)', async () => {
    const res = await t.api('GET', `campus/dossier/etudiant/${INE}`, { token: student.token });
    expect(res.statusCode, res.body).toBe(200);
    const [summary] = res.json() as DossierSummary[];
    expect(summary).toMatchObject({ idDossier: dossier.idDossier, reponse: null, dateLimiteReponse: null });
  });
});

describe('the back-fill of existing dossiers', () => {
  it('writes again, from the rows, the deposit and the analysis as they were written, once', async () => {
    const before = await history(await t.token('admin'));
    await t.database.db.execute(
      sql`DELETE FROM dossier_evenement WHERE id_dossier = ${dossier.idDossier} AND evenement IN ('DEPOT', 'ANALYSE')`,
    );
    expect((await history(await t.token('admin'))).map((e) => e.evenement)).toEqual(['MODIFICATION']);
    await backfillHistory(t.database.db);
    await backfillHistory(t.database.db);
    const after = await history(await t.token('admin'));
    // The edit, written live, keeps its place; the deposit and the analysis are back with their
    // dates, authors and details.
    const sorted = (list: DossierEvent[]) =>
      list.map(({ evenement, date, acteur, details }) => ({ evenement, date, acteur, details }));
    expect(sorted(after)).toEqual(sorted(before));
    const counts = await rows<{ evenement: string; n: number }>(
      t.database.db,
      sql`SELECT evenement, count(*)::int AS n FROM dossier_evenement WHERE id_dossier = ${dossier.idDossier}
          GROUP BY evenement ORDER BY evenement`,
    );
    expect(counts).toEqual([
      { evenement: 'ANALYSE', n: 1 },
      { evenement: 'DEPOT', n: 1 },
      { evenement: 'MODIFICATION', n: 1 },
    ]);
  });
});
