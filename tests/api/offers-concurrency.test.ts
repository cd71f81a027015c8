/**
 * Offers under concurrency (PostgreSQL only: PGlite runs one statement at a time). Two offers
 * jobs at once expire each lapsed offer once and promote once; many declines at once never admit
 * one student twice nor give a list more students than it had places.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ETUDIANT } from '../../src/domain/enums';
import { one, rows } from '../../src/server/db/client';
import { tableauDeBordUrl } from '../../src/server/config/urls';
import { runOfferJob } from '../../src/server/modules/offers/job';
import { answerOffer } from '../../src/server/modules/offers/service';
import { setupTestApp, type TestContext } from '../helpers/app';
import { addManyDossiers, setQuota, setupDeliberation, type DelibFixture } from '../helpers/deliberation';
import { describeOnPostgres } from '../helpers/postgres';

let t: TestContext;
let f: DelibFixture;
const db = () => t.database.db;

interface Row {
  idDossier: number;
  idUser: number;
  ine: string;
  statut: string;
  liste: string | null;
  rang: number | null;
  reponse: string | null;
}

const dossiers = () =>
  rows<Row>(
    db(),
    sql`SELECT d.id_dossier AS "idDossier", d.id_user AS "idUser", u.user_name AS ine, d.statut_dossier AS statut,
          d.liste_deliberation AS liste, d.rang, d.reponse
        FROM dossier d JOIN users u ON u.id = d.id_user
        WHERE d.id_session_cenou = ${f.idSessionCenou} AND d.deleted_at IS NULL ORDER BY d.id_dossier`,
  );

let placesByList: Record<string, number>;

/** What no interleaving may break. */
async function invariants() {
  const all = await dossiers();
  const admitted = all.filter((x) => x.statut === 'ADMIS');
  // A list never holds more admitted students than the places it started with plus those that
  // fell back to it (PUPILLES/ETRANGERS → NATIONAUX); overall, never more than the places.
  expect(admitted.length).toBeLessThanOrEqual(Object.values(placesByList).reduce((s, n) => s + n, 0));
  for (const l of ['PUPILLES', 'ETRANGERS'])
    expect(admitted.filter((x) => x.liste === l).length).toBeLessThanOrEqual(placesByList[l]);
  // Ranks are unique within each list (ended admissions keep theirs).
  const ranked = all.filter((x) => x.liste !== null);
  const keys = ranked.map((x) => `${x.liste}:${x.rang}`);
  expect(new Set(keys).size).toBe(keys.length);
  // The waiting list is numbered 1..n.
  const waiting = all.filter((x) => x.statut === 'LISTE_ATTENTE').sort((a, b) => a.rang! - b.rang!);
  expect(waiting.map((x) => x.rang)).toEqual(waiting.map((_, i) => i + 1));
  // Each promoted student was promoted once, each ended admission gave its place once.
  const promos = await rows<{ idDossier: number; n: number }>(
    db(),
    sql`SELECT id_dossier AS "idDossier", count(*)::int AS n FROM dossier_evenement
        WHERE id_session_cenou = ${f.idSessionCenou} AND evenement = 'PROMOTION' GROUP BY 1`,
  );
  expect(promos.every((p) => p.n === 1)).toBe(true);
  const freed = await rows<{ libere: number; n: number }>(
    db(),
    sql`SELECT (detail->>'idDossierLibere')::int AS libere, count(*)::int AS n FROM dossier_evenement
        WHERE id_session_cenou = ${f.idSessionCenou} AND evenement = 'PROMOTION' GROUP BY 1`,
  );
  expect(freed.every((p) => p.n === 1)).toBe(true);
  for (const p of promos)
    expect(all.find((x) => x.idDossier === p.idDossier)!.statut).not.toBe('LISTE_ATTENTE');
  return { all, admitted, waiting, promos };
}

describeOnPostgres('offers under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await setupTestApp();
    f = await setupDeliberation(db());
    await setQuota(f, 'pupille', 2);
    await setQuota(f, 'etranger', 3);
    await setQuota(f, 'burkinabe', 35);
    await addManyDossiers(f, 160, 'OC');
    const res = await t.api('POST', 'campus/deliberation', {
      token: await t.token('dr'),
      body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'concurrence' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { placesEffectives: Record<string, number> };
    placesByList = body.placesEffectives;
  }, 120_000);
  afterAll(() => t?.close());

  it('two jobs at once expire each lapsed offer once and promote once', async () => {
    const before = await dossiers();
    const lapsed = before.filter((x) => x.statut === 'ADMIS').slice(0, 15);
    await db().execute(
      sql`UPDATE dossier SET date_limite_reponse = now() - interval '1 hour'
          WHERE id_dossier IN (${sql.join(
            lapsed.map((x) => sql`${x.idDossier}`),
            sql`, `,
          )})`,
    );
    const ctx = { dashboardUrl: tableauDeBordUrl(t.config) };
    const [a, b] = await Promise.all([runOfferJob(db(), ctx), runOfferJob(db(), ctx)]);
    expect(a.expirees + b.expirees).toBe(15);
    const expiries = await one<{ n: number; d: number }>(
      db(),
      sql`SELECT count(*)::int AS n, count(DISTINCT id_dossier)::int AS d FROM dossier_evenement
          WHERE id_session_cenou = ${f.idSessionCenou} AND evenement = 'EXPIRATION'`,
    );
    expect(expiries).toEqual({ n: 15, d: 15 });
    const { admitted, promos } = await invariants();
    expect(promos).toHaveLength(15);
    expect(admitted).toHaveLength(before.filter((x) => x.statut === 'ADMIS').length);
    const mails = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM outbox_mail WHERE kind = 'OFFRE_EXPIREE'`,
    );
    expect(mails!.n).toBe(15);
    expect(await runOfferJob(db(), ctx)).toEqual({ expirees: 0, rappels: 0 });
  }, 120_000);

  it('many declines at once never admit a student twice nor exceed a list’s places', async () => {
    const before = await dossiers();
    const open = before.filter((x) => x.statut === 'ADMIS' && x.reponse === 'EN_ATTENTE');
    const decliners = open.slice(0, 30);
    const results = await Promise.allSettled(
      decliners.map((x) =>
        answerOffer(
          db(),
          { id: x.idUser, role: ETUDIANT, idDirection: f.idDirection, userName: x.ine },
          x.idDossier,
          'REFUSE',
          { dashboardUrl: tableauDeBordUrl(t.config) },
        ),
      ),
    );
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed, JSON.stringify(failed.slice(0, 2))).toHaveLength(0);
    const { all, admitted, promos } = await invariants();
    for (const x of decliners)
      expect(all.find((y) => y.idDossier === x.idDossier)).toMatchObject({
        statut: 'DESISTE',
        reponse: 'REFUSE',
      });
    expect(promos).toHaveLength(15 + 30);
    // Enough waiting nationals: every freed place was given again.
    expect(admitted).toHaveLength(before.filter((x) => x.statut === 'ADMIS').length);
    const promotionMails = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM outbox_mail WHERE kind = 'PROMOTION'`,
    );
    expect(promotionMails!.n).toBe(45);
  }, 120_000);
});
