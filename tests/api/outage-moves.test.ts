/**
 * The staff's list of the deadlines outages moved (docs/availability.md#the-deadlines-moved-staff):
 * an outage of the platform moves an offer's answer deadline (Ouagadougou), an outage of the
 * payment provider an instalment of rent (Bobo-Dioulasso), both through the product's own rule;
 * the list reads them back, one row per move, scoped by direction, and its files say the same.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETUDIANT } from '../../src/domain/enums';
import { addDays, citesFermees } from '../../src/domain/rent';
import { messages } from '../../src/domain/messages';
import type { DelaiReporteRow } from '../../src/domain/schemas/availability';
import { one } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { heartbeat, recordOutage } from '../../src/server/modules/availability/service';
import { todayUtc } from '../../src/server/modules/rent/repository';
import { signToken } from '../../src/server/plugins/auth';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite } from '../helpers/assignment';
import { addDossier, setupDeliberation, type DelibFixture } from '../helpers/deliberation';
import { insertSession } from '../helpers/dossiers';
import { readPdf } from '../helpers/pdf';
import { assignedOn, owedRent, weekBefore } from '../helpers/rent';
import { firstSheet } from '../helpers/xlsx';

let t: TestContext;
let f: DelibFixture;
const db = () => t.database.db;
const PLAFOND = { plafondMinutes: 60 };

type Who = 'admin' | 'cenou' | 'dr' | 'dr2';
async function list(who: Who, query = '') {
  const res = await t.api('GET', `campus/delai-reporte?size=50${query}`, { token: await t.token(who) });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as DelaiReporteRow[], total: Number(res.headers['x-total-count']) };
}

/** Ouagadougou's student whose offer was moved, and Bobo-Dioulasso's whose instalment was. */
let offerIne: string;
let instalmentIne: string;
let offerBefore: Date;
let offerAfter: Date;
/** Bobo-Dioulasso's cité and session, whose only instalment the provider's outage moved. */
let boboCite: number;
let boboSession: number;
/** The instalment's due day: today, or the last day the cités were open when they are closed today. */
let dueDay = todayUtc();
while (citesFermees(dueDay)) dueDay = addDays(dueDay, -1);

