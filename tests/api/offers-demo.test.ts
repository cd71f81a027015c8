/**
 * The demo's offer story: Koudougou's deliberation is published (days before the load, its offers
 * answered since, so a new publication is refused), the named admitted student, whose offer still
 * waits, renounces, and the named first of the waiting list is promoted at once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { ETUDIANT } from '../../src/domain/enums';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/env';
import { one, type Database } from '../../src/server/db/client';
import { KDG_RANKING_SEED } from '../../src/server/seed/content/dossiers';
import type { DemoAccount } from '../../src/server/seed/demo';
import { openDemoDatabase, type DemoDatabase } from '../helpers/demo-db';

let database: Database;
let app: FastifyInstance;
let dataDir: string;
let demo: DemoDatabase | undefined;
let accounts: DemoAccount[];

beforeAll(async () => {
  // The run's demo, loaded once for the files that read it; this file's copy (tests/helpers/demo-db.ts).
  demo = await openDemoDatabase(inject('dbTemplate'), 'offers-demo');
  database = demo.database;
  dataDir = demo.dataDir;
  accounts = demo.accounts;
  app = await buildApp({
    config: { ...loadConfig({}), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    db: database.db,
    jwtSecret: 'x'.repeat(48),
  });
  await app.ready();
}, 900_000);

afterAll(async () => {
  await app?.close();
  await demo?.close();
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  app.inject({ method, url: `${API_BASE}/${url}`, headers: { authorization: `Bearer ${token}` }, payload });

async function signin(a: DemoAccount): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/campus-auth/signin`,
    payload: { username: a.userName, password: a.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { accessToken: string }).accessToken;
}

const dossierOf = (ine: string) =>
  one<{
    idDossier: number;
    idSessionCenou: number;
    idDirection: number;
    statut: string;
    liste: string | null;
    rang: number | null;
    reponse: string | null;
  }>(
    database.db,
    sql`SELECT d.id_dossier AS "idDossier", d.id_session_cenou AS "idSessionCenou", d.id_direction AS "idDirection",
          d.statut_dossier AS statut, d.liste_deliberation AS liste, d.rang, d.reponse
        FROM dossier d JOIN users u ON u.id = d.id_user
        JOIN session_cenou s ON s.id_session_cenou = d.id_session_cenou AND s.statut_session = 'OUVERT'
        WHERE u.user_name = ${ine} AND d.deleted_at IS NULL`,
  );

describe('the demo: a renouncement in Koudougou promotes the first of the waiting list', () => {
  it('finds it published, renounces as the admitted one, promotes the waiting one with an offer and a mail', async () => {
    const student = (part: string) =>
      accounts.find((a) => a.role === ETUDIANT && a.description.includes(part))!;
    const admis = student('admissible');
    const attente = student("liste d'attente");
    const manager = await signin(accounts.find((a) => a.userName === 'gestionnaire.koudougou')!);
    const before = (await dossierOf(admis.userName))!;

    // Published already, its offers answered: a second publication is refused.
    const again = await call('POST', 'campus/deliberation', manager, {
      idSessionCenou: before.idSessionCenou,
      idDirection: before.idDirection,
      seed: KDG_RANKING_SEED,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(await dossierOf(admis.userName)).toMatchObject({
      statut: 'ADMIS',
      liste: 'NATIONAUX',
      reponse: 'EN_ATTENTE',
    });
    // The first of the waiting list who may take a NATIONAUX place (foreigners may wait before him).
    const rangAttente = Number(/rang (\d+) sur la liste/.exec(attente.description)![1]);
    expect(await dossierOf(attente.userName)).toMatchObject({ statut: 'LISTE_ATTENTE', rang: rangAttente });
    const lastNational = (await one<{ rang: number }>(
      database.db,
      sql`SELECT max(rang)::int AS rang FROM dossier
          WHERE id_session_cenou = ${before.idSessionCenou} AND liste_deliberation = 'NATIONAUX'
            AND statut_dossier <> 'LISTE_ATTENTE'`,
    ))!.rang;

    const bearer = await signin(admis);
    const res = await call('POST', `campus/dossier/${before.idDossier}/reponse`, bearer, {
      reponse: 'REFUSE',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statutDossier: 'DESISTE', reponse: 'REFUSE' });

    const promoted = (await dossierOf(attente.userName))!;
    expect(promoted).toMatchObject({
      statut: 'ADMIS',
      liste: 'NATIONAUX',
      rang: lastNational + 1,
      reponse: 'EN_ATTENTE',
    });
    const mail = await one<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM outbox_mail m JOIN users u ON u.email = m.recipient
          WHERE m.kind = 'PROMOTION' AND u.user_name = ${attente.userName}`,
    );
    expect(mail!.n).toBe(1);

    // The promoted student sees it on its dashboard and in its history.
    const own = await signin(attente);
    const result = await call('GET', `campus/dossier/${promoted.idDossier}/resultat`, own);
    expect(result.json()).toMatchObject({ statutDossier: 'ADMIS', reponse: 'EN_ATTENTE' });
    expect(result.json().dateLimiteReponse).toMatch(/Z$/);
    const hist = await call('GET', `campus/dossier/${promoted.idDossier}/historique`, own);
    // From its deposit (the demo's dossiers get their events back from their rows, decision 039).
    const events = (hist.json() as { evenement: string }[]).map((e) => e.evenement);
    expect(events[0]).toBe('DEPOT');
    expect(events.slice(-3)).toEqual(['PUBLICATION', 'PROMOTION', 'OFFRE']);
  }, 60_000);
});
