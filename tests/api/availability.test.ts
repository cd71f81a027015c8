/**
 * The platform's availability (docs/availability.md): outages found from the heartbeats and the
 * providers' calls, recorded once, the offers' deadlines they move (history, SMS), the public call
 * and the status page.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one, openDatabase, rows } from '../../src/server/db/client';
import { endRun, heartbeat } from '../../src/server/modules/availability/service';
import { markProviderFailure } from '../../src/server/modules/availability/repository';
import { setupTestApp, type TestContext } from '../helpers/app';
import { addDossier, setupDeliberation, type DelibFixture, type MadeDossier } from '../helpers/deliberation';
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
});
