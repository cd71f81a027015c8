/**
 * Mobile money (docs/payments.md): the student's payment, its status, the webhook
 * (signature, stale, replay, order, the provider's truth, unknown payments), the simulator's three
 * outcomes and the pending job. Two apps: one with the simulator (as the product runs without a
 * provider), one with a provider whose answers the tests set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { one, rows } from '../../src/server/db/client';
import type { PaymentRecorder } from '../../src/server/modules/payments/recorder';
import { journalRecorder } from '../../src/server/modules/payments/recorder';
import { NOTIFICATION_PATH } from '../../src/server/modules/payments/routes';
import { checkPendingPayments } from '../../src/server/modules/payments/service';
import { accountSums, journalCheck } from '../../src/server/modules/rent/repository';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  ControlledProvider,
  eventBody,
  housedStudents,
  paymentOperators,
  signedHeaders,
  type PaymentOperators,
  studentToken,
  type Housed,
} from '../helpers/payments';
import { expectCode, expectFieldError } from '../helpers/resources';
import { formatFcfa } from '../../src/domain/money';

const SECRET = 'wh_test_secret_0123456789';

/** The product's recorder (the journal), counting its calls per reference. */
const recorded = new Map<string, number>();
const countingRecorder: PaymentRecorder = {
  async recordSuccess(tx, payment, links, via) {
    recorded.set(payment.referencePaiement, (recorded.get(payment.referencePaiement) ?? 0) + 1);
    await journalRecorder.recordSuccess(tx, payment, links, via);
  },
};

let sim: TestContext;
let ctl: TestContext;
let provider: ControlledProvider;
let simStudents: Housed[];
let ctlStudents: Housed[];
/** Each app's operators (made in its database). */
const ops = new Map<TestContext, PaymentOperators>();

beforeAll(async () => {
  sim = await setupTestApp({}, { payments: { recorder: countingRecorder } });
  provider = new ControlledProvider(SECRET);
  ctl = await setupTestApp({}, { payments: { provider, recorder: countingRecorder } });
  ops.set(sim, await paymentOperators(sim.database.db));
  ops.set(ctl, await paymentOperators(ctl.database.db));
  simStudents = await housedStudents(sim.database.db, 4);
  ctlStudents = await housedStudents(ctl.database.db, 6);
});
afterAll(async () => {
  await sim?.close();
  await ctl?.close();
});

const pay = (t: TestContext, s: Housed, body: Record<string, unknown> = {}) =>
  t.api('POST', 'campus/paiement', {
    token: studentToken(t.app, s),
    body: {
      idAffectation: s.idAffectation,
      montant: 7500,
      idOperateur: ops.get(t)!.orange,
      telephone: '70 12 34 50',
      ...body,
    },
  });

