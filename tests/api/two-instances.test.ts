import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import type { DossierDetail } from '../../src/domain/schemas/dossier';
import { rows } from '../../src/server/db/client';
import { Deployment, freePort } from '../../scripts/deploy/cluster';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  deliberationSession,
  insertAdmitted,
  insertCite,
  type Admitted,
  type MadeCite,
} from '../helpers/assignment';
import {
  makeCite,
  makeCriteria,
  makeSession,
  pdfOfSize,
  studentAccount,
  type Criteria,
} from '../helpers/dossier';
import { TestSmtpServer } from '../helpers/mail';
import { describeBehindHaproxy } from '../helpers/haproxy';
import { Fixtures } from '../helpers/resources';
import { PATIENCE_MS } from '../helpers/wait';

/**
 * One season's work spread over two instances behind HAProxy, on one PostgreSQL (issue 23,
 * docs/operations.md): nothing an instance keeps in its memory may matter. The built server twice
 * (`scripts/deploy/cluster.ts`, as `npm run deploy:local` starts it), the fixtures written through
 * an in-process app on the same database (same signing key, so its tokens hold on both), a real
 * SMTP server. Each step names the instance it goes through; the rest goes through HAProxy. Once
 * with the documents in the database, once in a folder both instances share.
 */

const SECRET = 'x'.repeat(48);
const MAX_FAILURES = 4;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

