/**
 * The platform's availability (docs/availability.md): outages found from the heartbeats and the
 * providers' calls, recorded once, the offers' deadlines they move (history, SMS), the public call
 * and the status page.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDaysNear, movedDueDay } from '../../src/domain/availability';
import { ETUDIANT } from '../../src/domain/enums';
import { messages } from '../../src/domain/messages';
import { formatFcfa } from '../../src/domain/money';
import { addMonths, citesFermees } from '../../src/domain/rent';
import { one, openDatabase, rows } from '../../src/server/db/client';
import { endRun, heartbeat } from '../../src/server/modules/availability/service';
import { markProviderFailure } from '../../src/server/modules/availability/repository';
import { todayUtc } from '../../src/server/modules/rent/repository';
import { signToken } from '../../src/server/plugins/auth';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { housedThroughApi, insertCite, type Admitted, type MadeCite } from '../helpers/assignment';
import { addDossier, setupDeliberation, type DelibFixture, type MadeDossier } from '../helpers/deliberation';
import { insertSession } from '../helpers/dossiers';
import { describeOnPostgres } from '../helpers/postgres';

let t: TestContext;
let f: DelibFixture;
const db = () => t.database.db;
const PLAFOND = { plafondMinutes: 60 };

/** The pulse as if the last heartbeat of any instance was `minutes` ago. */
const lastBeatAgo = (minutes: number) =>
  db().execute(
    sql`INSERT INTO plateforme_pouls (id, premier, dernier) VALUES (1, now() - interval '30 days', now() - ${`${minutes} minutes`}::interval)
        ON CONFLICT (id) DO UPDATE SET dernier = excluded.dernier`,
  );

/** An open offer whose deadline is `hours` from now. */
async function openOffer(hours: number, reponse = 'EN_ATTENTE'): Promise<MadeDossier> {
  const d = await addDossier(f, { entries: [['burkinabe', 'VALIDE']] as never });
  await db().execute(
    sql`UPDATE dossier SET statut_dossier = 'ADMIS', liste_deliberation = 'NATIONAUX', rang = 1, reponse = ${reponse},
          date_limite_reponse = now() + ${`${hours} hours`}::interval, rappel_envoye_le = now()
        WHERE id_dossier = ${d.idDossier}`,
  );
  await db().execute(
    sql`UPDATE users SET telephone = ${`+2267${String(d.idUser).padStart(7, '0')}`} WHERE id = ${d.idUser}`,
  );
  return d;
}

async function deadline(d: MadeDossier) {
  const row = (await one<{ at: string; rappel: string | null }>(
    db(),
    sql`SELECT date_limite_reponse AS at, rappel_envoye_le AS rappel FROM dossier WHERE id_dossier = ${d.idDossier}`,
  ))!;
  return { at: new Date(row.at), rappel: row.rappel };
}

beforeAll(async () => {
  t = await setupTestApp();
  f = await setupDeliberation(db());
});
afterAll(() => t?.close());