beforeAll(async () => {
  t = await setupTestApp();
  f = await setupDeliberation(db());

  // An open offer of Ouagadougou due in 10 hours, the platform silent for 90 minutes.
  const d = await addDossier(f, { entries: [['burkinabe', 'VALIDE']] as never });
  offerIne = d.ine;
  await db().execute(
    sql`UPDATE dossier SET statut_dossier = 'ADMIS', liste_deliberation = 'NATIONAUX', rang = 1, reponse = 'EN_ATTENTE',
          date_limite_reponse = now() + interval '10 hours', rappel_envoye_le = now()
        WHERE id_dossier = ${d.idDossier}`,
  );
  offerBefore = new Date(
    (await one<{ at: string }>(
      db(),
      sql`SELECT date_limite_reponse AS at FROM dossier WHERE id_dossier = ${d.idDossier}`,
    ))!.at,
  );
  await db().execute(
    sql`INSERT INTO plateforme_pouls (id, premier, dernier) VALUES (1, now() - interval '30 days', now() - interval '90 minutes')
        ON CONFLICT (id) DO UPDATE SET dernier = excluded.dernier`,
  );
  const platform = await heartbeat(db(), PLAFOND);
  expect(platform?.echeancesDeplacees).toBe(1);
  offerAfter = new Date(
    (await one<{ at: string }>(
      db(),
      sql`SELECT date_limite_reponse AS at FROM dossier WHERE id_dossier = ${d.idDossier}`,
    ))!.at,
  );

  // A student of Bobo-Dioulasso housed a week before its first instalment, so that the rule of the
  // months lived owes it on its own day: `dueDay`, today, or the last day the cités were open when
  // they are closed today. The payment provider failed for 90 minutes the evening before it.
  const session = await insertSession(db(), await directionId(db(), 'BOB'), 'DELIBERATION');
  await db().execute(
    sql`UPDATE session_cenou SET premiere_echeance = ${dueDay}, mois_loyer = 10 WHERE id_session_cenou = ${session}`,
  );
  boboSession = session;
  const place = await insertCite(db(), {
    ville: 'Bobo-Dioulasso',
    montant: 5000,
    batiments: [{ code: 'A', sexe: 'F', chambres: [{ code: '1', lits: 2 }] }],
  });
  const student = await insertAdmitted(db(), {
    idSessionCenou: session,
    sexe: 'F',
    rang: 1,
    ville: 'Bobo-Dioulasso',
  });
  instalmentIne = student.ine;
  boboCite = place.idCite;
  const jour = weekBefore(dueDay);
  expect(owedRent({ premiereEcheance: dueDay, moisLoyer: 10, montant: 5000 }, jour).instalments[0]).toEqual({
    numero: 1,
    dateEcheance: dueDay,
    montant: 5000,
  });
  const token = await t.token('cenou');
  const res = await assignedOn(db(), jour, () =>
    t.api('POST', 'campus/affectation', {
      token,
      body: { idSessionCenou: session, idCite: place.idCite, etudiants: [student.ine] },
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const eve = new Date(`${dueDay}T00:00:00Z`).getTime();
  const provider = await withTransaction(db(), (tx) =>
    recordOutage(
      tx,
      { composant: 'PAIEMENT', debut: new Date(eve - 120 * 60_000), fin: new Date(eve - 30 * 60_000) },
      PLAFOND,
    ),
  );
  expect(provider?.echeancesDeplacees).toBe(1);
});
afterAll(() => t?.close());

describe('the deadlines moved by an outage (staff)', () => {
  it('the central manager reads both moves, each with its student, dates and outage', async () => {
    const { rows, total } = await list('cenou');
    expect(total).toBe(2);
    const offer = rows.find((r) => r.ine === offerIne)!;
    expect(offer).toMatchObject({
      natureReport: 'OFFRE',
      numeroEcheance: null,
      composant: 'PLATEFORME',
      lieu: expect.stringMatching(/ouagadougou/i),
    });
    expect(new Date(offer.ancienneDate).getTime()).toBe(offerBefore.getTime());
    expect(new Date(offer.nouvelleDate).getTime()).toBe(offerAfter.getTime());
    expect(offer.deplaceLe).toBe(offer.finPanne);
    const instalment = rows.find((r) => r.ine === instalmentIne)!;
    expect(instalment).toMatchObject({
      natureReport: 'ECHEANCE',
      numeroEcheance: 1,
      composant: 'PAIEMENT',
      ancienneDate: dueDay,
    });
    expect(instalment.nouvelleDate > dueDay).toBe(true);
    expect(new Date(instalment.finPanne).getTime()).toBeGreaterThan(
      new Date(instalment.debutPanne).getTime(),
    );
    // The admin reads every direction too.
    expect((await list('admin')).total).toBe(2);
  });

  it('a regional manager reads its own direction’s move only', async () => {
    const oua = await list('dr');
    expect(oua.rows.map((r) => r.ine)).toEqual([offerIne]);
    const bob = await list('dr2');
    expect(bob.rows.map((r) => r.ine)).toEqual([instalmentIne]);
  });

  it('is sorted, filtered and searched on the server; a bad sort is a 400 in French', async () => {
    const byKind = await list('cenou', '&filtre.natureReport=ECHEANCE');
    expect(byKind.rows.map((r) => r.ine)).toEqual([instalmentIne]);
    const searched = await list('cenou', `&q=${offerIne}`);
    expect(searched.rows.map((r) => r.ine)).toEqual([offerIne]);
    const sorted = await list('cenou', '&sort=ancienneDate,asc');
    expect(sorted.rows.map((r) => r.natureReport)).toEqual(['ECHEANCE', 'OFFRE']);
    const bad = await t.api('GET', 'campus/delai-reporte?sort=motDePasse,asc', {
      token: await t.token('cenou'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(messages.triInvalide);
  });

  it('a student may not read it', async () => {
    const d = await one<{ id: number }>(
      db(),
      sql`SELECT id_user AS id FROM dossier WHERE id_user IS NOT NULL LIMIT 1`,
    );
    const res = await t.api('GET', 'campus/delai-reporte', {
      token: signToken(t.app, { id: d!.id, role: ETUDIANT, tokenVersion: 0 }),
    });
    expect(res.statusCode).toBe(403);
  });

  it('its XLSX holds the same rows with French headers and dates; the regional manager’s its direction only', async () => {
    const xlsx = await t.api('GET', 'campus/delai-reporte?format=xlsx', { token: await t.token('cenou') });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = await firstSheet(xlsx.rawPayload);
    const header = sheet.findIndex((r) => r[0] === messages.colonneIne);
    expect(sheet[0][0]).toMatch(/^Délais reportés par une panne au \d\d\/\d\d\/\d{4}$/);
    expect(sheet.slice(0, header).flat()).toContain(messages.exportToutesDirections);
    expect(sheet[header]).toEqual([
      messages.colonneIne,
      messages.colonneNom,
      messages.colonnePrenom,
      messages.colonneNatureReport,
      messages.colonneNumeroEcheance,
      messages.colonneLieuReport,
      messages.colonneAncienneDate,
      messages.colonneNouvelleDate,
      messages.colonnePanne,
      messages.colonneDebutPanne,
      messages.colonneFinPanne,
      messages.colonneReporteLe,
    ]);
    const body = sheet.slice(header + 1).filter((r) => r.length);
    expect(body).toHaveLength(2);
    const offer = body.find((r) => r[0] === offerIne)!;
    expect(offer[3]).toBe('Date limite de réponse à l’offre');
    expect(offer[8]).toBe('Plateforme');
    expect((offer[6] as Date).getTime()).toBe(offerBefore.getTime());
    const instalment = body.find((r) => r[0] === instalmentIne)!;
    expect(instalment[3]).toBe('Échéance de loyer');
    expect(instalment[4]).toBe(1);
    expect(instalment[8]).toBe('Paiement mobile');
    expect((instalment[6] as Date).toISOString().slice(0, 10)).toBe(dueDay);

    const own = await t.api('GET', 'campus/delai-reporte?format=xlsx', { token: await t.token('dr2') });
    const ownRows = (await firstSheet(own.rawPayload)).filter(
      (r) => r[0] === offerIne || r[0] === instalmentIne,
    );
    expect(ownRows.map((r) => r[0])).toEqual([instalmentIne]);

    const csv = await t.api('GET', 'campus/delai-reporte?format=csv', { token: await t.token('dr') });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(offerIne);
    expect(csv.body).not.toContain(instalmentIne);

    const pdf = await t.api('GET', 'campus/delai-reporte?format=pdf', { token: await t.token('cenou') });
    expect(pdf.statusCode).toBe(200);
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain(offerIne);
    expect(text).toContain(instalmentIne);
    // Its dates as the other files write them: a day, or a moment with its time; never the API's ISO.
    expect(text).toContain(dueDay.split('-').reverse().join('/'));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

// Last: these change the moves the lists above read.
describe('the statistics of a cité whose instalment an outage moved', () => {
  type Cite = { idCite: number; partArrieres: number | null };
  async function share(who: Who) {
    const res = await t.api(
      'GET',
      `campus/statistiques?anneeDebut=2026&idDirection=${await directionId(db(), 'BOB')}`,
      {
        token: await t.token(who),
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { cites: Cite[] }).cites.find((c) => c.idCite === boboCite)?.partArrieres;
  }

  it('count no arrears before the new date, as the student’s account says; the moved instalment counts again once due', async () => {
    // The rent's own account of the student: nothing due yet, nothing in arrears.
    const account = await t.api('GET', `campus/loyer?idSessionCenou=${boboSession}`, {
      token: await t.token('dr2'),
    });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toEqual([expect.objectContaining({ ine: instalmentIne, duADate: 0, arriere: 0 })]);
    // No instalment is due today in the statistics either: nothing fell due, no share.
    expect(await share('cenou')).toBeNull();
    expect(await share('dr2')).toBeNull();
    // Once the new date is reached (the move set back to today, as the days would), the unpaid
    // instalment is in arrears: the stored figures were dropped by the write, read again.
    await db().execute(
      sql`UPDATE echeance_reportee SET nouvelle_date = ${todayUtc()}::date, ancienne_date = ${todayUtc()}::date - 1
          WHERE id_affectation IN (SELECT id_affectation FROM affectation WHERE id_session_cenou = ${boboSession})`,
    );
    await db().execute(sql`DELETE FROM statistique_session WHERE id_session_cenou = ${boboSession}`);
    expect(await share('cenou')).toBe(100);
  });

  it('drop the stored figures of the session a move touches, and count it out again', async () => {
    expect(await share('cenou')).not.toBeUndefined();
    const stored = async () =>
      (await one<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM statistique_session WHERE id_session_cenou = ${boboSession}`,
      ))!.n;
    expect(await stored()).toBe(1);
    // The provider fails again the evening before the instalment's (new) day, today, earlier than the
    // first outage (a span of its own): the rule moves it.
    const eve = new Date(`${todayUtc()}T00:00:00Z`).getTime();
    const again = await withTransaction(db(), (tx) =>
      recordOutage(
        tx,
        { composant: 'PAIEMENT', debut: new Date(eve - 400 * 60_000), fin: new Date(eve - 300 * 60_000) },
        PLAFOND,
      ),
    );
    expect(again?.echeancesDeplacees).toBe(1);
    expect(await stored()).toBe(0);
    expect(await share('cenou')).toBeNull();
  });
});
