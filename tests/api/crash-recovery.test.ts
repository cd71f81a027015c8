import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config/env';
import { openDatabase, rows, type Database } from '../../src/server/db/client';
import { DatabaseStorage } from '../../src/server/files/database-storage';
import { DirectoryStorage, type DocumentStorage } from '../../src/server/files/storage';
import { sweepProofs } from '../../src/server/modules/dossier/files';
import { runUploadCleanup } from '../../src/server/modules/televersement/job';
import type { TestContext } from '../helpers/app';
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
import { TestSmtpServer } from '../helpers/mail';
import { describeOnPostgres } from '../helpers/postgres';
import { freePort } from '../helpers/redis';
import { Fixtures } from '../helpers/resources';
import { buildServer, ServerProcess } from '../helpers/server-process';
import { PATIENCE_MS } from '../helpers/wait';

/**
 * An instance killed (SIGKILL) in the middle of its work (docs/operations.md#faults, decision 025): the built
 * server on PostgreSQL, with each document store, takes concurrent deposits (proofs sent in the
 * JSON, or as finished resumable uploads), tus uploads and the receipts' mails to a real SMTP
 * server, and is killed when a random answer arrives, a few rounds; restarted each time. Then: no
 * half dossier, every document named by a row once the sweeps ran (what they remove is listed),
 * every queued mail received, each by its own id, and twice at most for a mail in flight at a kill.
 */
const ADMIN_PASSWORD = 'Admin-panne-2026';
const ROUNDS = 3;
const STUDENTS_PER_ROUND = 8;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

beforeAll(() => buildServer(), 4 * PATIENCE_MS);

