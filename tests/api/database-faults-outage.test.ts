import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import type { PeriodicJob } from '../../src/server/jobs/runner';
import { pulseJob } from '../../src/server/modules/availability/pulse';
import { runOfferJob } from '../../src/server/modules/offers/job';
import type { FastifyInstance } from 'fastify';
import { setupTestApp, testConfig, type TestContext } from '../helpers/app';
import { copyTemplate } from '../helpers/db';
import { addDossier, setupDeliberation, type DelibFixture, type MadeDossier } from '../helpers/deliberation';
import { describeOnPostgres } from '../helpers/postgres';
import { TcpProxy } from '../helpers/tcp-proxy';
import { PATIENCE_MS } from '../helpers/wait';

/**
 * An outage from a real database cut (docs/availability.md#outages): two instances beat through a
 * TCP proxy the test cuts (tests/helpers/tcp-proxy.ts, as the database faults' tests do); their
 * heartbeats fail for longer than the setting, then the database comes back. The outage is the
 * heartbeats' gap, recorded once across the instances, and the offers whose last 24 hours it
 * overlapped are moved once by the rule, with their event and SMS. The settings are shortened
 * (a heartbeat a second, an outage past 6 seconds moves deadlines): the rule is the product's.
 * PostgreSQL only (PGlite has no connection to lose, nor a second instance).
 */