const status = async (t: TestContext, s: Housed, ref: string) => {
  const res = await t.api('GET', `campus/paiement/${ref}`, { token: studentToken(t.app, s) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { statut: string; montant: number; libelleOperateur: string; telephone: string };
};

const notify = (t: TestContext, body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: NOTIFICATION_PATH, payload: body, headers });

const paymentRows = (t: TestContext) =>
  rows<{ reference: string; statut: string }>(
    t.database.db,
    sql`SELECT reference_paiement AS reference, statut FROM paiement ORDER BY id_paiement`,
  );

describe('POST campus/paiement', () => {
  it('asks the provider to debit the phone and answers 201 EN_ATTENTE', async () => {
    const s = ctlStudents[0];
    const res = await pay(ctl, s, {
      telephone: '+226 70 11 22 33',
      montant: 15000,
      idOperateur: ops.get(ctl)!.moov,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { referencePaiement: string; statut: string };
    expect(body.statut).toBe('EN_ATTENTE');
    expect(body.referencePaiement).toMatch(/^MM-\d{8}-[A-Z0-9]{8}$/);
    const debit = [...provider.debits.values()].find((d) => d.reference === body.referencePaiement)!;
    expect(debit).toMatchObject({ montant: 15000, telephone: '+22670112233', codeOperateur: 'MOOV_MONEY' });
    expect(await status(ctl, s, body.referencePaiement)).toMatchObject({
      statut: 'EN_ATTENTE',
      montant: 15000,
      libelleOperateur: 'Moov Money',
      telephone: '+22670112233',
    });
  });

  it('refuses bad input in French, naming the field, and writes nothing', async () => {
    const s = ctlStudents[0];
    const before = (await paymentRows(ctl)).length;
    expectFieldError(await pay(ctl, s, { telephone: '12' }), 'telephone', messages.paiementTelephoneInvalide);
    expectFieldError(await pay(ctl, s, { telephone: '+33 6 12 34 56 78' }), 'telephone');
    expectFieldError(await pay(ctl, s, { montant: 0 }), 'montant', messages.valeurStrictementPositive);
    expectFieldError(await pay(ctl, s, { montant: 12.5 }), 'montant', messages.valeurEntiere);
    expectFieldError(await pay(ctl, s, { montant: '7500' }), 'montant');
    expectFieldError(
      await pay(ctl, s, { idOperateur: ops.get(ctl)!.caisse }),
      'idOperateur',
      messages.paiementOperateurInconnu,
    );
    expectFieldError(
      await pay(ctl, s, { idAffectation: undefined }),
      'idAffectation',
      messages.champObligatoire,
    );
    expect((await paymentRows(ctl)).length).toBe(before);
  });

  it("another student's assignment is not found; staff cannot pay", async () => {
    const res = await pay(ctl, ctlStudents[0], { idAffectation: ctlStudents[1].idAffectation });
    expectCode(res, 404, 'INTROUVABLE');
    const staff = await ctl.api('POST', 'campus/paiement', {
      token: await ctl.token('cenou'),
      body: {
        idAffectation: ctlStudents[0].idAffectation,
        montant: 7500,
        idOperateur: ops.get(ctl)!.orange,
        telephone: '70123450',
      },
    });
    expectCode(staff, 403, 'INTERDIT');
  });

  it('the provider unreachable: 503 in French, the payment ECHOUE', async () => {
    provider.down = true;
    try {
      const res = await pay(ctl, ctlStudents[0]);
      expectCode(res, 503, 'INDISPONIBLE');
      expect(res.json().message).toBe(messages.paiementFournisseurIndisponible);
    } finally {
      provider.down = false;
    }
    expect((await paymentRows(ctl)).at(-1)!.statut).toBe('ECHOUE');
  });

  it('a payment is read by its owner and staff in scope, not by another student', async () => {
    const res = await pay(ctl, ctlStudents[2]);
    const ref = res.json().referencePaiement as string;
    expect(
      (await ctl.api('GET', `campus/paiement/${ref}`, { token: await ctl.token('cenou') })).statusCode,
    ).toBe(200);
    const other = await ctl.api('GET', `campus/paiement/${ref}`, {
      token: studentToken(ctl.app, ctlStudents[3]),
    });
    expectCode(other, 404, 'INTROUVABLE');
    expectCode(
      await ctl.api('GET', 'campus/paiement/MM-20260101-ZZZZZZZZ', { token: await ctl.token('cenou') }),
      404,
      'INTROUVABLE',
    );
    expectCode(
      await ctl.api('GET', 'campus/paiement/pas%20une%20ref', { token: await ctl.token('cenou') }),
      400,
      'VALIDATION',
    );
  });

  it('lists the mobile operators and says whether payments are simulated', async () => {
    const res = await sim.api('GET', 'campus/paiement/operateurs', {
      token: studentToken(sim.app, simStudents[0]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      operateurs: [
        { idOperateur: ops.get(sim)!.orange, libelleOperateur: 'Orange Money' },
        { idOperateur: ops.get(sim)!.moov, libelleOperateur: 'Moov Money' },
      ],
      simulation: true,
    });
    const ctlRes = await ctl.api('GET', 'campus/paiement/operateurs', {
      token: studentToken(ctl.app, ctlStudents[0]),
    });
    expect(ctlRes.json().simulation).toBe(false);
  });
});

/** A new payment through the controlled provider → its reference and the provider's transaction. */
async function newPayment(s = ctlStudents[4]) {
  const res = await pay(ctl, s);
  expect(res.statusCode, res.body).toBe(201);
  const ref = res.json().referencePaiement as string;
  const id = [...provider.debits.entries()].find(([, d]) => d.reference === ref)![0];
  return { ref, id, s };
}

describe('the webhook', () => {
  it('a wrong, missing or stale signature → 401 and nothing changes', async () => {
    const { ref, id, s } = await newPayment();
    provider.truth.set(id, { status: 'approved' });
    const body = eventBody(id, 'approved', ref);
    const calls = provider.statusCalls;
    const wrong = await notify(ctl, body, signedHeaders(body, 'another-secret'));
    expectCode(wrong, 401, 'NON_AUTHENTIFIE');
    expect(wrong.json().message).toBe(messages.notificationSignatureInvalide);
    expectCode(await notify(ctl, body, { 'content-type': 'application/json' }), 401, 'NON_AUTHENTIFIE');
    const now = Math.floor(Date.now() / 1000);
    expectCode(await notify(ctl, body, signedHeaders(body, SECRET, now - 301)), 401, 'NON_AUTHENTIFIE');
    expectCode(await notify(ctl, body, signedHeaders(body, SECRET, now + 301)), 401, 'NON_AUTHENTIFIE');
    // The body changed after signing (one byte).
    const signed = signedHeaders(body, SECRET);
    expectCode(await notify(ctl, body.replace('approved', 'approvee'), signed), 401, 'NON_AUTHENTIFIE');
    // The header's parts garbled.
    expectCode(await notify(ctl, body, { [Object.keys(signed)[1]]: 't=abc,s=00' }), 401, 'NON_AUTHENTIFIE');
    expect(provider.statusCalls).toBe(calls);
    expect((await status(ctl, s, ref)).statut).toBe('EN_ATTENTE');
    // Within the tolerance (299 s old): accepted, and recorded.
    const ok = await notify(ctl, body, signedHeaders(body, SECRET, now - 299));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await status(ctl, s, ref)).statut).toBe('REUSSI');
  });

  it('a good signature on a body that is no event → 400 in French', async () => {
    const body = '{"bonjour": true}';
    const res = await notify(ctl, body, signedHeaders(body, SECRET));
    expectCode(res, 400, 'VALIDATION');
    expect(res.json().message).toBe(messages.notificationIllisible);
  });

  it('a replayed notification records the payment once', async () => {
    const { ref, id, s } = await newPayment();
    provider.truth.set(id, { status: 'approved' });
    const body = eventBody(id, 'approved', ref);
    const headers = signedHeaders(body, SECRET);
    for (let i = 0; i < 5; i++) expect((await notify(ctl, body, headers)).statusCode).toBe(200);
    const all = await Promise.all(Array.from({ length: 10 }, () => notify(ctl, body, headers)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(recorded.get(ref)).toBe(1);
    expect((await status(ctl, s, ref)).statut).toBe('REUSSI');
  });

  it('a payment confirmed by the webhook posts one balanced PAIEMENT transaction and lowers the balance', async () => {
    const s = ctlStudents[3];
    const db = ctl.database.db;
    const before = await accountSums(db, s.idAffectation);
    expect(before.solde).toBe(s.owed.totalDu);
    const res = await pay(ctl, s, { montant: 15000, idOperateur: ops.get(ctl)!.moov });
    expect(res.statusCode, res.body).toBe(201);
    const ref = res.json().referencePaiement as string;
    const id = [...provider.debits.entries()].find(([, d]) => d.reference === ref)![0];
    provider.truth.set(id, { status: 'approved' });
    const body = eventBody(id, 'approved', ref);
    for (let i = 0; i < 3; i++)
      expect((await notify(ctl, body, signedHeaders(body, SECRET))).statusCode).toBe(200);
    const lines = await rows<{ nature: string; compte: string; debit: number; credit: number }>(
      db,
      sql`SELECT t.nature, l.compte, l.debit::int AS debit, l.credit::int AS credit
          FROM journal_transaction t JOIN journal_ligne l ON l.id_transaction = t.id_transaction
          WHERE t.reference_paiement = ${ref} ORDER BY l.id_ligne`,
    );
    expect(lines).toEqual([
      { nature: 'PAIEMENT', compte: `OPERATEUR:${ops.get(ctl)!.moov}`, debit: 15000, credit: 0 },
      { nature: 'PAIEMENT', compte: `ETUDIANT:${s.idAffectation}`, debit: 0, credit: 15000 },
    ]);
    const after = await accountSums(db, s.idAffectation);
    expect(after).toMatchObject({ paye: before.paye + 15000, solde: before.solde - 15000 });
    const check = await journalCheck(db);
    expect(check).toMatchObject({ ecart: 0, desequilibrees: 0 });
    // The payment points at its transaction; the student sees it on Mon loyer.
    const rent = await ctl.api('GET', 'campus/loyer/etudiant', { token: studentToken(ctl.app, s) });
    const mine = (
      rent.json() as { idAffectation: number; solde: number; paiements: { referencePaiement: string }[] }[]
    ).find((r) => r.idAffectation === s.idAffectation)!;
    expect(mine.solde).toBe(s.owed.totalDu - 15000);
    expect(mine.paiements.map((p) => p.referencePaiement)).toContain(ref);
    // One audit entry, as a cash payment has (three deliveries, one entry): by who started it (the
    // student's account, decision 141), naming the student, the amount, the operator, the number
    // debited, the receipt's reference and what confirmed it (the operator's notification).
    const entries = await rows<{ id: number; userId: number | null; userName: string | null }>(
      db,
      sql`SELECT id::int AS id, user_id AS "userId", user_name AS "userName" FROM audit_log
          WHERE action = 'PAYER_MOBILE_MONEY' AND resource = 'paiement' AND resource_id = ${ref}`,
    );
    const author = await one<{ idAuteur: number; userName: string; nom: string; prenom: string }>(
      db,
      sql`SELECT p.id_auteur AS "idAuteur", u.user_name AS "userName", u.nom, u.prenom
          FROM paiement p JOIN users u ON u.id = p.id_auteur WHERE p.reference_paiement = ${ref}`,
    );
    expect(author!.idAuteur).toBe(s.idUser);
    expect(entries).toEqual([{ id: expect.any(Number), userId: s.idUser, userName: author!.userName }]);
    const read = await ctl.api('GET', `campus/audit/${entries[0].id}`, { token: await ctl.token('admin') });
    expect(read.statusCode, read.body).toBe(200);
    const entry = read.json() as {
      resume: string;
      libelleObjet: string;
      libelleUtilisateur: string;
      detail: Record<string, unknown>;
    };
    expect(entry.detail).toMatchObject({
      montant: 15000,
      reference: ref,
      ine: s.ine,
      auteur: 'ETUDIANT',
      confirmation: 'NOTIFICATION',
    });
    expect(entry.libelleUtilisateur).toBe(`${author!.nom} ${author!.prenom} (INE ${author!.userName})`);
    expect(entry.resume.replace(/[\u00a0\u202f]/g, ' ')).toMatch(
      new RegExp(
        `^15 000 FCFA par Moov Money depuis le \\+226( \\d\\d){4} ; reçu ${ref}\\. Lancé par l’étudiant\\. Confirmé par la notification de l’opérateur\\.$`,
      ),
    );
    expect(entry.libelleObjet).toContain(s.ine);
  });

  it('the amount: at least one instalment or all that remains, never above it, pending payments counted', async () => {
    const [s] = await housedStudents(ctl.database.db, 1);
    /** 409 CONFLIT naming `montant` with the text. */
    const conflict = (res: Awaited<ReturnType<typeof pay>>, champ: string, text: string) => {
      expectCode(res, 409, 'CONFLIT');
      expect(res.json().errors).toEqual([{ champ, message: text }]);
    };
    conflict(
      await pay(ctl, s, { montant: 7499 }),
      'montant',
      fill(messages.paiementMontantMinimum, { minimum: formatFcfa(7500, { unit: true }) }),
    );
    conflict(
      await pay(ctl, s, { montant: s.owed.totalDu + 1 }),
      'montant',
      fill(messages.loyerMontantAuDelaDuSolde, { solde: formatFcfa(s.owed.totalDu, { unit: true }) }),
    );
    expect((await pay(ctl, s, { montant: s.owed.totalDu - 5000 })).statusCode).toBe(201);
    // 5,000 remain beyond the pending payment: less than a month, so exactly that.
    conflict(
      await pay(ctl, s, { montant: 4999 }),
      'montant',
      fill(messages.paiementMontantMinimum, { minimum: formatFcfa(5000, { unit: true }) }),
    );
    expect((await pay(ctl, s, { montant: 5000 })).statusCode).toBe(201);
    conflict(
      await pay(ctl, s, { montant: 5000 }),
      'montant',
      fill(messages.paiementDejaEnCours, { montant: formatFcfa(s.owed.totalDu, { unit: true }) }),
    );
    // Nothing owed (a free room): refused.
    const free = (await housedStudents(ctl.database.db, 1, 0))[0];
    conflict(await pay(ctl, free, { montant: 7500 }), 'montant', messages.loyerRienARegler);
  });

  it('out of order: a late failure after a success, a success after a failure — the provider decides', async () => {
    // Success first, then a stale "declined": stays REUSSI, recorded once.
    const a = await newPayment();
    provider.truth.set(a.id, { status: 'approved' });
    const ok = eventBody(a.id, 'approved', a.ref);
    const ko = eventBody(a.id, 'declined', a.ref);
    expect((await notify(ctl, ok, signedHeaders(ok, SECRET))).statusCode).toBe(200);
    expect((await notify(ctl, ko, signedHeaders(ko, SECRET))).statusCode).toBe(200);
    expect((await status(ctl, a.s, a.ref)).statut).toBe('REUSSI');
    expect(recorded.get(a.ref)).toBe(1);

    // "declined" arriving first while the provider already says approved: recorded as REUSSI;
    // the "approved" that follows changes nothing.
    const b = await newPayment();
    provider.truth.set(b.id, { status: 'approved' });
    const bKo = eventBody(b.id, 'declined', b.ref);
    const bOk = eventBody(b.id, 'approved', b.ref);
    expect((await notify(ctl, bKo, signedHeaders(bKo, SECRET))).statusCode).toBe(200);
    expect((await status(ctl, b.s, b.ref)).statut).toBe('REUSSI');
    expect((await notify(ctl, bOk, signedHeaders(bOk, SECRET))).statusCode).toBe(200);
    expect(recorded.get(b.ref)).toBe(1);

    // A failure, then a late "approved" the provider does not confirm: stays ECHOUE.
    const c = await newPayment();
    provider.truth.set(c.id, { status: 'declined' });
    const cKo = eventBody(c.id, 'declined', c.ref);
    const cOk = eventBody(c.id, 'approved', c.ref);
    expect((await notify(ctl, cKo, signedHeaders(cKo, SECRET))).statusCode).toBe(200);
    expect((await status(ctl, c.s, c.ref)).statut).toBe('ECHOUE');
    expect((await notify(ctl, cOk, signedHeaders(cOk, SECRET))).statusCode).toBe(200);
    expect((await status(ctl, c.s, c.ref)).statut).toBe('ECHOUE');
    expect(recorded.get(c.ref)).toBeUndefined();
  });

  it("the provider's status disagreeing with the notification: the provider wins", async () => {
    // Says approved, the provider says pending: nothing recorded; then declined: ECHOUE.
    const a = await newPayment();
    const body = eventBody(a.id, 'approved', a.ref);
    expect((await notify(ctl, body, signedHeaders(body, SECRET))).statusCode).toBe(200);
    expect((await status(ctl, a.s, a.ref)).statut).toBe('EN_ATTENTE');
    provider.truth.set(a.id, { status: 'declined' });
    expect((await notify(ctl, body, signedHeaders(body, SECRET))).statusCode).toBe(200);
    expect((await status(ctl, a.s, a.ref)).statut).toBe('ECHOUE');
    expect(recorded.get(a.ref)).toBeUndefined();

    // Approved, but for another amount, or for another reference: not recorded.
    const b = await newPayment();
    provider.truth.set(b.id, { status: 'approved', montant: 100 });
    const bBody = eventBody(b.id, 'approved', b.ref);
    expect((await notify(ctl, bBody, signedHeaders(bBody, SECRET))).statusCode).toBe(200);
    expect((await status(ctl, b.s, b.ref)).statut).toBe('EN_ATTENTE');
    provider.truth.set(b.id, { status: 'approved', reference: 'MM-20260101-AUTREREF' });
    expect((await notify(ctl, bBody, signedHeaders(bBody, SECRET))).statusCode).toBe(200);
    expect((await status(ctl, b.s, b.ref)).statut).toBe('EN_ATTENTE');
    expect(recorded.get(b.ref)).toBeUndefined();
  });

  it('the provider not answering: 503 (it sends again), nothing changes', async () => {
    const { ref, id, s } = await newPayment();
    provider.truth.set(id, { status: 'approved' });
    const body = eventBody(id, 'approved', ref);
    provider.down = true;
    try {
      expectCode(await notify(ctl, body, signedHeaders(body, SECRET)), 503, 'INDISPONIBLE');
    } finally {
      provider.down = false;
    }
    expect((await status(ctl, s, ref)).statut).toBe('EN_ATTENTE');
    expect((await notify(ctl, body, signedHeaders(body, SECRET))).statusCode).toBe(200);
    expect((await status(ctl, s, ref)).statut).toBe('REUSSI');
  });

  it('a notification for an unknown payment: 200, nothing recorded, the provider not asked', async () => {
    const before = await paymentRows(ctl);
    const calls = provider.statusCalls;
    for (const body of [
      eventBody(987654, 'approved'),
      eventBody(987655, 'approved', 'MM-20260101-INCONNUE'),
    ]) {
      const res = await notify(ctl, body, signedHeaders(body, SECRET));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ recu: true });
    }
    expect(await paymentRows(ctl)).toEqual(before);
    expect(provider.statusCalls).toBe(calls);
  });
});

describe('the simulator (no provider configured)', () => {
  const simPay = async (s: Housed, telephone: string) => {
    const res = await pay(sim, s, { telephone });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().referencePaiement as string;
  };

  it('a number ending in 0 succeeds, in 1 fails — told by its signed webhook, sent by its job', async () => {
    const ok = await simPay(simStudents[0], '70 00 00 10');
    const ko = await simPay(simStudents[1], '70 00 00 11');
    expect((await status(sim, simStudents[0], ok)).statut).toBe('EN_ATTENTE');
    // The webhooks are due once the simulated student "confirmed" (half a second).
    await sim.database.db.execute(
      sql`UPDATE simulateur_transaction SET webhook_next_at = now() WHERE webhook_state = 'EN_ATTENTE'`,
    );
    expect(await sim.app.paymentSimulator!.runOnce()).toBe(2);
    expect((await status(sim, simStudents[0], ok)).statut).toBe('REUSSI');
    expect((await status(sim, simStudents[1], ko)).statut).toBe('ECHOUE');
    expect(recorded.get(ok)).toBe(1);
    const sent = await rows<{ state: string; attempts: number }>(
      sim.database.db,
      sql`SELECT webhook_state AS state, webhook_attempts AS attempts FROM simulateur_transaction WHERE phone_number LIKE '%1_'`,
    );
    expect(sent).toEqual([
      { state: 'ENVOYE', attempts: 1 },
      { state: 'ENVOYE', attempts: 1 },
    ]);
    // Nothing more to send.
    expect(await sim.app.paymentSimulator!.runOnce()).toBe(0);
  });

  it('a number ending in 2 never answers; the pending job resolves it after 30 minutes', async () => {
    const ref = await simPay(simStudents[2], '70 00 00 12');
    await sim.database.db.execute(sql`UPDATE simulateur_transaction SET webhook_next_at = now()`);
    await sim.app.paymentSimulator!.runOnce();
    expect((await status(sim, simStudents[2], ref)).statut).toBe('EN_ATTENTE');
    // Not yet 30 minutes: the job leaves it.
    expect(await checkPendingPayments(sim.database.db, sim.app.payments)).toEqual({ asked: 0, settled: 0 });
    // 31 minutes later (the payment and the simulated debit aged).
    await sim.database.db.execute(
      sql`UPDATE paiement SET created_at = created_at - interval '31 minutes' WHERE reference_paiement = ${ref}`,
    );
    await sim.database.db.execute(
      sql`UPDATE simulateur_transaction SET sent_at = sent_at - interval '31 minutes' WHERE phone_number LIKE '%12'`,
    );
    expect(await checkPendingPayments(sim.database.db, sim.app.payments)).toEqual({ asked: 1, settled: 1 });
    expect((await status(sim, simStudents[2], ref)).statut).toBe('REUSSI');
    expect(recorded.get(ref)).toBe(1);
    // Its journal entry says the student started it and the check of the pending payments confirmed it.
    const entry = await one<{ userId: number | null; detail: Record<string, unknown> }>(
      sim.database.db,
      sql`SELECT user_id AS "userId", detail FROM audit_log
          WHERE action = 'PAYER_MOBILE_MONEY' AND resource_id = ${ref}`,
    );
    expect(entry).toMatchObject({
      userId: simStudents[2].idUser,
      detail: { auteur: 'ETUDIANT', confirmation: 'VERIFICATION' },
    });
    // Asked once: claimed with its time, not asked again at once.
    expect(await checkPendingPayments(sim.database.db, sim.app.payments)).toEqual({ asked: 0, settled: 0 });
    // No webhook was ever owed for it.
    const row = await one<{ state: string }>(
      sim.database.db,
      sql`SELECT webhook_state AS state FROM simulateur_transaction WHERE phone_number LIKE '%12'`,
    );
    expect(row!.state).toBe('AUCUN');
  });

  it('the pending job asks again only every 5 minutes, and fails a payment whose debit was never asked', async () => {
    const { ref, id, s } = await newPayment(ctlStudents[5]);
    await ctl.database.db.execute(
      sql`UPDATE paiement SET created_at = created_at - interval '40 minutes' WHERE reference_paiement = ${ref}`,
    );
    const first = await checkPendingPayments(ctl.database.db, ctl.app.payments);
    expect(first.asked).toBeGreaterThanOrEqual(1);
    expect((await status(ctl, s, ref)).statut).toBe('EN_ATTENTE');
    provider.truth.set(id, { status: 'approved' });
    expect((await checkPendingPayments(ctl.database.db, ctl.app.payments)).asked).toBe(0);
    await ctl.database.db.execute(
      sql`UPDATE paiement SET verifie_at = verifie_at - interval '6 minutes' WHERE reference_paiement = ${ref}`,
    );
    await checkPendingPayments(ctl.database.db, ctl.app.payments);
    expect((await status(ctl, s, ref)).statut).toBe('REUSSI');

    // A payment written but whose debit was never asked (the instance stopped in between).
    const orphan = await newPayment(ctlStudents[5]);
    await ctl.database.db.execute(
      sql`UPDATE paiement SET id_transaction_fournisseur = NULL, created_at = created_at - interval '40 minutes'
          WHERE reference_paiement = ${orphan.ref}`,
    );
    await checkPendingPayments(ctl.database.db, ctl.app.payments);
    expect((await status(ctl, s, orphan.ref)).statut).toBe('ECHOUE');
  });

  it("the simulator's API refuses a call without its key", async () => {
    const res = await sim.app.inject({
      method: 'GET',
      url: '/service/api/simulateur-paiement/v1/transactions/1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.erreurNonAuthentifie);
  });
});
