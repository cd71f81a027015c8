import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { fill, messages } from '../../src/domain/messages';
import { formatFcfa } from '../../src/domain/money';
import { HELPER_ROUTES, CODE_PROCURATION_SIGNES, type TacheProcuration } from '../../src/domain/procurations';
import type {
  DraftAnswer,
  HelperSigninAnswer,
  ProcurationCreated,
  ProcurationRow,
} from '../../src/domain/schemas/procurations';
import { tableauDeBordUrl } from '../../src/server/config/urls';
import { one, rows } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { journalRecorder } from '../../src/server/modules/payments/recorder';
import { lockPayment } from '../../src/server/modules/rent/payments/repository';
import { newPaymentReference, recordPayment } from '../../src/server/modules/rent/service';
import { runSmsAnswers } from '../../src/server/modules/sms-answers/job';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  makeCite,
  makeCriteria,
  makeSession,
  realPdf,
  studentAccount,
  type Criteria,
} from '../helpers/dossier';
import { MATRIX, routeKeyOf, urlOf } from '../helpers/matrix';
import { housedStudents, paymentOperators, studentToken } from '../helpers/payments';
import { readPdf } from '../helpers/pdf';
import { Fixtures } from '../helpers/resources';

/**
 * One-task procurations (docs/procurations.md): the student gives a code, a helper signs in with the
 * INE and the code and may do that task alone (every other route of the authorization matrix → 403),
 * its session ends with the procuration (expiry, revocation); a code opens one session; five wrong
 * codes for an INE → 429. A draft a helper saved (a proof sent by resumable upload) is deposited by
 * the student only: on the web, or by SMS from its own number (another number is refused by SMS).
 * The helper's acts are in the journal and the dossier's history with the procuration and address.
 */
let t: TestContext;
let f: Fixtures;
let c: Criteria;
let n = 0;
/** The deposit session of Ouagadougou (in INSCRIPTION): the deposits' and drafts' calls need it. */
let depositSession: number;
const db = () => t.database.db;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

const newStudent = async () => {
  const ine = `PR${String((n += 1)).padStart(8, '0')}`;
  return { ine, ...(await studentAccount(t, { ine, ville: 'Ouagadougou', sigle: 'OUA' })) };
};