describeOnPostgres('an outage from a real database cut (PostgreSQL)', () => {
  const INTERVAL_MS = 1000;
  /** 6 seconds. */
  const PLAFOND_MINUTES = 0.1;
  const CUT_MS = 8000;
  let copy: Awaited<ReturnType<typeof copyTemplate>>;
  let proxy: TcpProxy;
  let t: TestContext;
  let second: { app: FastifyInstance; database: Database };
  let f: DelibFixture;
  /** A connection of the test's own, straight to the database (not through the proxy). */
  let check: pg.Client;
  const pulses: PeriodicJob<unknown>[] = [];

  const dbNow = async () => (await check.query<{ now: Date }>('SELECT now() AS now')).rows[0].now;

  beforeAll(async () => {
    copy = await copyTemplate(inject('dbTemplate'));
    proxy = TcpProxy.to(copy.url);
    await proxy.start();
    const settings = { HEARTBEAT_INTERVAL_MS: INTERVAL_MS, PANNE_PLAFOND_MINUTES: PLAFOND_MINUTES };
    t = await setupTestApp(settings, {
      database: await openDatabase({ databaseUrl: proxy.url(copy.url), poolSize: 4 }),
    });
    const database = await openDatabase({ databaseUrl: proxy.url(copy.url), poolSize: 4, listen: false });
    const app = await buildApp({
      config: { ...testConfig(t.dataDir), ...settings },
      db: database.db,
      jwtSecret: 'x'.repeat(48),
    });
    await app.ready();
    second = { app, database };
    f = await setupDeliberation(t.database.db);
    check = new pg.Client({ connectionString: copy.url });
    await check.connect();
  });
  afterAll(async () => {
    await proxy?.restore();
    await Promise.all(pulses.map((p) => p.stop()));
    await second?.app.close();
    await second?.database.close();
    await t?.close();
    await proxy?.stop();
    await check?.end();
    await copy?.drop();
  });

  /** An open offer whose deadline is `seconds` from now, its student with a phone. */
  async function openOffer(seconds: number, reponse = 'EN_ATTENTE'): Promise<MadeDossier> {
    const d = await addDossier(f, { entries: [['burkinabe', 'VALIDE']] as never });
    await check.query(
      `UPDATE dossier SET statut_dossier = 'ADMIS', liste_deliberation = 'NATIONAUX', rang = 1, reponse = $2,
         date_limite_reponse = now() + make_interval(secs => $3), rappel_envoye_le = now()
       WHERE id_dossier = $1`,
      [d.idDossier, reponse, seconds],
    );
    await check.query(`UPDATE users SET telephone = $2 WHERE id = $1`, [
      d.idUser,
      `+2267${String(d.idUser).padStart(7, '0')}`,
    ]);
    return d;
  }
  const offer = async (d: MadeDossier) =>
    (
      await check.query<{ at: Date; reponse: string; statut: string }>(
        `SELECT date_limite_reponse AS at, reponse, statut_dossier AS statut FROM dossier WHERE id_dossier = $1`,
        [d.idDossier],
      )
    ).rows[0];
  const count = async (text: string, values: unknown[] = []) =>
    Number((await check.query<{ n: string }>(text, values)).rows[0].n);

  it('the heartbeats of two instances stop with the database and come back: one outage, the gap, each deadline moved once', async () => {
    // Each instance's heartbeat, as main.ts runs it.
    for (const app of [t.app, second.app]) {
      const job = pulseJob({
        db: app.db,
        log: app.log,
        availability: app.availability,
        intervalMs: INTERVAL_MS,
        plafondMinutes: PLAFOND_MINUTES,
      });
      pulses.push(job);
      await job.runOnce();
      job.start();
    }
    // Deadlines: one that falls during the cut (the offers job would expire it), one in 10 hours,
    // one in 3 days (its last 24 hours untouched), one already answered.
    const during = await openOffer(3);
    const soon = await openOffer(10 * 3600);
    const far = await openOffer(72 * 3600);
    const answered = await openOffer(5 * 3600, 'ACCEPTE');
    const before = new Map<MadeDossier, Date>();
    for (const d of [during, soon, far, answered]) before.set(d, (await offer(d)).at);

    await proxy.cut();
    const cutAt = await dbNow();
    // No heartbeat reaches the database now: the last stamp is the outage's start.
    const lastStamp = (await check.query<{ dernier: Date }>('SELECT dernier FROM plateforme_pouls')).rows[0]
      .dernier;
    expect(lastStamp.getTime()).toBeLessThanOrEqual(cutAt.getTime());
    // Each instance knows its database is unreachable (the status page says so).
    await vi.waitUntil(
      () => t.app.availability.baseInjoignableDepuis && second.app.availability.baseInjoignableDepuis,
      { timeout: PATIENCE_MS, interval: 100 },
    );
    await vi.waitUntil(async () => (await dbNow()).getTime() - cutAt.getTime() >= CUT_MS, {
      timeout: PATIENCE_MS,
      interval: 250,
    });
    expect((await offer(during)).at.getTime()).toBeLessThan((await dbNow()).getTime());
    expect(await count(`SELECT count(*) AS n FROM panne`)).toBe(0);

    await proxy.restore();
    const restoredAt = await dbNow();
    await vi.waitUntil(async () => (await count(`SELECT count(*) AS n FROM panne`)) > 0, {
      timeout: PATIENCE_MS,
      interval: 100,
    });
    // Both instances beat again (each sees its database again), then a few more beats.
    await vi.waitUntil(
      () => !t.app.availability.baseInjoignableDepuis && !second.app.availability.baseInjoignableDepuis,
      { timeout: PATIENCE_MS, interval: 100 },
    );
    await Promise.all(pulses.map((p) => p.runOnce()));
    await Promise.all(pulses.map((p) => p.runOnce()));

    const outages = (
      await check.query<{ composant: string; debut: Date; fin: Date; n: number }>(
        `SELECT composant, debut, fin, echeances_deplacees AS n FROM panne`,
      )
    ).rows;
    expect(outages).toHaveLength(1);
    const [o] = outages;
    expect(o.composant).toBe('PLATEFORME');
    // From the last stamp before the cut to the first after it.
    expect(o.debut.getTime()).toBe(lastStamp.getTime());
    expect(o.fin.getTime()).toBeGreaterThanOrEqual(restoredAt.getTime());
    expect(o.fin.getTime() - o.debut.getTime()).toBeGreaterThanOrEqual(CUT_MS);
    expect(o.n).toBe(2);
    const length = o.fin.getTime() - o.debut.getTime();

    // The offers job after the heartbeat (as main.ts chains them): the moved deadline is not expired.
    await runOfferJob(t.database.db, { dashboardUrl: 'http://localhost/tableau-de-bord' });
    for (const d of [during, soon]) {
      const after = await offer(d);
      expect(after.reponse).toBe('EN_ATTENTE');
      expect(after.at.getTime()).toBe(before.get(d)!.getTime() + length + 24 * 3_600_000);
      expect(
        await count(
          `SELECT count(*) AS n FROM dossier_evenement WHERE evenement = 'DELAI_PROLONGE' AND id_dossier = $1`,
          [d.idDossier],
        ),
      ).toBe(1);
      expect(
        await count(
          `SELECT count(*) AS n FROM outbox_sms WHERE kind = 'DELAI_PROLONGE' AND id_dossier = $1`,
          [d.idDossier],
        ),
      ).toBe(1);
    }
    for (const d of [far, answered]) {
      expect((await offer(d)).at.getTime()).toBe(before.get(d)!.getTime());
      expect(
        await count(
          `SELECT count(*) AS n FROM dossier_evenement WHERE evenement = 'DELAI_PROLONGE' AND id_dossier = $1`,
          [d.idDossier],
        ),
      ).toBe(0);
    }

    // The public call of each instance shows it, with what it moved.
    for (const app of [t.app, second.app]) {
      await app.availability.refresh();
      const res = await app.inject({ method: 'GET', url: '/service/api/disponibilite' });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { pannes: unknown[] }).pannes).toEqual([
        {
          composant: 'PLATEFORME',
          debut: o.debut.toISOString(),
          fin: o.fin.toISOString(),
          echeancesDeplacees: 2,
        },
      ]);
    }
  });
});
