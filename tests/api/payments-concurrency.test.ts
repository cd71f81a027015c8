/**
 * Exactly once on PostgreSQL (docs/payments.md#recorded-once): two instances of the
 * server on one database, the simulator answering, 20 deliveries of each payment's signed webhook
 * at once, spread over both instances — each payment recorded once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, rows, type Database } from '../../src/server/db/client';
import { journalRecorder, type PaymentRecorder } from '../../src/server/modules/payments/recorder';
import { NOTIFICATION_PATH } from '../../src/server/modules/payments/routes';
import { paymentSecrets } from '../../src/server/payments';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  eventBody,
  housedStudents,
  paymentOperators,
  signedHeaders,
  studentToken,
  type PaymentOperators,
} from '../helpers/payments';
import { describeOnPostgres } from '../helpers/postgres';

const JWT = 'x'.repeat(48);
/** Calls of the recorder per reference, over both instances (one process). */
const recorded = new Map<string, number>();
const counting: PaymentRecorder = {
  async recordSuccess(tx, payment, links, via) {
    recorded.set(payment.referencePaiement, (recorded.get(payment.referencePaiement) ?? 0) + 1);
    await journalRecorder.recordSuccess(tx, payment, links, via);
  },
};

describeOnPostgres('mobile money on two instances (PostgreSQL)', () => {
  let t: TestContext;
  let other: { app: FastifyInstance; database: Database };
  let ops: PaymentOperators;

  beforeAll(async () => {
    t = await setupTestApp({}, { payments: { recorder: counting } });
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const database = await openDatabase({ databaseUrl: url, poolSize: 5, listen: false });
    const app = await buildApp({
      config: t.config,
      db: database.db,
      jwtSecret: JWT,
      payments: { recorder: counting },
    });
    await app.ready();
    other = { app, database };
    ops = await paymentOperators(t.database.db);
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
    await t?.close();
  });

  it('20 concurrent deliveries of each webhook, over both instances: each payment recorded once', async () => {
    const students = await housedStudents(t.database.db, 12);
    const apps = [t.app, other.app];
    // Half succeed (…0), half fail (…1), asked through either instance.
    const payments = await Promise.all(
      students.map(async (s, i) => {
        const app = apps[i % 2];
        const res = await app.inject({
          method: 'POST',
          url: '/service/api/hebergement-cenou/campus/paiement',
          headers: { authorization: `Bearer ${studentToken(app, s)}` },
          payload: {
            idAffectation: s.idAffectation,
            montant: 7500,
            idOperateur: ops.orange,
            telephone: `7000001${i % 2}`,
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        return { ref: res.json().referencePaiement as string, ok: i % 2 === 0 };
      }),
    );
    const ids = await rows<{ ref: string; id: string }>(
      t.database.db,
      sql`SELECT reference_paiement AS ref, id_transaction_fournisseur AS id FROM paiement`,
    );
    const { secret } = paymentSecrets(t.config, JWT);
    const deliveries = payments.flatMap((p, i) => {
      const id = ids.find((x) => x.ref === p.ref)!.id;
      // The same event as the provider would send it, and reordered: some "approved" for a failed one.
      return Array.from({ length: 20 }, (_, k) => {
        const body = eventBody(id, (k % 3 === 0) !== p.ok ? 'approved' : 'declined', p.ref);
        return () =>
          apps[(i + k) % 2].inject({
            method: 'POST',
            url: NOTIFICATION_PATH,
            payload: body,
            headers: signedHeaders(body, secret),
          });
      });
    });
    const answers = await Promise.all(deliveries.map((d) => d()));
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const after = await rows<{ ref: string; statut: string }>(
      t.database.db,
      sql`SELECT reference_paiement AS ref, statut FROM paiement`,
    );
    for (const p of payments) {
      expect(after.find((x) => x.ref === p.ref)!.statut).toBe(p.ok ? 'REUSSI' : 'ECHOUE');
      expect(recorded.get(p.ref) ?? 0).toBe(p.ok ? 1 : 0);
    }
    // The simulator's own webhooks, sent by both instances' jobs at once, change nothing more.
    await t.database.db.execute(sql`UPDATE simulateur_transaction SET webhook_next_at = now()`);
    const sent = await Promise.all([
      t.app.paymentSimulator!.runOnce(),
      other.app.paymentSimulator!.runOnce(),
    ]);
    expect(sent[0] + sent[1]).toBe(12);
    for (const p of payments) expect(recorded.get(p.ref) ?? 0).toBe(p.ok ? 1 : 0);
  });

  it('the pending job on both instances at once asks about each payment once', async () => {
    const students = await housedStudents(t.database.db, 6);
    for (const s of students) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/service/api/hebergement-cenou/campus/paiement',
        headers: { authorization: `Bearer ${studentToken(t.app, s)}` },
        payload: {
          idAffectation: s.idAffectation,
          montant: 7500,
          idOperateur: ops.moov,
          telephone: '70000012',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.database.db.execute(
      sql`UPDATE paiement SET created_at = created_at - interval '31 minutes' WHERE statut = 'EN_ATTENTE'`,
    );
    await t.database.db.execute(
      sql`UPDATE simulateur_transaction SET sent_at = sent_at - interval '31 minutes' WHERE status = 'pending'`,
    );
    const { checkPendingPayments } = await import('../../src/server/modules/payments/service');
    const [a, b] = await Promise.all([
      checkPendingPayments(t.database.db, t.app.payments),
      checkPendingPayments(other.database.db, other.app.payments),
    ]);
    expect(a.asked + b.asked).toBe(6);
    expect(a.settled + b.settled).toBe(6);
    const left = await rows(t.database.db, sql`SELECT 1 FROM paiement WHERE statut = 'EN_ATTENTE'`);
    expect(left).toEqual([]);
  });
});