for (const store of ['database', 'directory'] as const) {
  describeBehindHaproxy(`two instances behind HAProxy, documents in the ${store} (PostgreSQL)`, () => {
    let t: TestContext;
    let d: Deployment;
    let runDir: string;
    let c: Criteria;
    const smtp = new TestSmtpServer();
    let one: string;
    let two: string;
    let ine = 0;

    beforeAll(async () => {
      execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
      t = await setupTestApp();
      const f = await Fixtures.create(t);
      c = await makeCriteria(f);
      await makeCite(f, 'Ouagadougou');
      await makeSession(t, f, 'OUA');
      await smtp.start();
      runDir = mkdtempSync(path.join(tmpdir(), 'cenou-deux-instances-'));
      // The in-process app's key: the tokens of `t` hold on both instances.
      writeFileSync(path.join(runDir, 'jwt-secret'), SECRET, { mode: 0o600 });
      const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
        .options.connectionString;
      d = new Deployment({
        runDir,
        instances: 2,
        databaseUrl: url,
        host: '127.0.0.1',
        port: await freePort(),
        env: {
          DEMO_DATA: '0',
          DOCUMENTS_STORE: store,
          // The directory store is shared by instances on shared storage: one folder for both.
          ...(store === 'directory' ? { DATA_DIR: path.join(runDir, 'partage') } : {}),
          SMTP_URL: smtp.url,
          QUEUE_INTERVAL_MS: '200',
          SMS_ANSWERS_INTERVAL_MS: '200',
          SIGNIN_MAX_FAILURES: String(MAX_FAILURES),
          PUBLIC_RATE_PER_MINUTE: '1000000',
          REDIS_URL: undefined,
          LOG_LEVEL: 'warn',
        },
        startLimitMs: 3 * PATIENCE_MS,
      });
      await d.start();
      one = `http://127.0.0.1:${d.instances[0].port}`;
      two = `http://127.0.0.1:${d.instances[1].port}`;
    }, 8 * PATIENCE_MS);

    afterAll(async () => {
      await d?.stop(10_000);
      await smtp.stop();
      await t?.close();
      if (runDir) rmSync(runDir, { recursive: true, force: true });
    }, 2 * PATIENCE_MS);

    const call = (base: string, p: string, init: RequestInit & { token?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      if (typeof init.body === 'string') headers.set('content-type', 'application/json');
      return fetch(`${base}${API_BASE}/${p}`, { ...init, headers });
    };
    const signin = async (base: string, username: string, password: string) =>
      call(base, 'campus-auth/signin', { method: 'POST', body: JSON.stringify({ username, password }) });

    /** A student of the registry with an account (written in-process), signed in through `base`. */
    async function student(base: string) {
      const password = 'Etudiant-2026-deux';
      const s = await studentAccount(t, {
        ine: `DI${store === 'database' ? 'B' : 'D'}${String((ine += 1)).padStart(7, '0')}`,
        ville: 'Ouagadougou',
        sigle: 'OUA',
        password,
      });
      const userName = (
        await rows<{ u: string }>(t.database.db, sql`SELECT user_name AS u FROM users WHERE id = ${s.idUser}`)
      )[0].u;
      const res = await signin(base, userName, password);
      expect(res.status, await res.clone().text()).toBe(200);
      return { ...s, userName, password, token: ((await res.json()) as { accessToken: string }).accessToken };
    }

    it('a student signs in through one, uploads through both (tus resumed on the other), deposits through the other; each serves the proofs', async () => {
      const s = await student(one);
      const proof = pdfOfSize(300_000);
      // The first proof begun on instance 1, its offset asked of instance 2, finished there.
      const created = await fetch(`${one}${API_BASE}/campus/televersement`, {
        method: 'POST',
        headers: {
          ...TUS,
          authorization: `Bearer ${s.token}`,
          'upload-length': String(proof.length),
          'upload-metadata': `filename ${b64('acte.pdf')},idTypeCritere ${b64(String(c.typeA))}`,
        },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const idA = created.headers.get('location')!.split('/').pop()!;
      const patch = (base: string, id: string, offset: number, bytes: Buffer) =>
        fetch(`${base}${API_BASE}/campus/televersement/${id}`, {
          method: 'PATCH',
          headers: {
            ...TUS,
            authorization: `Bearer ${s.token}`,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: new Uint8Array(bytes),
        });
      const half = 131_072;
      expect((await patch(one, idA, 0, proof.subarray(0, half))).status).toBe(204);
      const head = await fetch(`${two}${API_BASE}/campus/televersement/${idA}`, {
        method: 'HEAD',
        headers: { ...TUS, authorization: `Bearer ${s.token}` },
      });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(half));
      expect((await patch(two, idA, half, proof.subarray(half))).status).toBe(204);
      // The second proof through HAProxy, in one request.
      const other = pdfOfSize(40_000);
      const createdC = await fetch(`${d.url}${API_BASE}/campus/televersement`, {
        method: 'POST',
        headers: {
          ...TUS,
          authorization: `Bearer ${s.token}`,
          'upload-length': String(other.length),
          'upload-metadata': `filename ${b64('nationalite.pdf')},idTypeCritere ${b64(String(c.typeC))}`,
        },
      });
      expect(createdC.status).toBe(201);
      const idC = createdC.headers.get('location')!.split('/').pop()!;
      expect((await patch(d.url, idC, 0, other)).status).toBe(204);

      const deposit = await call(two, 'campus/dossier', {
        method: 'PUT',
        token: s.token,
        body: JSON.stringify({
          listeDossierCritere: [
            { idTypeCritere: c.typeA, idCritere: c.a1, televersement: idA },
            { idTypeCritere: c.typeC, idCritere: c.c1, televersement: idC },
          ],
        }),
      });
      expect(deposit.status, await deposit.clone().text()).toBe(201);
      const dossier = (await deposit.json()) as DossierDetail;
      const entryA = dossier.listeDossierCritere.find((e) => e.idTypeCritere === c.typeA)!;
      for (const base of [one, two]) {
        const res = await call(base, `campus/dossier/${dossier.idDossier}/${entryA.idDossierCritere}`, {
          token: s.token,
        });
        expect(res.status).toBe(200);
        expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), proof)).toBe(0);
      }
      // Sent again through the other instance (its answer lost): one dossier.
      const again = await call(one, 'campus/dossier', {
        method: 'PUT',
        token: s.token,
        body: JSON.stringify({
          listeDossierCritere: [
            { idTypeCritere: c.typeA, idCritere: c.a1, televersement: idA },
            { idTypeCritere: c.typeC, idCritere: c.c1, televersement: idC },
          ],
        }),
      });
      expect(again.status).toBe(409);
      const [{ n }] = await rows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM dossier WHERE id_user = ${s.idUser} AND deleted_at IS NULL`,
      );
      expect(n).toBe(1);
    });

    it('failed sign-ins are counted across both instances', async () => {
      const s = await student(one);
      for (let i = 0; i < MAX_FAILURES; i++) {
        const res = await signin(i % 2 ? two : one, s.userName, 'pas-le-bon-mot-de-passe');
        expect(res.status).toBe(401);
      }
      // The limit reached through both: the right password is refused on either.
      for (const base of [one, two]) expect((await signin(base, s.userName, s.password)).status).toBe(429);
    });

    it('assignments fired at both at once never give a bed twice', async () => {
      const db = t.database.db;
      const session = await deliberationSession(db, 'Bobo-Dioulasso');
      const cite: MadeCite = await insertCite(db, {
        ville: 'Bobo-Dioulasso',
        batiments: [
          { code: 'A', sexe: 'MIXTE', chambres: [1, 2, 3].map((n) => ({ code: `${n}`, lits: 2 })) },
        ],
      });
      const admitted: Admitted[] = [];
      for (let i = 0; i < 12; i++)
        admitted.push(
          await insertAdmitted(db, {
            idSessionCenou: session,
            sexe: 'F',
            rang: i + 1,
            ville: 'Bobo-Dioulasso',
          }),
        );
      const token = await t.token('admin');
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          call([one, two, d.url][i % 3], 'campus/affectation', {
            method: 'POST',
            token,
            body: JSON.stringify(
              i % 4 === 0
                ? { idSessionCenou: session, idCite: cite.idCite }
                : {
                    idSessionCenou: session,
                    idCite: cite.idCite,
                    etudiants: [admitted[i % 12].ine, admitted[(i * 5) % 12].ine],
                  },
            ),
          }).then(async (r) => ({ status: r.status, body: await r.text() })),
        ),
      );
      for (const a of answers) expect([200, 409], a.body).toContain(a.status);
      expect(answers.map((a) => a.status)).toContain(200);
      const twice = await rows<{ id: number }>(
        db,
        sql`SELECT id_lit AS id FROM affectation WHERE id_session_cenou = ${session} AND deleted_at IS NULL
            GROUP BY id_lit HAVING count(*) > 1
            UNION ALL
            SELECT id_dossier FROM affectation WHERE id_session_cenou = ${session} AND deleted_at IS NULL
            GROUP BY id_dossier HAVING count(*) > 1`,
      );
      expect(twice).toEqual([]);
      const [{ n }] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM affectation WHERE id_session_cenou = ${session} AND deleted_at IS NULL`,
      );
      expect(n).toBe(6);
    });

    it('every mail of the outbox is sent exactly once, by one instance or the other', async () => {
      const db = t.database.db;
      await expect
        .poll(
          async () =>
            (
              await rows<{ n: number }>(
                db,
                sql`SELECT count(*)::int AS n FROM outbox_mail WHERE sent_at IS NULL`,
              )
            )[0].n,
          { timeout: 4 * PATIENCE_MS, interval: 250 },
        )
        .toBe(0);
      const sent = await rows<{ recipient: string }>(
        db,
        sql`SELECT recipient FROM outbox_mail WHERE sent_at IS NOT NULL ORDER BY id`,
      );
      expect(sent.length).toBeGreaterThan(0);
      const byRecipient = (list: string[]) =>
        list.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r]: (acc[r] ?? 0) + 1 }), {});
      expect(byRecipient(smtp.received.map((m) => m.to.toLowerCase()))).toEqual(
        byRecipient(sent.map((m) => m.recipient.toLowerCase())),
      );
    });
  });
}
