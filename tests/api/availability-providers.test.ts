/**
 * A provider's outage found from real calls (docs/availability.md#outages): the payment simulator
 * answering every call 503 and the test SMS centre refusing every message, for longer than the
 * setting, then working again. Each call's outcome goes through `ProviderHealth.report` as in
 * production (payments/index.ts, the SMS worker); the outage is recorded with its start and end,
 * the instalments due in it are moved by the rule, and the status page says so. The settings are
 * shortened (a run of failures past 2 seconds is an outage, past 3 seconds it moves deadlines, each
 * outcome written): the rule is the product's.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayOf, movedDueDay } from '../../src/domain/availability';
import { enumLabel } from '../../src/domain/messages-labels';
import { addMonths, citesFermees } from '../../src/domain/rent';
import { one, rows } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { directionId } from '../../src/server/seed/factories';
import { enqueueSms } from '../../src/server/sms/outbox';
import { SmsWorker } from '../../src/server/sms/worker';
import { setupTestApp, type TestContext } from '../helpers/app';
import { housedThroughApi, insertCite, type MadeCite } from '../helpers/assignment';
import { insertSession } from '../helpers/dossiers';
import { paymentOperators, studentToken } from '../helpers/payments';
import { TEST_SMPP_TIMINGS, TestSmsc } from '../helpers/smpp';
import { PATIENCE_MS } from '../helpers/wait';

const FAILURE_MS = 2000;
/** 3 seconds. */
const PLAFOND_MINUTES = 0.05;
/** How long the provider fails in these tests: past both. */
const DOWN_MS = 4000;

let t: TestContext;
const db = () => t.database.db;

/** The database's time now (the runs of failures are stamped with it). */
const dbNow = async () => (await one<{ now: string }>(db(), sql`SELECT now() AS now`))!.now;

/** The provider's run of failures under way (its start), or null. */
async function runStart(composant: 'PAIEMENT' | 'SMS'): Promise<Date | null> {
  const row = await one<{ debut: string | null }>(
    db(),
    sql`SELECT premier_echec AS debut FROM composant_etat WHERE composant = ${composant}`,
  );
  return row?.debut ? new Date(row.debut) : null;
}

async function outagesOf(composant: 'PAIEMENT' | 'SMS') {
  return (
    await rows<{ idPanne: number; debut: string; fin: string; n: number }>(
      db(),
      sql`SELECT id_panne AS "idPanne", debut, fin, echeances_deplacees AS n FROM panne WHERE composant = ${composant}`,
    )
  ).map((o) => ({ ...o, debut: new Date(o.debut), fin: new Date(o.fin) }));
}

async function statusPage() {
  await t.app.availability.refresh();
  const call = await t.app.inject({ method: 'GET', url: '/service/api/disponibilite' });
  expect(call.statusCode, call.body).toBe(200);
  const page = await t.app.inject({ method: 'GET', url: '/etat-du-service' });
  return {
    body: call.json() as {
      enCours: { composant: string; debut: string }[];
      pannes: { composant: string; debut: string; fin: string; echeancesDeplacees: number }[];
    },
    page: page.body,
  };
}

beforeAll(async () => {
  t = await setupTestApp(
    { PANNE_PLAFOND_MINUTES: PLAFOND_MINUTES },
    { providerTiming: { failureMs: FAILURE_MS, outcomeWriteMs: 0 } },
  );
});
afterAll(() => t?.close());

