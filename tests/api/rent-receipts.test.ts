/**
 * Receipts (docs/rent.md#receipts): a succeeded payment, cash or mobile money, gives
 * a PDF receipt with a QR code of its public check page, and one mail through the outbox queued
 * with the recording. Who may download it; what the public check shows (the name partly masked);
 * the PDF read back (text, QR) and rendered as an image.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { formatFcfa } from '../../src/domain/money';
import { rows } from '../../src/server/db/client';
import { NOTIFICATION_PATH } from '../../src/server/modules/payments/routes';
import { setupTestApp, type TestContext } from '../helpers/app';
import { queuedMails } from '../helpers/mail';
import {
  ControlledProvider,
  eventBody,
  housedStudents,
  paymentOperators,
  signedHeaders,
  studentToken,
  type Housed,
  type PaymentOperators,
} from '../helpers/payments';
import { pdfHasQrOf, readPdf, renderPdf } from '../helpers/pdf';
import { expectCode } from '../helpers/resources';
import { insertCite } from '../helpers/assignment';

const SECRET = 'wh_test_secret_recus_0123456789';
let t: TestContext;
let provider: ControlledProvider;
let ops: PaymentOperators;
let students: Housed[];
let cashRef: string;
let mobileRef: string;
const PUBLIC = 'https://hebergement.cenou.bf';
/** An amount as the receipt writes it (`12 500`). */
const plainFcfa = (n: number) => formatFcfa(n, { plain: true });

const receipt = (ref: string, token: string) => t.api('GET', `campus/paiement/${ref}/recu`, { token });