describe('outages of the platform', () => {
  it('a first heartbeat records nothing; a gap of a minute is no outage', async () => {
    await db().execute(sql`DELETE FROM plateforme_pouls`);
    expect(await heartbeat(db(), PLAFOND)).toBeNull();
    // As if it had run for a month (the status page's days since its first heartbeat).
    await db().execute(sql`UPDATE plateforme_pouls SET premier = now() - interval '30 days'`);
    await lastBeatAgo(1);
    expect(await heartbeat(db(), PLAFOND)).toBeNull();
    expect(await rows(db(), sql`SELECT * FROM panne`)).toEqual([]);
  });

  it('90 minutes without a heartbeat move the deadlines in their last 24 hours, once, with an event and an SMS', async () => {
    const near = await openOffer(10);
    const far = await openOffer(72);
    const answered = await openOffer(5, 'ACCEPTE');
    const before = await deadline(near);
    const farBefore = await deadline(far);
    await lastBeatAgo(90);
    const outage = await heartbeat(db(), PLAFOND);
    expect(outage?.composant).toBe('PLATEFORME');
    expect(outage?.echeancesDeplacees).toBe(1);
    const length = outage!.fin.getTime() - outage!.debut.getTime();
    expect(Math.round(length / 60_000)).toBe(90);

    const after = await deadline(near);
    expect(after.at.getTime()).toBe(before.at.getTime() + length + 24 * 3_600_000);
    // Its reminder is due again before the new deadline.
    expect(after.rappel).toBeNull();
    expect((await deadline(far)).at.getTime()).toBe(farBefore.at.getTime());
    expect((await deadline(answered)).rappel).not.toBeNull();

    // Once: the next heartbeat finds no gap.
    expect(await heartbeat(db(), PLAFOND)).toBeNull();
    expect(await rows(db(), sql`SELECT id_panne FROM panne WHERE composant = 'PLATEFORME'`)).toHaveLength(1);

    // The history says it, in French, for the student and for staff.
    const res = await t.api('GET', `campus/dossier/${near.idDossier}/historique`, {
      token: await t.token('admin'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = (res.json() as { evenement: string; libelle: string; details: string[] }[]).find(
      (e) => e.evenement === 'DELAI_PROLONGE',
    );
    expect(moved?.libelle).toBe('Délai de réponse prolongé après une panne');
    expect(moved?.details.join(' ')).toMatch(
      /^Date limite reportée du .+ au .+\u00a0: panne de la plateforme du .+ au .+\.$/,
    );

    const { reference } = (await one<{ reference: string }>(
      db(),
      sql`SELECT reference_dossier AS reference FROM dossier WHERE id_dossier = ${near.idDossier}`,
    ))!;
    const sms = await rows<{ text: string }>(
      db(),
      sql`SELECT text_body AS text FROM outbox_sms WHERE kind = 'DELAI_PROLONGE' AND id_dossier = ${near.idDossier}`,
    );
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toContain(`Répondez OUI ${reference} ou NON ${reference}`);
    expect(sms[0].text.length).toBeLessThanOrEqual(160);
    expect(
      await rows(
        db(),
        sql`SELECT 1 FROM outbox_sms WHERE kind = 'DELAI_PROLONGE' AND id_dossier = ${far.idDossier}`,
      ),
    ).toEqual([]);
  });

  it('an outage one minute short of the setting is recorded and moves nothing', async () => {
    const near = await openOffer(3);
    const before = await deadline(near);
    await lastBeatAgo(59);
    const outage = await heartbeat(db(), PLAFOND);
    expect(outage?.echeancesDeplacees).toBe(0);
    expect((await deadline(near)).at.getTime()).toBe(before.at.getTime());
  });
});

describe('outages of the providers', () => {
  it('eleven minutes of failed SMS calls then a success: an outage of the SMS centre; nine minutes: none', async () => {
    await markProviderFailure(db(), 'SMS');
    await db().execute(
      sql`UPDATE composant_etat SET premier_echec = now() - interval '9 minutes' WHERE composant = 'SMS'`,
    );
    expect(await endRun(db(), 'SMS', PLAFOND)).toBeNull();
    await markProviderFailure(db(), 'SMS');
    await markProviderFailure(db(), 'SMS');
    await db().execute(
      sql`UPDATE composant_etat SET premier_echec = now() - interval '11 minutes' WHERE composant = 'SMS'`,
    );
    const outage = await endRun(db(), 'SMS', PLAFOND);
    expect(outage?.composant).toBe('SMS');
    // Ended: a second success records nothing.
    expect(await endRun(db(), 'SMS', PLAFOND)).toBeNull();
  });

  it('a payment provider failing for 20 minutes is shown as under way', async () => {
    await markProviderFailure(db(), 'PAIEMENT');
    await db().execute(
      sql`UPDATE composant_etat SET premier_echec = now() - interval '20 minutes' WHERE composant = 'PAIEMENT'`,
    );
    await t.app.availability.refresh();
    const res = await t.app.inject({ method: 'GET', url: '/service/api/disponibilite' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { enCours: { composant: string }[] };
    expect(body.enCours.map((e) => e.composant)).toEqual(['PAIEMENT']);
    const page = await t.app.inject({ method: 'GET', url: '/etat-du-service' });
    expect(page.body).toContain('Le paiement mobile est en panne depuis le');
    await endRun(db(), 'PAIEMENT', PLAFOND);
  });
});

describe('the public call and the status page', () => {
  it('answer the last 90 days and the outages, without a token, the page under 20 KB', async () => {
    await t.app.availability.refresh();
    const res = await t.app.inject({ method: 'GET', url: '/service/api/disponibilite' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      jours: { date: string; disponibilite: number | null }[];
      pannes: { composant: string; echeancesDeplacees: number }[];
      baseInjoignableDepuis: string | null;
    };
    expect(body.jours).toHaveLength(90);
    expect(body.jours.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.baseInjoignableDepuis).toBeNull();
    // The latest first: the 59 minutes (nothing moved), the 90 minutes (one deadline), the SMS centre
    // (begun 11 minutes before its end), the payment provider (20 minutes).
    expect(
      [...body.pannes]
        .sort((a, b) => a.composant.localeCompare(b.composant) || a.echeancesDeplacees - b.echeancesDeplacees)
        .map((p) => [p.composant, p.echeancesDeplacees]),
    ).toEqual([
      ['PAIEMENT', 0],
      ['PLATEFORME', 0],
      ['PLATEFORME', 1],
      ['SMS', 0],
    ]);
    // Today counts the two platform outages of this file (90 and 59 minutes) unless they began yesterday.
    const today = body.jours.at(-1)!.disponibilite!;
    expect(today).toBeLessThan(100);

    const page = await t.app.inject({ method: 'GET', url: '/etat-du-service' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(Buffer.byteLength(page.body)).toBeLessThan(20_000);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('1 date limite de réponse reportée');
    expect(page.body).toContain('Les SMS partent normalement.');
    // The tests' provider is the product's simulator: the page says so, not that payments work.
    expect(page.body).toContain(messages.etatServicePaiementSimule);
    expect(page.body).not.toContain('Le paiement mobile fonctionne normalement.');
    expect(page.body).not.toMatch(/PLATEFORME|PAIEMENT|undefined|NaN/);
  });

  it('keeps answering from its last reading when the database does not answer', async () => {
    await t.app.availability.refresh();
    t.app.availability.noteHeartbeat(false, new Date('2026-11-29T10:00:00Z'));
    const page = await t.app.inject({ method: 'GET', url: '/etat-du-service' });
    expect(page.body).toContain('La base de données ne répond pas depuis le 29/11/2026 10:00');
    t.app.availability.noteHeartbeat(true);
  });
});

// ---------------------------------------------------------------- instalments moved by the payment provider

/** A session of Bobo-Dioulasso whose first instalment is due today, and a cité at 5,000 FCFA a month. */
let rentSession: number;
let rentCite: MadeCite;

async function setupRent() {
  rentSession = await insertSession(db(), await directionId(db(), 'BOB'), 'DELIBERATION');
  await db().execute(
    sql`UPDATE session_cenou SET premiere_echeance = ${todayUtc()}, mois_loyer = 10 WHERE id_session_cenou = ${rentSession}`,
  );
  rentCite = await insertCite(db(), {
    ville: 'Bobo-Dioulasso',
    montant: 5000,
    batiments: [{ code: 'A', sexe: 'F', chambres: [1, 2, 3].map((n) => ({ code: `${n}`, lits: 4 })) }],
  });
}

/**
 * A student given a bed a month back: of its session's ten instalments, those it owes from that day,
 * the first due today and not paid (none today in August and September, the cités closed).
 */
const housed = () => housedThroughApi(t, rentSession, rentCite.idCite, addMonths(todayUtc(), -1));
/** Whether today's instalment is owed at all: not when the cités are closed (August, September). */
const closedToday = () => citesFermees(todayUtc());

/**
 * The payment provider failing since half an hour before today began (so its outage overlaps the
 * last 24 hours before today's instalments), and longer than the setting even just after midnight:
 * the run's length in minutes.
 */
async function providerFailingSinceYesterday(): Promise<number> {
  await markProviderFailure(db(), 'PAIEMENT');
  const row = await one<{ minutes: number }>(
    db(),
    sql`UPDATE composant_etat
        SET premier_echec = least(
              now() - make_interval(mins => floor(extract(epoch FROM now() - date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') / 60)::int + 30),
              now() - make_interval(mins => ${PLAFOND.plafondMinutes + 1}))
        WHERE composant = 'PAIEMENT'
        RETURNING round(extract(epoch FROM now() - premier_echec) / 60)::int AS minutes`,
  );
  return row!.minutes;
}

/** The student's rent as its page reads it. */
async function ownRent(s: Admitted) {
  const res = await t.api('GET', 'campus/loyer/etudiant', {
    token: signToken(t.app, { id: s.idUser, role: ETUDIANT, tokenVersion: 0 }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json() as {
      arriere: number;
      duADate: number;
      echeances: { numero: number; dateEcheance: string; statut: string }[];
    }[]
  )[0];
}

/** The arrears list's row of an assignment (staff). */
async function arrearsRow(idAffectation: number) {
  const res = await t.api('GET', `campus/loyer?idSessionCenou=${rentSession}&size=100`, {
    token: await t.token('cenou'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { idAffectation: number; arriere: number; duADate: number }[]).find(
    (r) => r.idAffectation === idAffectation,
  )!;
}

describe('instalments moved by an outage of the payment provider', () => {
  let student: Admitted & { idAffectation: number };

  beforeAll(async () => {
    await setupRent();
    student = await housed();
  });

  it('an outage one minute short of the setting moves no instalment', async () => {
    const minutes = await providerFailingSinceYesterday();
    const outage = await endRun(db(), 'PAIEMENT', { plafondMinutes: minutes + 1 });
    expect(outage?.composant).toBe('PAIEMENT');
    expect(outage?.echeancesDeplacees).toBe(0);
    expect((await arrearsRow(student.idAffectation)).arriere).toBe(closedToday() ? 0 : 5000);
    expect(
      await rows(db(), sql`SELECT 1 FROM echeance_reportee WHERE id_affectation = ${student.idAffectation}`),
    ).toEqual([]);
  });

  it('a longer one moves today’s unpaid instalment: no arrears for it, the new date on the student’s page, its history and an SMS', async () => {
    if (closedToday()) {
      // The cités closed: no instalment is owed today nor tomorrow, so the outage moves nothing.
      await providerFailingSinceYesterday();
      const outage = await endRun(db(), 'PAIEMENT', PLAFOND);
      expect(outage?.echeancesDeplacees).toBe(0);
      expect(await arrearsRow(student.idAffectation)).toMatchObject({ arriere: 0, duADate: 0 });
      return;
    }
    const before = await ownRent(student);
    expect(before.arriere).toBe(5000);
    expect(before.echeances[0]).toMatchObject({ numero: 1, dateEcheance: todayUtc(), statut: 'ECHUE' });

    await providerFailingSinceYesterday();
    const outage = await endRun(db(), 'PAIEMENT', PLAFOND);
    expect(outage?.echeancesDeplacees).toBe(1);
    const nouvelle = movedDueDay(todayUtc(), outage!, 60)!;
    // The outage's length plus 24 hours after today's start, rounded up to a day's start.
    expect(Date.parse(`${nouvelle}T00:00:00Z`)).toBeGreaterThanOrEqual(
      Date.parse(`${todayUtc()}T00:00:00Z`) + outage!.fin.getTime() - outage!.debut.getTime() + 86_400_000,
    );
    expect(dueDaysNear(outage!).from).toBe(todayUtc());

    // The arrears no longer count it; the student's page shows its new date, not late.
    expect(await arrearsRow(student.idAffectation)).toMatchObject({ arriere: 0, duADate: 0 });
    const after = await ownRent(student);
    expect(after.arriere).toBe(0);
    expect(after.echeances[0]).toMatchObject({ numero: 1, dateEcheance: nouvelle, statut: 'A_VENIR' });
    // The journal is untouched: the instalment keeps its day there.
    expect(
      await rows(
        db(),
        sql`SELECT to_char(date_valeur, 'YYYY-MM-DD') AS d FROM journal_transaction
            WHERE id_affectation = ${student.idAffectation} AND numero_echeance = 1`,
      ),
    ).toEqual([{ d: todayUtc() }]);

    // In the dossier's history, for staff, with the outage.
    const res = await t.api('GET', `campus/dossier/${student.idDossier}/historique`, {
      token: await t.token('admin'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = (res.json() as { evenement: string; libelle: string; details: string[] }[]).filter(
      (e) => e.evenement === 'DELAI_PROLONGE',
    );
    expect(moved).toHaveLength(1);
    expect(moved[0].libelle).toBe('Échéance de loyer reportée après une panne');
    const [y, m, d] = nouvelle.split('-');
    const details = moved[0].details.join(' ');
    expect(details).toContain(
      `Échéance n°\u00a01 du loyer (${formatFcfa(5000, { unit: true })}) reportée du ${todayUtc().split('-').reverse().join('/')} au ${d}/${m}/${y}\u00a0: panne du paiement mobile du `,
    );

    // Told by SMS, once.
    const sms = await rows<{ text: string }>(
      db(),
      sql`SELECT text_body AS text FROM outbox_sms WHERE kind = 'ECHEANCE_REPORTEE' AND id_dossier = ${student.idDossier}`,
    );
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toBe(
      `CENOU : après une panne du paiement mobile, votre échéance de loyer de 5 000 FCFA est reportée au ${d}/${m}/${y}, sans retard compté.`,
    );

    // Counted in the outage, on the public call and the status page.
    await t.app.availability.refresh();
    const body = (await t.app.inject({ method: 'GET', url: '/service/api/disponibilite' })).json() as {
      pannes: { composant: string; debut: string; echeancesDeplacees: number }[];
    };
    expect(body.pannes.find((p) => p.debut === outage!.debut.toISOString())).toMatchObject({
      composant: 'PAIEMENT',
      echeancesDeplacees: 1,
    });
    const page = await t.app.inject({ method: 'GET', url: '/etat-du-service' });
    expect(page.body).toContain('1 échéance de loyer reportée');
  });
});

describeOnPostgres('an outage seen by two instances at once (PostgreSQL)', () => {
  it('is recorded once and moves each deadline once', async () => {
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const second = await openDatabase({ databaseUrl: url, poolSize: 4, listen: false });
    try {
      // Only this test's offer is open.
      await db().execute(sql`UPDATE dossier SET reponse = 'ACCEPTE' WHERE reponse = 'EN_ATTENTE'`);
      const near = await openOffer(6);
      const before = await deadline(near);
      await lastBeatAgo(120);
      const outcomes = await Promise.all([
        heartbeat(db(), PLAFOND),
        heartbeat(second.db, PLAFOND),
        heartbeat(db(), PLAFOND),
        heartbeat(second.db, PLAFOND),
      ]);
      const recorded = outcomes.filter((o) => o !== null);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.echeancesDeplacees).toBe(1);
      const after = await deadline(near);
      const length = recorded[0]!.fin.getTime() - recorded[0]!.debut.getTime();
      expect(after.at.getTime()).toBe(before.at.getTime() + length + 24 * 3_600_000);
      expect(
        await rows(
          db(),
          sql`SELECT 1 FROM dossier_evenement WHERE evenement = 'DELAI_PROLONGE' AND id_dossier = ${near.idDossier}`,
        ),
      ).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('of the payment provider, ended by two instances at once: recorded once, each instalment moved once', async () => {
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const second = await openDatabase({ databaseUrl: url, poolSize: 4, listen: false });
    try {
      const student = await housed();
      await providerFailingSinceYesterday();
      const outcomes = await Promise.all([
        endRun(db(), 'PAIEMENT', PLAFOND),
        endRun(second.db, 'PAIEMENT', PLAFOND),
        endRun(db(), 'PAIEMENT', PLAFOND),
        endRun(second.db, 'PAIEMENT', PLAFOND),
      ]);
      const recorded = outcomes.filter((o) => o !== null);
      expect(recorded).toHaveLength(1);
      // None owed today while the cités are closed: then nothing moves.
      const moved = closedToday() ? 0 : 1;
      expect(recorded[0]!.echeancesDeplacees).toBe(moved);
      expect(
        await rows(
          db(),
          sql`SELECT 1 FROM echeance_reportee WHERE id_affectation = ${student.idAffectation}`,
        ),
      ).toHaveLength(moved);
      expect(
        await rows(
          db(),
          sql`SELECT 1 FROM outbox_sms WHERE kind = 'ECHEANCE_REPORTEE' AND id_dossier = ${student.idDossier}`,
        ),
      ).toHaveLength(moved);
      expect((await arrearsRow(student.idAffectation)).arriere).toBe(0);
    } finally {
      await second.close();
    }
  });
});