for (const store of ['directory', 'database'] as const) {
  describeOnPostgres(`an instance killed mid-work (PostgreSQL, DOCUMENTS_STORE=${store})`, () => {
    let copy: Awaited<ReturnType<typeof copyTemplate>>;
    let dataDir: string;
    let database: Database;
    let smtp: TestSmtpServer;
    let server: ServerProcess;
    let t: TestContext;
    let c: Criteria;
    let pdf: Buffer;
    let storage: DocumentStorage;
    let students = 0;

    beforeAll(async () => {
      copy = await copyTemplate(inject('dbTemplate'));
      dataDir = mkdtempSync(path.join(tmpdir(), `cenou-crash-${store}-`));
      database = await openDatabase({ databaseUrl: copy.url, poolSize: 3, listen: false });
      smtp = new TestSmtpServer();
      await smtp.start();
      server = new ServerProcess(await freePort(), {
        DATABASE_URL: copy.url,
        DATA_DIR: dataDir,
        DOCUMENTS_STORE: store,
        ADMIN_PASSWORD,
        DEMO_DATA: '0',
        SMTP_URL: smtp.url,
        QUEUE_INTERVAL_MS: '100',
        SMS_ANSWERS_INTERVAL_MS: '100',
        REDIS_URL: '',
      });
      await server.start();
      let adminToken: string | undefined;
      const config = { ...loadConfig({ DOCUMENTS_STORE: store }), DATA_DIR: dataDir };
      t = {
        database,
        config,
        dataDir,
        api: (method: string, url: string, opts?: { token?: string | null; body?: unknown }) =>
          server.api(method, url, {
            token: opts?.token ?? undefined,
            body: opts?.body,
          }) as unknown as Promise<LightMyRequestResponse>,
        token: async () => {
          if (!adminToken) {
            const res = await server.api('POST', 'campus-auth/signin', {
              body: { username: 'admin', password: ADMIN_PASSWORD },
            });
            adminToken = (res.json() as { accessToken: string }).accessToken;
          }
          return adminToken;
        },
      } as unknown as TestContext;
      const f = await Fixtures.create(t);
      c = await makeCriteria(f);
      pdf = await realPdf('Pièce après panne');
      await makeCite(f, 'Ouagadougou');
      await makeSession(t, f, 'OUA');
      storage =
        store === 'database'
          ? new DatabaseStorage(database.db)
          : new DirectoryStorage(path.join(dataDir, 'documents'));
    }, 4 * PATIENCE_MS);

    afterAll(async () => {
      await server?.stop('SIGKILL');
      await smtp?.stop();
      await database?.close();
      await copy?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    const student = () =>
      studentAccount(t, {
        ine: `K${store[0].toUpperCase()}${String(++students).padStart(8, '0')}`,
        ville: 'Ouagadougou',
        sigle: 'OUA',
      });

    /** One student's work: a deposit with its proofs in the JSON, or after a tus upload of one. */
    async function work(token: string, viaUpload: boolean, answered: () => void) {
      const call = async (...args: Parameters<ServerProcess['api']>) => {
        const res = await server.api(...args);
        answered();
        return res;
      };
      let first: Record<string, unknown> = {
        idTypeCritere: c.typeA,
        idCritere: c.a1,
        nomFichier: 'a.pdf',
        fichier: pdf.toString('base64'),
      };
      if (viaUpload) {
        const created = await call('POST', 'campus/televersement', {
          token,
          headers: {
            ...TUS,
            'upload-length': String(pdf.length),
            'upload-metadata': `filename ${b64('a.pdf')},idTypeCritere ${b64(String(c.typeA))}`,
          },
        });
        if (created.statusCode !== 201) return;
        const id = created.headers.location.split('/').pop()!;
        const half = Math.floor(pdf.length / 2);
        for (const [offset, bytes] of [
          [0, pdf.subarray(0, half)],
          [half, pdf.subarray(half)],
        ] as const) {
          const res = await call('PATCH', `campus/televersement/${id}`, {
            token,
            headers: {
              ...TUS,
              'content-type': 'application/offset+octet-stream',
              'upload-offset': String(offset),
            },
            raw: Buffer.from(bytes),
          });
          if (res.statusCode !== 204) return;
        }
        first = { idTypeCritere: c.typeA, idCritere: c.a1, televersement: id };
      }
      await call('PUT', 'campus/dossier', {
        token,
        body: {
          listeDossierCritere: [
            first,
            { idTypeCritere: c.typeC, idCritere: c.c1, nomFichier: 'c.pdf', fichier: pdf.toString('base64') },
          ],
        },
      });
    }

    it(
      `keeps every dossier whole, no document orphaned once swept, every mail sent (${store})`,
      async () => {
        let kills = 0;
        for (let round = 0; round < ROUNDS; round++) {
          const tokens = [];
          for (let i = 0; i < STUDENTS_PER_ROUND; i++) tokens.push((await student()).token);
          // Killed when a random answer arrives: the other calls are then at any point of their work.
          let answers = 0;
          const killAt = 2 + Math.floor(Math.random() * STUDENTS_PER_ROUND * 2);
          let killing: Promise<void> | undefined;
          const answered = () => {
            answers += 1;
            if (answers === killAt && !killing) killing = server.stop('SIGKILL');
          };
          await Promise.all(
            tokens.map((token, i) => work(token, i % 2 === 1, answered).catch(() => undefined)),
          );
          await (killing ?? server.stop('SIGKILL'));
          kills += 1;
          await server.start();
        }

        // One more round after the last restart, so that the server is seen working again.
        const after = await student();
        await work(after.token, true, () => undefined);
        const mine = await rows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM dossier WHERE id_user = ${after.idUser}`,
        );
        expect(mine[0].n).toBe(1);

        // No half dossier: two entries each, each proof stored (placed, or staged until the sweep
        // or a read moves it), its receipt queued with it.
        const dossiers = await rows<{ id: number; entries: number; keys: string[] }>(
          database.db,
          sql`SELECT d.id_dossier AS id, count(dc.*)::int AS entries,
                coalesce(array_agg(dc.cle_fichier) FILTER (WHERE dc.cle_fichier IS NOT NULL), '{}') AS keys
              FROM dossier d LEFT JOIN dossier_critere dc ON dc.id_dossier = d.id_dossier
              GROUP BY d.id_dossier`,
        );
        expect(dossiers.length).toBeGreaterThan(0);
        const before = new Set(await storedFiles(t));
        for (const d of dossiers) {
          expect(d.entries, `dossier ${d.id}`).toBe(2);
          expect(d.keys).toHaveLength(2);
          for (const key of d.keys)
            expect(before.has(key) || before.has(key.replace(/^dossier\//, 'pending/')), key).toBe(true);
        }
        const receipts = await rows<{ id: number }>(
          database.db,
          sql`SELECT id FROM outbox_mail WHERE recipient LIKE ${`k${store[0]}%@exemple.bf`} ORDER BY id`,
        );
        expect(receipts).toHaveLength(dossiers.length);

        // Mails: the killed instance's claims wait for their lease (two minutes); moved to now, as
        // the lease's end would. Then every queued mail reaches the SMTP server, by its own id.
        await server.stop('SIGTERM');
        await database.db.execute(sql`UPDATE outbox_mail SET next_attempt_at = now() WHERE sent_at IS NULL`);
        await server.start();
        await vi.waitUntil(
          async () =>
            (
              await rows<{ n: number }>(
                database.db,
                sql`SELECT count(*)::int AS n FROM outbox_mail WHERE sent_at IS NULL`,
              )
            )[0].n === 0,
          { timeout: PATIENCE_MS, interval: 200 },
        );
        const received = new Map<string, number>();
        for (const m of smtp.received) received.set(m.messageId, (received.get(m.messageId) ?? 0) + 1);
        for (const r of receipts)
          expect(received.get(`<outbox-${r.id}@cenou.bf>`), `mail ${r.id}`).toBeGreaterThan(0);
        // A mail handed to the SMTP server just before a kill, not yet marked sent, goes again
        // (the same Message-ID): at most one a kill (the worker sends one at a time).
        const twice = [...received.values()].filter((n) => n > 1).length;
        expect(twice).toBeLessThanOrEqual(kills);
        expect([...received.values()].every((n) => n <= 2)).toBe(true);
        await server.stop('SIGTERM');

        // Orphans: what the killed instances left, then the sweeps (the hourly proof sweep, the
        // uploads job) with no age limit, the server being stopped.
        const named = async () => {
          const keys = await rows<{ cle: string }>(
            database.db,
            sql`SELECT cle_fichier AS cle FROM dossier_critere WHERE cle_fichier IS NOT NULL
                UNION SELECT cle FROM televersement_partie`,
          );
          return new Set(keys.map((k) => k.cle));
        };
        const refs = await named();
        const leftover = (await storedFiles(t)).filter((k) => !refs.has(k));
        // Only what the sweeps are for: staged proofs, upload parts no row names, interrupted writes.
        for (const key of leftover)
          expect(key).toMatch(/^(pending|televersement|dossier)\/[0-9a-f-]{36}(\.tmp)?$/);
        const byKind = (keys: string[]) =>
          Object.entries(
            keys.reduce<Record<string, number>>((acc, k) => {
              const kind = `${k.split('/')[0]}${k.endsWith('.tmp') ? ' (.tmp)' : ''}`;
              acc[kind] = (acc[kind] ?? 0) + 1;
              return acc;
            }, {}),
          )
            .map(([kind, n]) => `${kind}: ${n}`)
            .join(', ') || 'rien';
        console.log(
          `${store} : ${kills} arrêts brutaux, ${dossiers.length} dossiers, ${receipts.length} reçus, ` +
            `${twice} envoyé(s) deux fois, laissé pour les balayages : ${byKind(leftover)}`,
        );
        await sweepProofs(database.db, storage, { olderThanMs: 0 });
        await runUploadCleanup(database.db, storage, { orphanAgeMs: 0 });
        const stored = await storedFiles(t);
        expect(stored).toEqual([...(await named())].sort());
        // Every proof opens whole.
        for (const d of dossiers)
          for (const key of d.keys) {
            const { stream, size } = await storage.open(key);
            let n = 0;
            for await (const chunk of stream) n += (chunk as Buffer).length;
            expect(n).toBe(size);
            expect(size).toBe(pdf.length);
          }
        await server.start();
      },
      20 * PATIENCE_MS,
    );
  });
}