beforeAll(async () => {
  provider = new ControlledProvider(SECRET);
  t = await setupTestApp({ PUBLIC_URL: PUBLIC }, { payments: { provider } });
  ops = await paymentOperators(t.database.db);
  students = await housedStudents(t.database.db, 3);
  // Cash at the counter (GESTIONNAIRE_CENOU), then mobile money confirmed by the webhook.
  const cash = await t.api('POST', 'campus/paiement/especes', {
    token: await t.token('cenou'),
    body: { idAffectation: students[0].idAffectation, montant: 10000, numeroRecu: 'CARNET-0042' },
  });
  expect(cash.statusCode, cash.body).toBe(201);
  cashRef = cash.json().referencePaiement;
  const mm = await t.api('POST', 'campus/paiement', {
    token: studentToken(t.app, students[1]),
    body: {
      idAffectation: students[1].idAffectation,
      montant: 15000,
      idOperateur: ops.orange,
      telephone: '70 12 34 50',
    },
  });
  expect(mm.statusCode, mm.body).toBe(201);
  mobileRef = mm.json().referencePaiement;
  const id = [...provider.debits.entries()].find(([, d]) => d.reference === mobileRef)![0];
  provider.truth.set(id, { status: 'approved' });
  const body = eventBody(id, 'approved', mobileRef);
  for (let i = 0; i < 3; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: NOTIFICATION_PATH,
      payload: body,
      headers: signedHeaders(body, SECRET),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t?.close());

describe('the receipt (PDF)', () => {
  it('a mobile payment: its text, and a QR code of its public check page; looked at as an image', async () => {
    const res = await receipt(mobileRef, studentToken(t.app, students[1]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="recu_${mobileRef}.pdf"`);
    const { text, pages } = await readPdf(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(text).toContain(messages.recuPdfTitre);
    expect(text).toContain(mobileRef);
    expect(text).toContain('15 000 FCFA');
    expect(text).toContain('Orange Money');
    expect(text).toContain('+226 70 12 34 50');
    expect(text).toContain(students[1].ine);
    expect(text).toContain(`${messages.recuPdfReste} : ${plainFcfa(students[1].owed.totalDu - 15000)} FCFA`);
    expect(text).toContain(new Date().toISOString().slice(0, 10).split('-').reverse().join('/'));
    const url = `${PUBLIC}/recu/${mobileRef}`;
    expect(text).toContain(url);
    expect(await pdfHasQrOf(res.rawPayload, url)).toBe(true);
    expect(await pdfHasQrOf(res.rawPayload, `${PUBLIC}/recu/MM-20260101-AUTREREF`)).toBe(false);
    const { pages: n, pngs } = renderPdf(res.rawPayload, 'recu-mobile', 80);
    expect(n).toBe(1);
    expect(pngs).toHaveLength(1);
  });

  it('a cash payment: the receipt book number, the counter', async () => {
    const res = await receipt(cashRef, await t.token('cenou'));
    expect(res.statusCode, res.body).toBe(200);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain(cashRef);
    expect(text).toContain('10 000 FCFA');
    expect(text).toContain(`${messages.recuPdfNumeroCarnet} : CARNET-0042`);
    expect(text).toContain(`${messages.recuPdfReste} : ${plainFcfa(students[0].owed.totalDu - 10000)} FCFA`);
    expect(await pdfHasQrOf(res.rawPayload, `${PUBLIC}/recu/${cashRef}`)).toBe(true);
    renderPdf(res.rawPayload, 'recu-especes', 80);
  });

  it('who may download it: the owner, staff in scope; another student 404; the admin 403; none 401', async () => {
    expect((await receipt(cashRef, studentToken(t.app, students[0]))).statusCode).toBe(200);
    expect((await receipt(cashRef, await t.token('cenou'))).statusCode).toBe(200);
    expect((await receipt(cashRef, await t.token('dr'))).statusCode).toBe(200);
    expectCode(await receipt(cashRef, studentToken(t.app, students[1])), 404, 'INTROUVABLE');
    expectCode(await receipt(cashRef, await t.token('admin')), 403, 'INTERDIT');
    expectCode(await t.api('GET', `campus/paiement/${cashRef}/recu`), 401, 'NON_AUTHENTIFIE');
    expectCode(await receipt('MM-20260101-ZZZZZZZZ', await t.token('cenou')), 404, 'INTROUVABLE');
  });

  it('a payment not succeeded has no receipt (409), and no public check', async () => {
    const res = await t.api('POST', 'campus/paiement', {
      token: studentToken(t.app, students[2]),
      body: {
        idAffectation: students[2].idAffectation,
        montant: 7500,
        idOperateur: ops.moov,
        telephone: '70123450',
      },
    });
    const ref = res.json().referencePaiement as string;
    const refused = await receipt(ref, studentToken(t.app, students[2]));
    expectCode(refused, 409, 'CONFLIT');
    expect(refused.json().message).toBe(messages.recuIndisponible);
    expectCode(await t.api('GET', `campus-auth/recu/${ref}`), 404, 'INTROUVABLE');
  });
});

describe('the public check', () => {
  it('shows the essentials, the name partly masked, to anyone', async () => {
    const res = await t.api('GET', `campus-auth/recu/${mobileRef}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      referencePaiement: mobileRef,
      nature: 'PAIEMENT',
      libelleNature: 'Paiement de loyer',
      libelleElement: null,
      montant: 15000,
      datePaiement: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      etudiant: expect.any(String),
      libelleOperateur: 'Orange Money',
      nomCite: expect.stringContaining('Cité paiements'),
      anneeAcademique: expect.stringMatching(/^\d{4}-\d{4}$/),
      // A payment owes nothing of itself: the check says what was received.
      resteAPayer: null,
    });
    const [who] = await rows<{ nom: string; prenom: string }>(
      t.database.db,
      sql`SELECT r.nom_etudiant AS nom, r.prenom_etudiant AS prenom FROM affectation a
          JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant WHERE a.id_affectation = ${students[1].idAffectation}`,
    );
    expect(body.etudiant).toBe(`${who.prenom} ${who.nom.charAt(0).toUpperCase()}.`);
    expect(JSON.stringify(body)).not.toContain(who.nom);
    expect(JSON.stringify(body)).not.toContain(students[1].ine);
  });

  it('an unknown, forged or malformed reference: 404 or 400, in French', async () => {
    const forged = mobileRef.slice(0, -1) + (mobileRef.endsWith('A') ? 'B' : 'A');
    expectCode(await t.api('GET', `campus-auth/recu/${forged}`), 404, 'INTROUVABLE');
    expectCode(await t.api('GET', 'campus-auth/recu/MM-2026'), 404, 'INTROUVABLE');
    const bad = await t.api('GET', 'campus-auth/recu/%27%20OR%201%3D1');
    expectCode(bad, 400, 'VALIDATION');
    expect(bad.json().message).toBeTruthy();
  });
});

describe('the mail', () => {
  it('is queued once per payment, with the recording, whatever the number of notifications', async () => {
    for (const [s, ref, amount] of [
      [students[1], mobileRef, '15 000 FCFA'],
      [students[0], cashRef, '10 000 FCFA'],
    ] as const) {
      const mails = await queuedMails(
        t.database.db,
        sql`m.kind = 'PAIEMENT_ENREGISTRE' AND m.id_user = ${s.idUser}`,
      );
      expect(mails, ref).toHaveLength(1);
      const [mail] = mails;
      expect(mail.recipient).toBe(`${s.ine.toLowerCase()}@exemple.bf`);
      expect(mail.subject.replace(/\s/g, ' ')).toContain(amount);
      expect(mail.text_body).toContain(`Référence\u00a0: ${ref}`);
      expect(mail.text_body).toContain(`${PUBLIC}/recu/${ref}`);
      expect(mail.text_body).toContain(`${PUBLIC}/mon-loyer`);
    }
    // A payment that failed sends none.
    const none = await queuedMails(
      t.database.db,
      sql`m.kind = 'PAIEMENT_ENREGISTRE' AND m.id_user = ${students[2].idUser}`,
    );
    expect(none).toEqual([]);
  });

  it('the student’s « Mon loyer » carries the checkable reference; the receipt book’s number is apart', async () => {
    const res = await t.api('GET', 'campus/loyer/etudiant', { token: studentToken(t.app, students[0]) });
    expect(res.statusCode, res.body).toBe(200);
    const [mine] = res.json() as { paiements: { referencePaiement: string; numeroRecu: string | null }[] }[];
    expect(mine.paiements).toMatchObject([{ referencePaiement: cashRef, numeroRecu: 'CARNET-0042' }]);
    // The number the screen calls « Numéro du reçu » is the one the public check accepts…
    expect((await t.api('GET', `campus-auth/recu/${mine.paiements[0].referencePaiement}`)).statusCode).toBe(
      200,
    );
    // …the receipt book's number is no receipt reference, and is labelled as the PDF labels it.
    expectCode(await t.api('GET', 'campus-auth/recu/CARNET-0042'), 404, 'INTROUVABLE');
    expect(messages.monLoyerNumeroRecu).toBe('Numéro du reçu');
    expect(messages.loyerChampNumeroRecu).toBe(messages.recuPdfNumeroCarnet);
  });

  it('staff read one assignment’s rent with its payments (the arrears list’s « Paiements »)', async () => {
    const res = await t.api('GET', `campus/loyer/affectation/${students[0].idAffectation}`, {
      token: await t.token('dr'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      idAffectation: students[0].idAffectation,
      paye: 10000,
      solde: students[0].owed.totalDu - 10000,
      paiements: [{ referencePaiement: cashRef, montant: 10000, numeroRecu: 'CARNET-0042' }],
    });
    expectCode(
      await t.api('GET', `campus/loyer/affectation/${students[0].idAffectation}`, {
        token: studentToken(t.app, students[0]),
      }),
      403,
      'INTERDIT',
    );
    expectCode(
      await t.api('GET', 'campus/loyer/affectation/99999999', { token: await t.token('cenou') }),
      404,
      'INTROUVABLE',
    );
    expect(fill(messages.loyersPaiementsDe, { nom: 'X' })).toBe('Paiements de X');
  });
});

describe('a receipt printed again after a move', () => {
  it('names the room the payment was made for, not the room of today; a payment after the move, the new room', async () => {
    const place = async () =>
      (
        await rows<{ nom: string; chambre: string; lit: string }>(
          t.database.db,
          sql`SELECT c.nom_cite AS nom, ch.libelle_chambre AS chambre, l.libelle_lit AS lit
              FROM affectation a JOIN cite c ON c.id_cite = a.id_cite
              JOIN chambre ch ON ch.id_chambre = a.id_chambre JOIN lit l ON l.id_lit = a.id_lit
              WHERE a.id_affectation = ${students[0].idAffectation}`,
        )
      )[0]!;
    const before = await place();
    const other = await insertCite(t.database.db, {
      nom: 'Cité du déménagement',
      montant: 7500,
      batiments: [{ code: 'Q', sexe: 'MIXTE', chambres: [{ code: 'Q9', lits: 1 }] }],
    });
    const moved = await t.api('PUT', `campus/affectation/${students[0].idAffectation}`, {
      token: await t.token('cenou'),
      body: { idLit: Object.values(other.lits)[0] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await place();
    expect(after.nom).toBe('Cité du déménagement');
    const flat = async (ref: string) =>
      (await readPdf((await receipt(ref, await t.token('cenou'))).rawPayload)).text.replace(/\s+/g, ' ');
    const old = await flat(cashRef);
    expect(old).toContain(before.nom);
    expect(old).toContain(before.chambre);
    expect(old).not.toContain(after.nom);
    const cash = await t.api('POST', 'campus/paiement/especes', {
      token: await t.token('cenou'),
      body: { idAffectation: students[0].idAffectation, montant: 5000, numeroRecu: 'CARNET-0043' },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const later = await flat(cash.json().referencePaiement);
    expect(later).toContain(after.nom);
    expect(later).toContain(after.chambre);
    expect(later).not.toContain(before.nom);
  });
});
