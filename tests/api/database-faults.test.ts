import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, inject, it, vi } from 'vitest';
import { messages } from '../../src/domain/messages';
import { openDatabase, rows } from '../../src/server/db/client';
import { sweepProofs } from '../../src/server/modules/dossier/files';
import { setupTestApp, type TestContext } from '../helpers/app';
import { copyTemplate } from '../helpers/db';
import {
  makeCite,
  makeCriteria,
  makeSession,
  realPdf,
  storedFiles,
  studentAccount,
  type Criteria,
} from '../helpers/dossier';
import { describeOnPostgres } from '../helpers/postgres';
import { Fixtures, uniq } from '../helpers/resources';
import { TcpProxy } from '../helpers/tcp-proxy';
import { PATIENCE_MS, turns } from '../helpers/wait';

/**
 * A lost database never answers 500 (docs/decisions/025-database-faults.md): the app reaches
 * PostgreSQL through a TCP proxy the test cuts and restores, or kills under one statement, and its
 * backends are terminated under load. PostgreSQL only (PGlite has no connection to lose).
 */
describeOnPostgres('database faults (PostgreSQL)', () => {
  let copy: Awaited<ReturnType<typeof copyTemplate>>;
  let proxy: TcpProxy;
  let t: TestContext;
  let f: Fixtures;
  let token: string;
  let idDirection: number;
  let c: Criteria;
  let pdf: Buffer;
  /** A connection of the test's own, straight to the database (not through the proxy). */
  let check: pg.Client;
  let students = 0;

  const pool = () => (t.database.db as unknown as { $client: pg.Pool }).$client;
  const count = async (text: string, values: unknown[] = []) =>
    Number((await check.query<{ n: string }>(text, values)).rows[0].n);

  beforeAll(async () => {
    copy = await copyTemplate(inject('dbTemplate'));
    proxy = TcpProxy.to(copy.url);
    await proxy.start();
    const database = await openDatabase({ databaseUrl: proxy.url(copy.url), poolSize: 5 });
    t = await setupTestApp({}, { database });
    f = await Fixtures.create(t);
    token = await t.token('admin');
    idDirection = (await f.ouaga()).idDirection;
    c = await makeCriteria(f);
    pdf = await realPdf('Pièce');
    await makeCite(f, 'Ouagadougou');
    await makeSession(t, f, 'OUA');
    check = new pg.Client({ connectionString: copy.url });
    await check.connect();
  });
  // A failed test leaves the proxy open for the next.
  afterEach(() => proxy?.restore());
  afterAll(async () => {
    await proxy?.restore();
    await t?.close();
    await proxy?.stop();
    await check?.end();
    await copy?.drop();
  });

  const student = () =>
    studentAccount(t, {
      ine: `DF${String(++students).padStart(8, '0')}`,
      ville: 'Ouagadougou',
      sigle: 'OUA',
    });
  const deposit = (studentToken: string) =>
    t.api('PUT', 'campus/dossier', {
      token: studentToken,
      body: {
        listeDossierCritere: [
          { idTypeCritere: c.typeA, idCritere: c.a1, nomFichier: 'a.pdf', fichier: pdf.toString('base64') },
          { idTypeCritere: c.typeC, idCritere: c.c1, nomFichier: 'c.pdf', fichier: pdf.toString('base64') },
        ],
      },
    });
  const unavailable = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
    expect(res.statusCode, res.body).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  /** Every dossier whole: its two entries, each proof stored (under its final key, or still staged). */
  async function expectWholeDossiers() {
    const found = await rows<{ id: number; entries: number; keys: string[] }>(
      t.database.db,
      sql`SELECT d.id_dossier AS id, count(dc.*)::int AS entries,
            coalesce(array_agg(dc.cle_fichier) FILTER (WHERE dc.cle_fichier IS NOT NULL), '{}') AS keys
          FROM dossier d LEFT JOIN dossier_critere dc ON dc.id_dossier = d.id_dossier
          GROUP BY d.id_dossier`,
    );
    const stored = new Set(await storedFiles(t));
    for (const d of found) {
      expect(d.entries, `dossier ${d.id}`).toBe(2);
      for (const key of d.keys)
        expect(stored.has(key) || stored.has(key.replace(/^dossier\//, 'pending/')), key).toBe(true);
    }
    // The receipt of each deposit queued with it, and none of a deposit that was not committed.
    expect(await count(`SELECT count(*) AS n FROM outbox_mail WHERE recipient LIKE 'df%@exemple.bf'`)).toBe(
      found.length,
    );
    return found.length;
  }

  it('cut: reads and writes answer 503 with Retry-After and the French message, nothing written; restored: 200 again without a restart', async () => {
    const s = await student();
    expect((await t.api('GET', 'campus/ville', { token })).statusCode).toBe(200);
    const filesBefore = await storedFiles(t);
    const dossiersBefore = await count('SELECT count(*) AS n FROM dossier');

    await proxy.cut();
    for (const [method, url] of [
      ['GET', 'campus/ville'],
      ['GET', 'campus/direction'],
      ['HEAD', 'campus/ville'],
      ['GET', `campus/direction/${idDirection}`],
    ]) {
      const res = await t.api(method, url, { token });
      unavailable(res);
      if (method === 'GET')
        expect(res.json()).toEqual({ code: 'INDISPONIBLE', message: messages.erreurServiceIndisponible });
    }
    const nomVille = uniq('Ville coupée');
    const write = await t.api('POST', 'campus/ville', { token, body: { nomVille, idDirection } });
    unavailable(write);
    expect(write.json().message).toBe(messages.erreurServiceIndisponible);
    unavailable(await deposit(s.token));
    // The listening connection (decision 017) knows it is down.
    await vi.waitUntil(() => !t.database.notifications.live, { timeout: PATIENCE_MS });
    // The health check answers 503 too (the balancer takes the instance out; its own answer).
    expect((await t.api('GET', '/service/api/health')).statusCode).toBe(503);

    await proxy.restore();
    const again = await t.api('GET', 'campus/ville', { token });
    expect(again.statusCode, again.body).toBe(200);
    // Nothing of the cut writes: no ville, no dossier, no staged proof left behind.
    expect(await count('SELECT count(*) AS n FROM ville WHERE nom_ville = $1', [nomVille])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM dossier')).toBe(dossiersBefore);
    expect(await storedFiles(t)).toEqual(filesBefore);
    // Writes go through again, and the listening connection comes back by itself.
    expect((await t.api('POST', 'campus/ville', { token, body: { nomVille, idDirection } })).statusCode).toBe(
      201,
    );
    expect((await deposit(s.token)).statusCode).toBe(201);
    await vi.waitUntil(() => t.database.notifications.live, { timeout: PATIENCE_MS });
    expect((await t.api('GET', '/service/api/health')).statusCode).toBe(200);
    await expectWholeDossiers();
  });

  it('a read whose connection dies under it is answered by its retry on a new connection', async () => {
    // Fresh connections: the list's statement is then sent whole (a prepared one is sent by name).
    proxy.dropAll();
    await vi.waitUntil(() => pool().totalCount === 0, { timeout: PATIENCE_MS });
    let killed = false;
    void proxy.killWhen('ville').then(() => (killed = true));
    const res = await t.api('GET', 'campus/ville', { token });
    expect(killed).toBe(true);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { nomVille: string }[]).some((v) => v.nomVille === 'Ouagadougou')).toBe(true);
  });

  it('a write whose connection dies before COMMIT runs once more; one that dies at COMMIT answers 503 and is not run again', async () => {
    let killed = false;
    const before = uniq('Ville relancée');
    void proxy.killWhen('insert into "ville" (').then(() => (killed = true));
    const retried = await t.api('POST', 'campus/ville', { token, body: { nomVille: before, idDirection } });
    expect(killed).toBe(true);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await count('SELECT count(*) AS n FROM ville WHERE nom_ville = $1', [before])).toBe(1);

    killed = false;
    const atCommit = uniq('Ville à la validation');
    void proxy.killWhen('commit\u0000').then(() => (killed = true));
    const uncertain = await t.api('POST', 'campus/ville', {
      token,
      body: { nomVille: atCommit, idDirection },
    });
    expect(killed).toBe(true);
    unavailable(uncertain);
    // The COMMIT never reached the server here: nothing was written, and nothing ran twice.
    expect(await count('SELECT count(*) AS n FROM ville WHERE nom_ville = $1', [atCommit])).toBe(0);

    // A deposit whose COMMIT is lost: 503, its staged proofs kept for the sweep (not removed
    // under rows that might name them), then removed by it since nothing was committed.
    const s = await student();
    const filesBefore = await storedFiles(t);
    // The deposit's COMMIT: its first (the check for a second dossier, refuseSecondDossier, is one
    // statement outside a transaction).
    void proxy.killWhen('commit\u0000', { passing: 0 });
    unavailable(await deposit(s.token));
    const staged = (await storedFiles(t)).filter((k) => !filesBefore.includes(k));
    expect(staged).toHaveLength(2);
    expect(staged.every((k) => k.startsWith('pending/'))).toBe(true);
    await sweepProofs(t.database.db, t.app.storage, { olderThanMs: 0 });
    expect(await storedFiles(t)).toEqual(filesBefore.filter((k) => !k.startsWith('pending/')));
    expect((await deposit(s.token)).statusCode).toBe(201);
    await expectWholeDossiers();
  });

  it('backends terminated again and again under load: never a 500, nothing half-written, all answers again after', async () => {
    const studentsOf = await Promise.all(Array.from({ length: 12 }, () => student()));
    const statuses: number[] = [];
    const created: string[] = [];
    const refused: string[] = [];
    let next = 0;
    for (let round = 0; round < 6; round++) {
      const calls: Promise<void>[] = [];
      for (let i = 0; i < 4; i++) {
        calls.push(
          t.api('GET', 'campus/ville', { token }).then((r) => void statuses.push(r.statusCode)),
          t
            .api('GET', `campus/direction/${idDirection}`, { token })
            .then((r) => void statuses.push(r.statusCode)),
        );
        const nomVille = uniq('Ville chargée');
        calls.push(
          t.api('POST', 'campus/ville', { token, body: { nomVille, idDirection } }).then((r) => {
            statuses.push(r.statusCode);
            (r.statusCode === 201 ? created : refused).push(nomVille);
          }),
        );
      }
      const s = studentsOf[next++ % studentsOf.length];
      calls.push(deposit(s.token).then((r) => void statuses.push(r.statusCode)));
      // Every backend of the database but the test's own, while the calls are under way.
      await turns(round * 3);
      await check.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [copy.name],
      );
      await Promise.all(calls);
    }
    for (const status of statuses) expect([200, 201, 409, 503]).toContain(status);

    // Recovered without a restart: reads, writes, the listening connection.
    const res = await t.api('GET', 'campus/ville', { token });
    expect(res.statusCode).toBe(200);
    const last = uniq('Ville après');
    expect(
      (await t.api('POST', 'campus/ville', { token, body: { nomVille: last, idDirection } })).statusCode,
    ).toBe(201);
    await vi.waitUntil(() => t.database.notifications.live, { timeout: PATIENCE_MS });
    // Every connection given back to the pool: none lost with a failed BEGIN (db/client.ts).
    await vi.waitUntil(() => pool().totalCount === pool().idleCount, { timeout: PATIENCE_MS });
    // Every 201 is stored; a 503 may have been committed (its COMMIT sent) or not, never twice.
    for (const nomVille of created)
      expect(await count('SELECT count(*) AS n FROM ville WHERE nom_ville = $1', [nomVille])).toBe(1);
    for (const nomVille of refused)
      expect(
        await count('SELECT count(*) AS n FROM ville WHERE nom_ville = $1', [nomVille]),
      ).toBeLessThanOrEqual(1);
    await expectWholeDossiers();
    // The sweep puts the documents in line: every proof under its final key, no other file.
    await sweepProofs(t.database.db, t.app.storage, { olderThanMs: 0 });
    const named = await rows<{ cle: string }>(
      t.database.db,
      sql`SELECT cle_fichier AS cle FROM dossier_critere WHERE cle_fichier IS NOT NULL`,
    );
    expect(await storedFiles(t)).toEqual(named.map((n) => n.cle).sort());
  });
});