describe('the payment simulator failing every call, then answering again', () => {
  const tomorrow = dayOf(new Date(Date.now() + 86_400_000));
  let rentSession: number;
  let cite: MadeCite;

  /**
   * A student given a bed at 5,000 FCFA a month, a month back: of the ten, those it owes from that
   * day, the first due tomorrow (none tomorrow in August and September, the cités closed).
   */
  const housed = () => housedThroughApi(t, rentSession, cite.idCite, addMonths(tomorrow, -1));
  /** Whether tomorrow's instalment is owed: not while the cités are closed. Then nothing moves. */
  const moved = citesFermees(tomorrow) ? 0 : 2;

  beforeAll(async () => {
    rentSession = await insertSession(db(), await directionId(db(), 'BOB'), 'DELIBERATION');
    await db().execute(
      sql`UPDATE session_cenou SET premiere_echeance = ${tomorrow}, mois_loyer = 10 WHERE id_session_cenou = ${rentSession}`,
    );
    cite = await insertCite(db(), {
      ville: 'Bobo-Dioulasso',
      montant: 5000,
      batiments: [{ code: 'A', sexe: 'F', chambres: [1, 2].map((n) => ({ code: `${n}`, lits: 4 })) }],
    });
  });

  it('is an outage from its first failed call to its first answer; tomorrow’s unpaid instalments move by the rule; the status page says so', async () => {
    expect(t.app.payments.simulation).toBe(true);
    const waiting = await housed();
    const payer = await housed();
    const ops = await paymentOperators(db());
    const pay = () =>
      t.api('POST', 'campus/paiement', {
        token: studentToken(t.app, payer),
        body: {
          idAffectation: payer.idAffectation,
          montant: 5000,
          idOperateur: ops.orange,
          telephone: '70 12 34 50',
        },
      });

    t.app.payments.simulator!.down = true;
    const firstTry = await dbNow();
    let failed = 0;
    try {
      // The student tries again and again while the provider fails.
      for (;;) {
        const res = await pay();
        expect(res.statusCode, res.body).toBe(503);
        failed += 1;
        await t.app.providerHealth.settled();
        const start = await runStart('PAIEMENT');
        expect(start).not.toBeNull();
        if (Date.parse(await dbNow()) - start!.getTime() > DOWN_MS) break;
        if (failed === 2) {
          // Past the 2 seconds: « en panne » under way on the status page.
          await vi.waitUntil(async () => Date.parse(await dbNow()) - start!.getTime() > FAILURE_MS, {
            timeout: PATIENCE_MS,
            interval: 100,
          });
          const { body, page } = await statusPage();
          expect(body.enCours).toEqual([{ composant: 'PAIEMENT', debut: start!.toISOString() }]);
          expect(page).toContain('Le paiement mobile est en panne depuis le');
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      t.app.payments.simulator!.down = false;
    }
    const start = (await runStart('PAIEMENT'))!;
    // The run began with the first failed call (written with the database's clock).
    expect(start.getTime()).toBeGreaterThanOrEqual(Date.parse(firstTry));
    expect(await outagesOf('PAIEMENT')).toEqual([]);

    // The provider answers: the run ends, as an outage.
    const ok = await pay();
    expect([200, 201], ok.body).toContain(ok.statusCode);
    await t.app.providerHealth.settled();
    expect(await runStart('PAIEMENT')).toBeNull();
    const [outage, ...others] = await outagesOf('PAIEMENT');
    expect(others).toEqual([]);
    expect(outage.debut.getTime()).toBe(start.getTime());
    expect(outage.fin.getTime() - outage.debut.getTime()).toBeGreaterThan(DOWN_MS);
    expect(outage.n).toBe(moved);

    // Each student's first instalment (due tomorrow, unpaid: the last payment is still pending) moved by the rule.
    const nouvelle = movedDueDay(tomorrow, outage, PLAFOND_MINUTES)!;
    expect(nouvelle > tomorrow).toBe(true);
    for (const s of [waiting, payer]) {
      expect(
        await rows(
          db(),
          sql`SELECT numero_echeance AS numero, to_char(ancienne_date, 'YYYY-MM-DD') AS ancienne, to_char(nouvelle_date, 'YYYY-MM-DD') AS nouvelle, id_panne AS "idPanne"
              FROM echeance_reportee WHERE id_affectation = ${s.idAffectation}`,
        ),
      ).toEqual(moved ? [{ numero: 1, ancienne: tomorrow, nouvelle, idPanne: outage.idPanne }] : []);
      expect(
        await rows(
          db(),
          sql`SELECT 1 FROM outbox_sms WHERE kind = 'ECHEANCE_REPORTEE' AND id_dossier = ${s.idDossier}`,
        ),
      ).toHaveLength(moved / 2);
    }

    const { body, page } = await statusPage();
    expect(body.enCours).toEqual([]);
    expect(body.pannes).toContainEqual({
      composant: 'PAIEMENT',
      debut: outage.debut.toISOString(),
      fin: outage.fin.toISOString(),
      echeancesDeplacees: moved,
    });
    expect(page).toContain(`${enumLabel('composant', 'PAIEMENT')}\u00a0: du `);
    if (moved) expect(page).toContain('2 échéances de loyer reportées');
  });
});

describe('the SMS centre refusing every message, then taking them again', () => {
  let centre: TestSmsc;
  let worker: SmsWorker;

  beforeAll(async () => {
    centre = new TestSmsc();
    await centre.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await centre?.stop();
  });

  it('is an outage of the SMS centre from the first refused message to the first taken; the status page says so', async () => {
    const { idUser } = (await one<{ idUser: number }>(
      db(),
      sql`UPDATE users SET telephone = '+22670009999' WHERE id = (SELECT min(id) FROM users) RETURNING id AS "idUser"`,
    ))!;
    // A system error for every message: the centre failing, not a refusal of this one.
    centre.behaviour = { refusals: Array.from({ length: 10_000 }, () => 0x08) };
    worker = new SmsWorker({
      db: db(),
      log: t.app.log,
      smppUrl: centre.url(),
      smsDir: path.join(t.dataDir, 'sms'),
      sender: 'CENOU',
      health: t.app.providerHealth,
      intervalMs: 50,
      retryBaseMs: 100,
      maxRetryMs: 300,
      smpp: { ...TEST_SMPP_TIMINGS },
    });
    await withTransaction(db(), (tx) =>
      enqueueSms(tx, { kind: 'RECU_DEPOT', idUser, text: 'Essai pendant la panne' }),
    );
    worker.start();

    await vi.waitUntil(async () => (await runStart('SMS')) !== null, { timeout: PATIENCE_MS, interval: 50 });
    const start = (await runStart('SMS'))!;
    await vi.waitUntil(async () => Date.parse(await dbNow()) - start.getTime() > DOWN_MS, {
      timeout: PATIENCE_MS,
      interval: 100,
    });
    await t.app.providerHealth.settled();
    const during = await statusPage();
    expect(during.body.enCours).toContainEqual({ composant: 'SMS', debut: start.toISOString() });
    expect(during.page).toContain('Les SMS ne partent plus depuis le');
    expect(centre.refused.length).toBeGreaterThan(1);
    expect(centre.accepted).toEqual([]);

    // The centre takes messages again: the SMS goes out at its next try, and the run ends as an outage.
    centre.behaviour = {};
    await vi.waitUntil(() => centre.accepted.length > 0, { timeout: PATIENCE_MS, interval: 50 });
    await vi.waitUntil(async () => (await outagesOf('SMS')).length > 0, {
      timeout: PATIENCE_MS,
      interval: 50,
    });
    await t.app.providerHealth.settled();
    expect(await runStart('SMS')).toBeNull();
    const [outage, ...others] = await outagesOf('SMS');
    expect(others).toEqual([]);
    expect(outage.debut.getTime()).toBe(start.getTime());
    expect(outage.fin.getTime() - outage.debut.getTime()).toBeGreaterThan(DOWN_MS);
    // An outage of the SMS centre moves no deadline.
    expect(outage.n).toBe(0);

    const after = await statusPage();
    expect(after.body.enCours).toEqual([]);
    expect(after.body.pannes).toContainEqual({
      composant: 'SMS',
      debut: outage.debut.toISOString(),
      fin: outage.fin.toISOString(),
      echeancesDeplacees: 0,
    });
    expect(after.page).toContain('Les SMS partent normalement.');
    expect(after.page).toContain(`${enumLabel('composant', 'SMS')}\u00a0: du `);
  });
});