async function give(token: string, tache: TacheProcuration, dureeHeures = 2): Promise<ProcurationCreated> {
  const res = await t.api('POST', 'campus/procuration', { token, body: { tache, dureeHeures } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ProcurationCreated;
}

const signin = (ine: string, code: string) =>
  t.api('POST', 'campus-auth/procuration', { body: { ine, code } });

async function helperToken(ine: string, code: string): Promise<HelperSigninAnswer> {
  const res = await signin(ine, code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HelperSigninAnswer;
}

beforeAll(async () => {
  t = await setupTestApp({ PUBLIC_RATE_PER_MINUTE: 100_000 });
  f = await Fixtures.create(t);
  c = await makeCriteria(f);
  await makeCite(f, 'Ouagadougou');
  depositSession = await makeSession(t, f, 'OUA');
});

/** A student with a bed and rent to pay (its session back in INSCRIPTION after: the deposits' tests need it). */
async function housedStudent() {
  const [h] = await housedStudents(db(), 1);
  await db().execute(
    sql`UPDATE session_cenou SET etat_session = 'INSCRIPTION' WHERE id_session_cenou = ${depositSession}`,
  );
  return { ...h, token: studentToken(t.app, h) };
}
afterAll(() => t.close());

describe('the student gives, lists and revokes', () => {
  it('a code of 8 signs without look-alikes, shown once, kept as its HMAC; the list says its state', async () => {
    const s = await newStudent();
    const p = await give(s.token, 'DEPOT', 3);
    expect(p.code).toMatch(new RegExp(`^[${CODE_PROCURATION_SIGNES}]{8}$`));
    const hours = (new Date(p.expireA).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(2.9);
    expect(hours).toBeLessThan(3.1);
    const stored = await one<{ h: string }>(
      db(),
      sql`SELECT code_hmac AS h FROM procuration WHERE id_procuration = ${p.idProcuration}`,
    );
    expect(stored!.h).not.toContain(p.code);
    expect(stored!.h).toMatch(/^[0-9a-f]{64}$/);
    const list = await t.api('GET', 'campus/procuration', { token: s.token });
    const rowsOf = list.json() as ProcurationRow[];
    expect(rowsOf).toHaveLength(1);
    expect(rowsOf[0]).toMatchObject({
      idProcuration: p.idProcuration,
      tache: 'DEPOT',
      etat: 'ACTIVE',
      utiliseeA: null,
    });
    expect(JSON.stringify(rowsOf)).not.toContain(p.code);
  });

  it('a duration outside 1–24 hours or an unknown task → 400; another student’s procuration → 404', async () => {
    const s = await newStudent();
    for (const body of [
      { tache: 'DEPOT', dureeHeures: 0 },
      { tache: 'DEPOT', dureeHeures: 25 },
      { tache: 'LOGEMENT', dureeHeures: 2 },
    ]) {
      const res = await t.api('POST', 'campus/procuration', { token: s.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const other = await newStudent();
    const p = await give(other.token, 'DEPOT');
    const res = await t.api('DELETE', `campus/procuration/${p.idProcuration}`, { token: s.token });
    expect(res.statusCode).toBe(404);
  });
});

describe('the helper’s sign-in', () => {
  it('a code opens one session: the second use → 401; the list says when and from where', async () => {
    const s = await newStudent();
    const p = await give(s.token, 'DEPOT');
    const h = await helperToken(s.ine.toLowerCase(), p.code.toLowerCase().replace(/(.{4})/, '$1-'));
    expect(h.tache).toBe('DEPOT');
    expect(new Date(h.expireA).getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
    const again = await signin(s.ine, p.code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(messages.procurationCodeInvalide);
    const [row] = (await t.api('GET', 'campus/procuration', { token: s.token })).json() as ProcurationRow[];
    expect(row.etat).toBe('UTILISEE');
    expect(row.utiliseeA).not.toBeNull();
    expect(row.adresseUtilisation).toBe('127.0.0.1');
  });

  it('the session never outlives its procuration; an expired procuration ends the session and its code', async () => {
    const s = await newStudent();
    const p = await give(s.token, 'DEPOT', 1);
    await db().execute(
      sql`UPDATE procuration SET expire_a = now() + interval '10 minutes' WHERE id_procuration = ${p.idProcuration}`,
    );
    const h = await helperToken(s.ine, p.code);
    expect(new Date(h.expireA).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 1000);
    expect((await t.api('GET', 'campus/dossier/depot', { token: h.accessToken })).statusCode).toBe(200);
    await db().execute(
      sql`UPDATE procuration SET expire_a = now() - interval '1 second' WHERE id_procuration = ${p.idProcuration}`,
    );
    const after = await t.api('GET', 'campus/dossier/depot', { token: h.accessToken });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(messages.procurationSessionFinie);

    const q = await give(s.token, 'DEPOT', 1);
    await db().execute(
      sql`UPDATE procuration SET expire_a = now() - interval '1 second' WHERE id_procuration = ${q.idProcuration}`,
    );
    expect((await signin(s.ine, q.code)).statusCode).toBe(401);
    const list = (await t.api('GET', 'campus/procuration', { token: s.token })).json() as ProcurationRow[];
    expect(list.find((r) => r.idProcuration === q.idProcuration)!.etat).toBe('EXPIREE');
  });

  it('revoked: the session it opened is dead at once, an unused code no longer opens one', async () => {
    const s = await housedStudent();
    const p = await give(s.token, 'PAIEMENT');
    const h = await helperToken(s.ine, p.code);
    expect((await t.api('GET', 'campus/paiement/operateurs', { token: h.accessToken })).statusCode).toBe(200);
    const del = await t.api('DELETE', `campus/procuration/${p.idProcuration}`, { token: s.token });
    expect(del.statusCode).toBe(200);
    expect((await t.api('GET', 'campus/paiement/operateurs', { token: h.accessToken })).statusCode).toBe(401);

    const q = await give(s.token, 'DEPOT');
    await t.api('DELETE', `campus/procuration/${q.idProcuration}`, { token: s.token });
    expect((await signin(s.ine, q.code)).statusCode).toBe(401);
    const list = (await t.api('GET', 'campus/procuration', { token: s.token })).json() as ProcurationRow[];
    expect(list.map((r) => r.etat)).toEqual(['REVOQUEE', 'REVOQUEE']);
  });

  it('five wrong codes for an INE in an hour → 429, even with the right code; another INE is untouched', async () => {
    const s = await newStudent();
    const other = await newStudent();
    const p = await give(s.token, 'DEPOT');
    const q = await give(other.token, 'DEPOT');
    for (let i = 0; i < 5; i++) expect((await signin(s.ine, 'AAAA2222')).statusCode).toBe(401);
    const locked = await signin(s.ine, p.code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.procurationTropDEssais);
    expect((await signin(other.ine, q.code)).statusCode).toBe(200);
  });
});

describe('a helper’s token is held to its task (every route of the authorization matrix)', () => {
  const permissionOf = () => new Map(t.app.routeAccess.map((r) => [routeKeyOf(r), r.permission]));

  for (const tache of ['DEPOT', 'PAIEMENT'] as const) {
    it(`${tache}: its own calls pass the check, every other guarded route → 403`, async () => {
      // « Payer mon loyer » is given only by a student with rent to pay.
      const s = tache === 'PAIEMENT' ? await housedStudent() : await newStudent();
      const h = await helperToken(s.ine, (await give(s.token, tache)).code);
      const allowed = new Set(HELPER_ROUTES[tache].map((r) => r.replace(' /', ' ')));
      const permissions = permissionOf();
      const refused: string[] = [];
      const wrong: string[] = [];
      for (const entry of MATRIX) {
        const key = `${entry.method} ${entry.url}`;
        if (!permissions.get(key)) continue; // public: the same for everyone
        const params = Object.fromEntries(
          [...entry.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1], '1']),
        );
        const res = await t.app.inject({
          method: entry.method,
          url: `${API_BASE}/${urlOf(entry, { params })}`,
          headers: { authorization: `Bearer ${h.accessToken}`, ...TUS },
        });
        if (allowed.has(key)) {
          if (res.statusCode === 403) wrong.push(`${key} → 403`);
        } else if (res.statusCode !== 403 || res.json().message !== messages.procurationHorsTache)
          wrong.push(`${key} → ${res.statusCode}`);
        else refused.push(key);
      }
      expect(wrong).toEqual([]);
      expect(refused.length).toBeGreaterThan(100);
      // What only the student does, named: submit the deposit, give or revoke a procuration.
      for (const key of [
        'PUT campus/dossier',
        'POST campus/dossier/brouillon/depot',
        'POST campus/procuration',
      ])
        expect(refused).toContain(key);
    });
  }
});

describe('a draft saved by a helper, deposited by the student', () => {
  async function helperDraft(s: { ine: string; token: string }) {
    const p = await give(s.token, 'DEPOT');
    const h = await helperToken(s.ine, p.code);
    const form = await t.api('GET', 'campus/dossier/depot', { token: h.accessToken });
    expect(form.statusCode, form.body).toBe(200);
    // The proof of type A, sent by resumable upload as the helper.
    const pdf = await realPdf('Acte de naissance envoyé par un aidant');
    const created = await t.api('POST', 'campus/televersement', {
      token: h.accessToken,
      headers: {
        ...TUS,
        'upload-length': String(pdf.length),
        'upload-metadata': `filename ${b64('acte.pdf')},idTypeCritere ${b64(String(c.typeA))}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.headers.location as string).split('/').pop()!;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${API_BASE}/campus/televersement/${id}`,
      headers: {
        authorization: `Bearer ${h.accessToken}`,
        ...TUS,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      payload: pdf,
    });
    expect(patched.statusCode, patched.body).toBe(204);
    const body = {
      listeDossierCritere: [
        { idTypeCritere: c.typeA, idCritere: c.a1, televersement: id },
        { idTypeCritere: c.typeC, idCritere: c.c1, fichier: pdf.toString('base64'), nomFichier: 'c.pdf' },
      ],
    };
    // A proof in base64 is refused in a draft (named, 400); by upload it is kept.
    const refused = await t.api('PUT', 'campus/dossier/brouillon', { token: h.accessToken, body });
    expect(refused.statusCode).toBe(400);
    body.listeDossierCritere.splice(1, 1);
    const saved = await t.api('PUT', 'campus/dossier/brouillon', { token: h.accessToken, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as DraftAnswer).idProcuration).toBe(p.idProcuration);
    // Never deposited by the helper.
    expect((await t.api('POST', 'campus/dossier/brouillon/depot', { token: h.accessToken })).statusCode).toBe(
      403,
    );
    expect((await t.api('PUT', 'campus/dossier', { token: h.accessToken, body })).statusCode).toBe(403);
    return { p, h, id };
  }

  it('on the web: 201 as a deposit; the history and the journal name the procuration and its address', async () => {
    // Type C is obligatory: the draft leaves it out, so its deposit is refused (400)…
    const s = await newStudent();
    const { p } = await helperDraft(s);
    const incomplete = await t.api('POST', 'campus/dossier/brouillon/depot', { token: s.token });
    expect(incomplete.statusCode).toBe(400);
    // …until the draft answers it (its criterion here needing no proof).
    const draft = (await t.api('GET', 'campus/dossier/brouillon', { token: s.token })).json() as DraftAnswer;
    expect(draft.brouillon.listeDossierCritere).toHaveLength(1);
    await db().execute(sql`UPDATE critere SET justificatif_requis = false WHERE id_critere = ${c.c1}`);
    try {
      await db().execute(
        sql`UPDATE brouillon_dossier SET corps = jsonb_set(corps, '{listeDossierCritere}',
              corps->'listeDossierCritere' || ${JSON.stringify([{ idTypeCritere: c.typeC, idCritere: c.c1 }])}::jsonb)
            WHERE id_user = ${s.idUser}`,
      );
      const res = await t.api('POST', 'campus/dossier/brouillon/depot', { token: s.token });
      expect(res.statusCode, res.body).toBe(201);
      const idDossier = res.json().idDossier as number;
      const gone = await t.api('GET', 'campus/dossier/brouillon', { token: s.token });
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toBeNull();
      const history = (
        await t.api('GET', `campus/dossier/${idDossier}/historique`, { token: s.token })
      ).json() as {
        evenement: string;
        details: string[];
      }[];
      const helperEvent = history.find((e) => e.evenement === 'PROCURATION');
      expect(helperEvent?.details.join(' ')).toContain(`n°\u00a0${p.idProcuration}`);
      expect(helperEvent?.details.join(' ')).toContain('127.0.0.1');
      const journal = await rows<{
        action: string;
        userName: string;
        detail: { procuration?: { adresse: string } };
      }>(
        db(),
        sql`SELECT action, user_name AS "userName", detail FROM audit_log WHERE user_id = ${s.idUser} ORDER BY id`,
      );
      const helperActs = journal.filter((j) => j.detail?.procuration);
      expect(helperActs.map((j) => j.action)).toEqual(['UTILISER_PROCURATION', 'ENREGISTRER_BROUILLON']);
      expect(helperActs.every((j) => j.detail.procuration!.adresse === '127.0.0.1')).toBe(true);
      expect(journal.map((j) => j.action)).toContain('DEPOSER');
      // The journal's screen names the procuration's student and says what each act was.
      const giver = await one<{ nom: string; prenom: string; ine: string }>(
        db(),
        sql`SELECT nom, prenom, user_name AS ine FROM users WHERE id = ${s.idUser}`,
      );
      const shown = (
        (
          await t.api('GET', `campus/audit?filtre.resource=procuration&size=200`, {
            token: await t.token('admin'),
          })
        ).json() as { action: string; resourceId: string; libelleObjet: string; resume: string }[]
      ).filter((e) => e.resourceId === String(p.idProcuration));
      const concerne = fill(messages.auditObjetProcuration, {
        id: p.idProcuration,
        etudiant: fill(messages.auditObjetEtudiant, giver!),
      });
      const byAction = new Map(shown.map((e) => [e.action, e]));
      for (const action of ['DONNER_PROCURATION', 'UTILISER_PROCURATION', 'ENREGISTRER_BROUILLON'])
        expect(byAction.get(action)?.libelleObjet, action).toBe(concerne);
      expect(byAction.get('DONNER_PROCURATION')!.resume).toMatch(
        new RegExp(
          `^Pour ${messages.auditTacheDEPOT.replace(/[()]/g, '\\$&')}, valable \\d+\u00a0h, jusqu’au \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\.$`,
        ),
      );
      expect(byAction.get('UTILISER_PROCURATION')!.resume).toBe(
        fill(messages.auditProcurationUtilisee, { tache: messages.auditTacheDEPOT, adresse: '127.0.0.1' }),
      );
      expect(byAction.get('ENREGISTRER_BROUILLON')!.resume).toBe(
        fill(messages.auditBrouillonCriteres, { n: 1 }),
      );
    } finally {
      await db().execute(sql`UPDATE critere SET justificatif_requis = true WHERE id_critere = ${c.c1}`);
    }
  });

  it('by SMS DEPOT <INE> from its own number: deposited; from another number: refused by a French SMS', async () => {
    await db().execute(sql`UPDATE critere SET justificatif_requis = false WHERE id_critere = ${c.c1}`);
    try {
      const s = await newStudent();
      await helperDraft(s);
      await db().execute(
        sql`UPDATE brouillon_dossier SET corps = jsonb_set(corps, '{listeDossierCritere}',
              corps->'listeDossierCritere' || ${JSON.stringify([{ idTypeCritere: c.typeC, idCritere: c.c1 }])}::jsonb)
            WHERE id_user = ${s.idUser}`,
      );
      const own = '+22676123401';
      const stranger = '+22676999902';
      await db().execute(sql`UPDATE users SET telephone = ${own} WHERE id = ${s.idUser}`);
      const ctx = { dashboardUrl: tableauDeBordUrl(t.config), storage: t.app.storage };
      await db().execute(
        sql`INSERT INTO sms_entrant (kind, sender, text_body) VALUES ('MESSAGE', ${stranger}, ${`DEPOT ${s.ine}`})`,
      );
      await runSmsAnswers(db(), ctx);
      const refusal = await one<{ kind: string; recipient: string; text: string }>(
        db(),
        sql`SELECT kind, recipient, text_body AS text FROM outbox_sms WHERE recipient = ${stranger} ORDER BY id DESC LIMIT 1`,
      );
      expect(refusal).toMatchObject({ kind: 'DEPOT_BROUILLON_NUMERO', recipient: stranger });
      expect(refusal!.text).toContain('refusé');
      const none = await one<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM dossier WHERE id_user = ${s.idUser}`,
      );
      expect(none!.n).toBe(0);

      await db().execute(
        sql`INSERT INTO sms_entrant (kind, sender, text_body) VALUES ('MESSAGE', ${own}, ${`dépôt ${s.ine.toLowerCase()}`})`,
      );
      await runSmsAnswers(db(), ctx);
      const made = await one<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM dossier WHERE id_user = ${s.idUser} AND deleted_at IS NULL`,
      );
      expect(made!.n).toBe(1);
      const last = await one<{ result: string }>(
        db(),
        sql`SELECT result FROM sms_entrant ORDER BY id DESC LIMIT 1`,
      );
      expect(last!.result).toMatch(/^DEPOT:/);
      const gone = await t.api('GET', 'campus/dossier/brouillon', { token: s.token });
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toBeNull();
    } finally {
      await db().execute(sql`UPDATE critere SET justificatif_requis = true WHERE id_critere = ${c.c1}`);
    }
  });
});

describe('a payment by a helper', () => {
  it('« Payer mon loyer » only with rent to pay: none, or paid in full → 409 on the task, nothing given', async () => {
    const refused = async (token: string) => {
      const res = await t.api('POST', 'campus/procuration', {
        token,
        body: { tache: 'PAIEMENT', dureeHeures: 2 },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONFLIT',
        message: messages.procurationRienAPayer,
        errors: [{ champ: 'tache', message: messages.procurationRienAPayer }],
      });
    };
    const count = async (idUser: number) =>
      (await one<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM procuration WHERE id_user = ${idUser}`,
      ))!.n;
    // No bed: nothing to pay; the rent read says so too (no assignment, nothing payable).
    const s = await newStudent();
    await refused(s.token);
    expect(await count(s.idUser)).toBe(0);
    expect((await give(s.token, 'DEPOT')).code).toBeTruthy();
    // A bed with rent due: given; the rent read says it is payable.
    const [h] = await housedStudents(db(), 1);
    const token = studentToken(t.app, h);
    const rentOf = async () =>
      (
        (await t.api('GET', 'campus/loyer/etudiant', { token })).json() as {
          payable: boolean;
          solde: number;
        }[]
      )[0];
    expect(await rentOf()).toMatchObject({ payable: true });
    await give(token, 'PAIEMENT');
    // Paid in full at the counter: nothing left, refused again, and the read no longer offers it.
    const ops = await paymentOperators(db());
    await withTransaction(db(), (tx) =>
      recordPayment(tx, null, {
        referencePaiement: newPaymentReference('ESP'),
        idAffectation: h.idAffectation,
        montant: h.owed.totalDu,
        idOperateur: ops.caisse,
        numeroRecu: `PR-${h.idAffectation}`,
      }),
    );
    expect(await rentOf()).toMatchObject({ payable: false, solde: 0 });
    await refused(token);
    expect(await count(h.idUser)).toBe(1);
  });

  it('reads the rent, pays from its phone, follows it; the journal and the history name the procuration', async () => {
    const [s] = await housedStudents(db(), 1);
    const ops = await paymentOperators(db());
    const token = studentToken(t.app, s);
    const p = await give(token, 'PAIEMENT');
    const h = await helperToken(s.ine, p.code);
    expect((await t.api('GET', 'campus/loyer/etudiant', { token: h.accessToken })).statusCode).toBe(200);
    const paid = await t.api('POST', 'campus/paiement', {
      token: h.accessToken,
      body: {
        idAffectation: s.idAffectation,
        montant: 7500,
        idOperateur: ops.orange,
        telephone: '70 55 44 33',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const ref = paid.json().referencePaiement as string;
    expect((await t.api('GET', `campus/paiement/${ref}`, { token: h.accessToken })).statusCode).toBe(200);
    expect((await t.api('GET', `campus/paiement/${ref}/recu`, { token: h.accessToken })).statusCode).toBe(
      403,
    );
    const entry = await one<{ detail: { procuration: { idProcuration: number; adresse: string } } }>(
      db(),
      sql`SELECT detail FROM audit_log WHERE action = 'PAYER_PAR_PROCURATION' AND resource_id = ${ref}`,
    );
    expect(entry!.detail.procuration).toMatchObject({ idProcuration: p.idProcuration, adresse: '127.0.0.1' });
    const event = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM dossier_evenement WHERE evenement = 'PROCURATION' AND detail->>'reference' = ${ref}`,
    );
    expect(event!.n).toBe(1);
    // The operator confirms it (the product's recorder, as its notification does): the payment's
    // own event is signed by the helper too, not « Vous ».
    await withTransaction(db(), async (tx) =>
      journalRecorder.recordSuccess(tx, (await lockPayment(tx, ref))!, t.app.payments.links, 'NOTIFICATION'),
    );
    // Its journal entry: by the helper under the student's account, naming the procuration (decision 141).
    const recorded = await one<{ userId: number; userName: string; id: number }>(
      db(),
      sql`SELECT user_id AS "userId", user_name AS "userName", id::int AS id FROM audit_log
          WHERE action = 'PAYER_MOBILE_MONEY' AND resource_id = ${ref}`,
    );
    const account = await one<{ userName: string; nom: string; prenom: string }>(
      db(),
      sql`SELECT user_name AS "userName", nom, prenom FROM users WHERE id = ${s.idUser}`,
    );
    expect(recorded).toMatchObject({
      userId: s.idUser,
      userName: fill(messages.auteurAidant, { nom: account!.userName, id: p.idProcuration }),
    });
    const shown = await t.api('GET', `campus/audit/${recorded!.id}`, { token: await t.token('admin') });
    expect(shown.statusCode, shown.body).toBe(200);
    const journal = shown.json() as {
      libelleUtilisateur: string;
      resume: string;
      detail: Record<string, unknown>;
    };
    expect(journal.libelleUtilisateur).toBe(
      fill(messages.auditAuteurAidant, {
        id: p.idProcuration,
        etudiant: `${account!.nom} ${account!.prenom} (INE ${account!.userName})`,
      }),
    );
    expect(journal.detail).toMatchObject({
      auteur: 'AIDANT',
      confirmation: 'NOTIFICATION',
      procuration: { idProcuration: p.idProcuration, tache: 'PAIEMENT', adresse: '127.0.0.1' },
    });
    expect(journal.resume).toContain(fill(messages.auditPaiementLanceAidant, { id: p.idProcuration }));
    expect(journal.resume).toContain(messages.auditPaiementConfirmeNotification);
    // The helper's start of it, its own entry: what was asked, under which procuration, and that
    // the confirmation is the other entry (not an empty « Détail » beside it).
    const started = await one<{ id: number }>(
      db(),
      sql`SELECT id::int AS id FROM audit_log WHERE action = 'PAYER_PAR_PROCURATION' AND resource_id = ${ref}`,
    );
    const start = (
      await t.api('GET', `campus/audit/${started!.id}`, { token: await t.token('admin') })
    ).json() as { resume: string };
    expect(start.resume).toBe(
      fill(messages.auditPaiementAidantLance, {
        montant: formatFcfa(7500, { unit: true }),
        procuration: fill(messages.auditProcurationNumero, { id: p.idProcuration }),
        reference: ref,
      }),
    );
    const dossierOf = await one<{ idDossier: number }>(
      db(),
      sql`SELECT id_dossier AS "idDossier" FROM affectation WHERE id_affectation = ${s.idAffectation}`,
    );
    const read = await t.api('GET', `campus/dossier/${dossierOf!.idDossier}/historique`, { token });
    expect(read.statusCode, read.body).toBe(200);
    const history = read.json() as { evenement: string; acteur: string }[];
    const payment = history.find((e) => e.evenement === 'PAIEMENT');
    expect(payment?.acteur).toBe(messages.historiqueActeurAidant);
    // The student's receipt and Mon loyer say a helper paid it, as the journal and the history do.
    const receipt = await t.api('GET', `campus/paiement/${ref}/recu`, { token });
    expect(receipt.statusCode).toBe(200);
    const { text } = await readPdf(receipt.rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain(
      `${messages.recuPdfPayePar} : ${fill(messages.recuPdfAidant, { id: p.idProcuration })}`.replace(
        /\s+/g,
        ' ',
      ),
    );
    const rent = await t.api('GET', 'campus/loyer/etudiant', { token });
    const paidLine = (
      rent.json() as { paiements: { referencePaiement: string; idProcuration: number | null }[] }[]
    )
      .flatMap((r) => r.paiements)
      .find((x) => x.referencePaiement === ref);
    expect(paidLine?.idProcuration).toBe(p.idProcuration);
  });
});
