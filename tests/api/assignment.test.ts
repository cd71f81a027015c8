import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETUDIANT } from '../../src/domain/enums';
import { gsmSeptets, SMS_MAX_SEPTETS } from '../../src/domain/gsm';
import { fill, messages } from '../../src/domain/messages';
import { one, rows } from '../../src/server/db/client';
import { CODE_ALPHABET } from '../../src/server/modules/assignment/service';
import { signToken } from '../../src/server/plugins/auth';
import { directionId } from '../../src/server/seed/factories';
import { cutTexts, readPdf, readPdfLayout } from '../helpers/pdf';
import ExcelJS from 'exceljs';
import { fieldLabel } from '../../src/domain/resources/labels';
import { queuedMails } from '../helpers/mail';
import { bedAssignedMail } from '../../src/server/mail/templates';
import { tableauDeBordUrl } from '../../src/server/config/urls';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite, type Admitted, type MadeCite } from '../helpers/assignment';
import { insertSession, setSession } from '../helpers/dossiers';
import { expectCode, expectFieldError, Fixtures } from '../helpers/resources';
import { ADMISSIBLE_COLUMNS, ADMISSIBLE_TEMPLATE_EXAMPLE } from '../../src/domain/admissibles';

let t: TestContext;
let f: Fixtures;
let oua: number;

interface Row {
  idAffectation: number;
  idDossier: number;
  ine: string;
  idLit: number;
  idChambre: number;
  idCite: number;
  codeVerification: string;
  nomCite: string;
  libelleBatiment: string;
  libelleChambre: string;
  libelleLit: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  montantChambre: number;
}

beforeAll(async () => {
  t = await setupTestApp({ PUBLIC_URL: 'https://hebergement.cenou.bf' });
  f = await Fixtures.create(t);
  oua = await directionId(t.database.db, 'OUA');
});
afterAll(() => t?.close());

const db = () => t.database.db;
const as = async (who: 'admin' | 'cenou' | 'dr' | 'dr2') => ({ token: await t.token(who) });
const studentToken = (s: Admitted) => signToken(t.app, { id: s.idUser, role: ETUDIANT, tokenVersion: 0 });

/** A new OUVERT session in DELIBERATION for direction OUA (the former one closed): a clean slate. */
async function freshSession(): Promise<number> {
  await db().execute(
    sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = ${oua} AND statut_session <> 'FERME'`,
  );
  return insertSession(db(), oua, 'DELIBERATION');
}

async function post(body: unknown, who: 'admin' | 'cenou' | 'dr' | 'dr2' = 'dr') {
  return t.api('POST', 'campus/affectation', { ...(await as(who)), body });
}

/** Students in rank order on NATIONAUX (ranks 1…n), sexes as given. */
async function admitted(idSessionCenou: number, sexes: string): Promise<Admitted[]> {
  const out: Admitted[] = [];
  let rang = 0;
  for (const s of sexes.split('')) {
    rang += 1;
    out.push(await insertAdmitted(db(), { idSessionCenou, sexe: s as 'M' | 'F', rang }));
  }
  return out;
}

const bedOf = (c: MadeCite, rowsOut: Row[], ine: string) => {
  const row = rowsOut.find((r) => r.ine === ine)!;
  return Object.entries(c.lits).find(([, id]) => id === row.idLit)![0];
};

describe('automatic assignment: rank order, sexes, rooms filled in code order', () => {
  it('places men, women and a MIXTE building as the rules say', async () => {
    const s = await freshSession();
    // Declared out of code order: the order comes from the codes, 'B10' after 'B9'.
    const cite = await insertCite(db(), {
      batiments: [
        {
          code: 'C',
          sexe: 'MIXTE',
          chambres: [
            { code: '302', lits: 2 },
            { code: '301', lits: 2 },
          ],
        },
        {
          code: 'A',
          sexe: 'M',
          chambres: [
            { code: '102', lits: 2 },
            { code: '101', lits: 2 },
          ],
        },
        { code: 'B', sexe: 'F', chambres: [{ code: '201', lits: 2 }] },
      ],
    });
    const [m1, f1, m2, m3, f2, f3, m4, f4, m5, m6, _m7] = await admitted(s, 'MFMMFFMFMMM');
    // Not eligible: no answer yet, refused, waiting list, another session's admitted.
    await insertAdmitted(db(), { idSessionCenou: s, sexe: 'M', rang: 0, reponse: 'EN_ATTENTE' });
    await insertAdmitted(db(), {
      idSessionCenou: s,
      sexe: 'M',
      rang: 0,
      reponse: 'REFUSE',
      statutDossier: 'DESISTE',
    });
    await insertAdmitted(db(), {
      idSessionCenou: s,
      sexe: 'F',
      rang: 1,
      statutDossier: 'LISTE_ATTENTE',
      reponse: null,
    });

    const res = await post({ idSessionCenou: s, idCite: cite.idCite });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { affectes: Row[]; nonAffectes: number };
    expect(body.affectes.map((r) => r.ine)).toEqual(
      [m1, f1, m2, m3, f2, f3, m4, f4, m5, m6].map((x) => x.ine),
    );
    expect(body.nonAffectes).toBe(1); // m7: the cité is full
    const where = (x: Admitted) => bedOf(cite, body.affectes, x.ine);
    expect(where(m1)).toBe('A/N1/C1/101/1');
    expect(where(f1)).toBe('B/N1/C1/201/1');
    expect(where(m2)).toBe('A/N1/C1/101/2');
    expect(where(m3)).toBe('A/N1/C1/102/1');
    expect(where(f2)).toBe('B/N1/C1/201/2');
    expect(where(f3)).toBe('C/N1/C1/301/1'); // the MIXTE room takes its first occupant's sex
    expect(where(m4)).toBe('A/N1/C1/102/2');
    expect(where(f4)).toBe('C/N1/C1/301/2');
    expect(where(m5)).toBe('C/N1/C1/302/1');
    expect(where(m6)).toBe('C/N1/C1/302/2');
    expect(body.affectes[0]).toMatchObject({
      idSessionCenou: s,
      nomCite: expect.any(String),
      libelleBatiment: 'Bâtiment A',
      libelleNiveau: 'Niveau N1',
      libelleCouloir: 'Couloir C1',
      libelleChambre: 'Chambre 101',
      libelleLit: 'Lit 1',
      montantChambre: 7500,
    });
    for (const r of body.affectes) {
      expect(r.codeVerification).toMatch(new RegExp(`^[${CODE_ALPHABET}]{12}$`));
    }
    // A mail for each, in the outbox.
    const mails = await rows<{ recipient: string }>(
      db(),
      sql`SELECT recipient FROM outbox_mail WHERE kind = 'AFFECTATION_LIT'`,
    );
    expect(mails.map((m) => m.recipient)).toContain(`${m1.ine.toLowerCase()}@exemple.bf`);
    // Queued in the template form, each mail reads as the template function writes it for its student.
    const first = body.affectes.find((r) => r.ine === m1.ine)!;
    const [sent] = await queuedMails(
      db(),
      sql`m.kind = 'AFFECTATION_LIT' AND m.id_dossier = ${first.idDossier}`,
    );
    const expected = bedAssignedMail(
      {
        nom: first.nomEtudiant,
        prenom: first.prenomEtudiant,
        nomCite: first.nomCite,
        libelleBatiment: first.libelleBatiment,
        libelleChambre: first.libelleChambre,
        libelleLit: first.libelleLit,
        montantChambre: first.montantChambre,
        codeVerification: first.codeVerification,
      },
      tableauDeBordUrl(t.config),
    );
    expect(sent).toMatchObject({
      subject: expected.subject,
      text_body: expected.text,
      html_body: expected.html,
    });
    expect(sent.text_body).toContain(
      `Code de vérification de votre attestation\u00a0: ${first.codeVerification}`,
    );

    // Nothing left: the same call assigns nobody and says m7 still waits.
    const again = await post({ idSessionCenou: s, idCite: cite.idCite });
    expect(again.json()).toEqual({ affectes: [], nonAffectes: 1 });
  });

  it('a MIXTE room holding a woman takes only women; ranks across lists: PUPILLES, ETRANGERS, NATIONAUX', async () => {
    const s = await freshSession();
    const cite = await insertCite(db(), {
      batiments: [
        {
          code: 'M1',
          sexe: 'MIXTE',
          chambres: [
            { code: '1', lits: 2 },
            { code: '2', lits: 2 },
          ],
        },
      ],
    });
    const nat = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', liste: 'NATIONAUX', rang: 1 });
    const etr = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'M', liste: 'ETRANGERS', rang: 1 });
    const pup = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', liste: 'PUPILLES', rang: 1 });
    const res = await post({ idSessionCenou: s, idCite: cite.idCite });
    const out = (res.json() as { affectes: Row[] }).affectes;
    expect(out.map((r) => r.ine)).toEqual([pup.ine, etr.ine, nat.ine]);
    expect(bedOf(cite, out, pup.ine)).toBe('M1/N1/C1/1/1');
    expect(bedOf(cite, out, etr.ine)).toBe('M1/N1/C1/2/1');
    expect(bedOf(cite, out, nat.ine)).toBe('M1/N1/C1/1/2');
  });
});

describe('a list of students: all or nothing', () => {
  it('409 when beds are short, nothing written; then the list fits', async () => {
    const s = await freshSession();
    const cite = await insertCite(db(), {
      batiments: [{ code: 'A', sexe: 'F', chambres: [{ code: '1', lits: 2 }] }],
    });
    const [a, b] = await admitted(s, 'FF');
    const c = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'M', rang: 3 });
    const short = await post({ idSessionCenou: s, idCite: cite.idCite, etudiants: [a.ine, b.ine, c.ine] });
    expectCode(short, 409, 'CONFLIT');
    expect(short.json().message).toBe(fill(messages.affectationLitsInsuffisants, { nombre: 1 }));
    const n = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM affectation WHERE id_session_cenou = ${s}`,
    );
    expect(n!.n).toBe(0);
    // The list is placed in rank order whatever order it is given in.
    const ok = await post({
      idSessionCenou: s,
      idCite: cite.idCite,
      etudiants: [b.ine.toLowerCase(), a.ine],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { affectes: Row[] }).affectes.map((r) => r.ine)).toEqual([a.ine, b.ine]);
    expect(ok.json().nonAffectes).toBe(0);
    // Already housed: 409 DOUBLON naming them.
    const twice = await post({ idSessionCenou: s, idCite: cite.idCite, etudiants: [a.ine] });
    expectCode(twice, 409, 'DOUBLON');
    expect(twice.json().message).toBe(messages.affectationEtudiantsDejaLoges.replace('{ines}', a.ine));
  });

  it('409 naming the students who are not admitted or did not accept', async () => {
    const s = await freshSession();
    const cite = await insertCite(db(), {
      batiments: [{ code: 'A', sexe: 'MIXTE', chambres: [{ code: '1', lits: 9 }] }],
    });
    const [ok] = await admitted(s, 'M');
    const waiting = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'M', reponse: 'EN_ATTENTE' });
    const notAdmitted = await insertAdmitted(db(), {
      idSessionCenou: s,
      sexe: 'F',
      statutDossier: 'NON_ADMIS',
      reponse: null,
    });
    const res = await post({
      idSessionCenou: s,
      idCite: cite.idCite,
      etudiants: [ok.ine, waiting.ine, notAdmitted.ine, 'XX9999999999'],
    });
    expectCode(res, 409, 'CONFLIT');
    expect(res.json().message).toBe(
      messages.affectationEtudiantsNonEligibles.replace(
        '{ines}',
        [waiting.ine, notAdmitted.ine, 'XX9999999999'].join(', '),
      ),
    );
  });

  it('400 on a malformed body', async () => {
    const s = await freshSession();
    expectFieldError(await post({ idSessionCenou: s }), 'idCite');
    expectCode(await post({ idSessionCenou: s, idCite: 1, etudiants: [] }), 400, 'VALIDATION');
  });
});

describe('directions and session phase', () => {
  it('a cité of another direction: 409; another direction’s manager: 403; a closed phase: 409 SESSION_FERMEE', async () => {
    const s = await freshSession();
    const bobo = await insertCite(db(), {
      ville: 'Bobo-Dioulasso',
      batiments: [{ code: 'A', sexe: 'MIXTE', chambres: [{ code: '1', lits: 2 }] }],
    });
    const ouaga = await insertCite(db(), {
      batiments: [{ code: 'A', sexe: 'MIXTE', chambres: [{ code: '1', lits: 2 }] }],
    });
    await admitted(s, 'M');
    const other = await post({ idSessionCenou: s, idCite: bobo.idCite });
    expectCode(other, 409, 'CONFLIT');
    expect(other.json().message).toBe(messages.affectationCiteAutreDirection);
    expectCode(await post({ idSessionCenou: s, idCite: ouaga.idCite }, 'dr2'), 403, 'INTERDIT');
    await setSession(db(), s, 'ANALYSE', 'OUVERT');
    const closed = await post({ idSessionCenou: s, idCite: ouaga.idCite });
    expectCode(closed, 409, 'SESSION_FERMEE');
    expect(closed.json().message).toBe(messages.sessionDeliberationClose);
    await setSession(db(), s, 'DELIBERATION', 'SUSPENDU');
    expectCode(await post({ idSessionCenou: s, idCite: ouaga.idCite }), 409, 'SESSION_FERMEE');
    await setSession(db(), s, 'DELIBERATION', 'OUVERT');
    expect((await post({ idSessionCenou: s, idCite: ouaga.idCite }, 'cenou')).statusCode).toBe(200);
    expectCode(await post({ idSessionCenou: 999999, idCite: ouaga.idCite }), 404, 'INTROUVABLE');
  });
});

describe('move, cancel, free beds, lists', () => {
  let s: number;
  let cite: MadeCite;
  let placed: Row[];
  let m1: Admitted;
  let f1: Admitted;

  beforeAll(async () => {
    s = await freshSession();
    cite = await insertCite(db(), {
      montant: 12500,
      batiments: [
        { code: 'A', sexe: 'M', chambres: [{ code: '1', lits: 2 }] },
        { code: 'B', sexe: 'F', chambres: [{ code: '1', lits: 2 }] },
        {
          code: 'C',
          sexe: 'MIXTE',
          chambres: [
            { code: '1', lits: 2 },
            { code: '2', lits: 2 },
          ],
        },
      ],
    });
    [m1, f1] = await admitted(s, 'MF');
    placed = (
      (await post({ idSessionCenou: s, idCite: cite.idCite, etudiants: [m1.ine, f1.ine] })).json() as {
        affectes: Row[];
      }
    ).affectes;
  });

  const put = async (id: number, idLit: number, who: 'dr' | 'dr2' = 'dr') =>
    t.api('PUT', `campus/affectation/${id}`, { ...(await as(who)), body: { idLit } });
  const idOf = (x: Admitted) => placed.find((r) => r.ine === x.ine)!.idAffectation;

  it('free beds by sex and building', async () => {
    const res = await t.api(
      'GET',
      `campus/affectation/disponibilites?idSessionCenou=${s}&idCite=${cite.idCite}`,
      await as('dr'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ M: 5, F: 5, total: 6 });
    expect(res.json().parBatiment).toEqual([
      expect.objectContaining({ libelleBatiment: 'Bâtiment A', sexe: 'M', M: 1, F: 0, total: 1 }),
      expect.objectContaining({ libelleBatiment: 'Bâtiment B', sexe: 'F', M: 0, F: 1, total: 1 }),
      expect.objectContaining({ libelleBatiment: 'Bâtiment C', sexe: 'MIXTE', M: 4, F: 4, total: 4 }),
    ]);
    expectCode(
      await t.api(
        'GET',
        `campus/affectation/disponibilites?idSessionCenou=${s}&idCite=${cite.idCite}`,
        await as('dr2'),
      ),
      403,
      'INTERDIT',
    );
  });

  it('moves refused: a bed taken, the other sex’s building, a room of the other sex', async () => {
    const taken = await put(idOf(m1), cite.lits['B/N1/C1/1/1']);
    expectCode(taken, 409, 'DOUBLON');
    expect(taken.json().message).toBe(messages.affectationLitOccupe);
    const wrongBuilding = await put(idOf(m1), cite.lits['B/N1/C1/1/2']);
    expectCode(wrongBuilding, 409, 'CONFLIT');
    expect(wrongBuilding.json().message).toBe(messages.affectationLitIncompatible);
    // f1 into the MIXTE room 1, then m1 may not join her there.
    expect((await put(idOf(f1), cite.lits['C/N1/C1/1/1'])).statusCode).toBe(200);
    const mixed = await put(idOf(m1), cite.lits['C/N1/C1/1/2']);
    expectCode(mixed, 409, 'CONFLIT');
    expectCode(await put(idOf(m1), 99999999), 400, 'VALIDATION');
    expectCode(await put(idOf(m1), cite.lits['C/N1/C1/2/1'], 'dr2'), 403, 'INTERDIT');
    expectCode(await put(99999999, cite.lits['C/N1/C1/2/1']), 404, 'INTROUVABLE');
  });

  it('a move frees the old bed and keeps the code', async () => {
    const before = placed.find((r) => r.ine === m1.ine)!;
    const res = await put(idOf(m1), cite.lits['C/N1/C1/2/2']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      idLit: cite.lits['C/N1/C1/2/2'],
      codeVerification: before.codeVerification,
    });
    const free = await t.api(
      'GET',
      `campus/affectation/disponibilites?idSessionCenou=${s}&idCite=${cite.idCite}`,
      await as('dr'),
    );
    // A: 2 free (M); B: 2 free (F); C room 1 holds f1 (1 F bed), room 2 holds m1 (1 M bed).
    expect(free.json()).toMatchObject({ M: 3, F: 3, total: 6 });

    // The history: the bed given, then the move from the old bed to the new one, for staff and the student.
    const nb = (l: string[]) => l.map((x) => x.replace(/\u00a0/g, ' '));
    const place = (r: {
      nomCite: string;
      libelleBatiment: string;
      libelleChambre: string;
      libelleLit: string;
    }) => `${r.nomCite}, ${r.libelleBatiment}, ${r.libelleChambre}, ${r.libelleLit}`;
    const after = res.json() as Row & { libelleBatiment: string };
    for (const token of [(await as('dr')).token, studentToken(m1)]) {
      const events = (await t.api('GET', `campus/dossier/${m1.idDossier}/historique`, { token })).json() as {
        evenement: string;
        libelle: string;
        details: string[];
      }[];
      expect(events.map((e) => e.evenement)).toEqual(['AFFECTATION', 'CHANGEMENT_LIT']);
      expect(events[0].libelle).toBe('Lit attribué');
      expect(nb(events[0].details)).toEqual([`Lit : ${place(before as never)}`]);
      expect(events[1].libelle).toBe('Changement de lit');
      expect(nb(events[1].details)).toEqual([
        `Ancien lit : ${place(before as never)}`,
        `Nouveau lit : ${place(after)}`,
      ]);
    }
    // The journal: the assignment names the student and its bed in « Concerne », one entry per bed.
    const entry = await one<{ id: number }>(
      db(),
      sql`SELECT id::int AS id FROM audit_log WHERE action = 'AFFECTER' AND resource_id = ${String(before.idAffectation)}`,
    );
    const read = (await t.api('GET', `campus/audit/${entry!.id}`, await as('admin'))).json();
    expect(read.libelleObjet).toMatch(new RegExp(`\\(INE ${m1.ine}\\) — ${after.nomCite}, `));
    expect(read.resume.replace(/\u00a0/g, ' ')).toMatch(/^Lit attribué : .+, Chambre .+, Lit .+\./);
  });

  it('the list: paged, scoped, exported', async () => {
    const res = await t.api(
      'GET',
      `campus/affectation?idSessionCenou=${s}&idCite=${cite.idCite}&size=1`,
      await as('dr'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toHaveLength(1);
    const all = (
      await t.api(
        'GET',
        `campus/affectation?idSessionCenou=${s}&q=${encodeURIComponent(f1.ine)}`,
        await as('cenou'),
      )
    ).json() as Row[];
    expect(all.map((r) => r.ine)).toEqual([f1.ine]);
    expect(Object.keys(all[0])).toEqual(
      expect.arrayContaining([
        'idBatiment',
        'idNiveau',
        'libelleNiveau',
        'idCouloir',
        'libelleCouloir',
        'montantChambre',
      ]),
    );
    expectCode(
      await t.api('GET', `campus/affectation?idSessionCenou=${s}`, await as('dr2')),
      403,
      'INTERDIT',
    );
    expectFieldError(await t.api('GET', 'campus/affectation', await as('dr')), 'idSessionCenou');
    const xlsx = await t.api('GET', `campus/affectation?idSessionCenou=${s}&format=xlsx`, await as('dr'));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(
      /attachment; filename="affectations_\d{8}_\d{6}\.xlsx"/,
    );
  });

  it('the students still without a bed, in rank order, with a search', async () => {
    const late = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'M', rang: 9, nom: 'Tapsoba' });
    const early = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: 5 });
    await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: 4, reponse: 'EN_ATTENTE' });
    const res = await t.api('GET', `campus/affectation/sans-lit?idSessionCenou=${s}`, await as('dr'));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { ine: string }[]).map((r) => r.ine)).toEqual([early.ine, late.ine]);
    const found = await t.api(
      'GET',
      `campus/affectation/sans-lit?idSessionCenou=${s}&q=tapsoba`,
      await as('dr'),
    );
    expect((found.json() as { ine: string }[]).map((r) => r.ine)).toEqual([late.ine]);
    expectCode(
      await t.api('GET', `campus/affectation/sans-lit?idSessionCenou=${s}`, await as('dr2')),
      403,
      'INTERDIT',
    );
  });

  it('the student sees its own assignment, not another’s', async () => {
    const token = studentToken(f1);
    const mine = await t.api('GET', 'campus/affectation/etudiant', { token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0]).toMatchObject({
      ine: f1.ine,
      libelleDirection: expect.any(String),
      nomVille: 'Ouagadougou',
      anneeAcademique: '2026-2027',
      montantChambre: 12500,
    });
    expect((await t.api('GET', `campus/affectation/${idOf(f1)}`, { token })).statusCode).toBe(200);
    expectCode(await t.api('GET', `campus/affectation/${idOf(m1)}`, { token }), 404, 'INTROUVABLE');
    expectCode(
      await t.api('GET', `campus/affectation/${idOf(m1)}/attestation`, { token }),
      404,
      'INTROUVABLE',
    );
    expectCode(
      await t.api('POST', 'campus/affectation', { token, body: { idSessionCenou: s, idCite: cite.idCite } }),
      403,
      'INTERDIT',
    );
    expect((await t.api('GET', 'campus/affectation/etudiant', await as('dr'))).json()).toEqual([]);
    // Its result says the bed is given: never « un lit vous sera attribué » above it.
    const result = await t.api('GET', `campus/dossier/${f1.idDossier}/resultat`, { token });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ reponse: 'ACCEPTE', litAttribue: true });
  });

  it('the certificate: identity, bed, amount, code and QR address; the public check', async () => {
    const row = (await t.api('GET', `campus/affectation/${idOf(f1)}`, await as('dr'))).json() as Row;
    const res = await t.api('GET', `campus/affectation/${idOf(f1)}/attestation`, { token: studentToken(f1) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain(messages.attestationPdfTitre);
    expect(text).toContain(row.nomEtudiant);
    expect(text).toContain(row.prenomEtudiant);
    expect(text).toContain(f1.ine);
    expect(text).toContain(row.libelleLit);
    expect(text).toContain('Chambre 1');
    expect(text).toContain('Bâtiment C');
    expect(text).toContain('12 500 FCFA');
    // The year is running: the present tense; the monthly rent said once, not « par mois » again.
    expect(text.replace(/\s+/g, ' ')).toContain('est logé(e) en cité universitaire');
    expect(text).not.toContain('a été logé');
    expect(text).not.toContain('par mois');
    expect(text).toContain('2026-2027');
    expect(text).toContain(row.codeVerification);
    expect(text).toContain(`https://hebergement.cenou.bf/attestation/${row.codeVerification}`);

    const check = await t.api('GET', `campus-auth/attestation/${row.codeVerification}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      valide: true,
      nomEtudiant: row.nomEtudiant,
      prenomEtudiant: row.prenomEtudiant,
      nomCite: expect.any(String),
      anneeAcademique: '2026-2027',
      dateAnnulation: null,
      anneeTerminee: false,
    });
    // Lower case is the same code; a forged one is unknown.
    expect(
      (await t.api('GET', `campus-auth/attestation/${row.codeVerification.toLowerCase()}`)).statusCode,
    ).toBe(200);
    const forged = row.codeVerification.slice(0, -1) + (row.codeVerification.endsWith('A') ? 'B' : 'A');
    expectCode(await t.api('GET', `campus-auth/attestation/${forged}`), 404, 'INTROUVABLE');
    expectCode(await t.api('GET', 'campus-auth/attestation/%27%20OR%201%3D1'), 404, 'INTROUVABLE');
  });

  it('housing: a bed, room or building holding a live assignment neither moves nor goes', async () => {
    const bed = cite.lits['C/N1/C1/1/1']; // f1's bed
    const lit = (await f.get('lit', bed)).json() as Record<string, unknown>;
    const moved = await f.call('PUT', `campus/lit/${bed}`, { ...lit, idChambre: cite.chambres['C/N1/C1/2'] });
    expectCode(moved, 409, 'REFERENCE_UTILISEE');
    expect(moved.json().message).toBe(messages.logementAffecteFige);
    expectCode(await f.call('PATCH', `campus/lit/${bed}`), 409, 'REFERENCE_UTILISEE');
    expectCode(
      await f.call('PATCH', `campus/chambre/${cite.chambres['C/N1/C1/1']}`),
      409,
      'REFERENCE_UTILISEE',
    );
    // A bâtiment of women cannot become a men's one while she lives in it; MIXTE → F is fine.
    const bat = (await f.get('batiment', cite.batiments.C)).json() as Record<string, unknown>;
    const toMen = await f.call('PUT', `campus/batiment/${cite.batiments.C}`, { ...bat, sexe: 'M' });
    expectCode(toMen, 409, 'CONFLIT');
    expect(toMen.json().message).toBe(messages.batimentSexeOccupe);
    // Another cité: refused while assigned.
    const other = await insertCite(db(), { batiments: [] });
    expectCode(
      await f.call('PUT', `campus/batiment/${cite.batiments.C}`, { ...bat, idCite: other.idCite }),
      409,
      'REFERENCE_UTILISEE',
    );
  });

  it('a building with rooms does not move to another cité (its rooms’ category); an empty one may', async () => {
    const bat = (await f.get('batiment', cite.batiments.A)).json() as Record<string, unknown>;
    const other = await insertCite(db(), { batiments: [] });
    expectFieldError(
      await f.call('PUT', `campus/batiment/${cite.batiments.A}`, { ...bat, idCite: other.idCite }),
      'idCite',
      messages.logementCategorieAutreCite,
    );
    const niveau = await one<{ id: number }>(
      db(),
      sql`SELECT id_niveau AS id FROM niveau WHERE id_batiment = ${cite.batiments.A}`,
    );
    const otherCite = await insertCite(db(), { batiments: [{ code: 'Z', sexe: 'M', chambres: [] }] });
    const nv = (await f.get('niveau', niveau!.id)).json() as Record<string, unknown>;
    expectFieldError(
      await f.call('PUT', `campus/niveau/${niveau!.id}`, { ...nv, idBatiment: otherCite.batiments.Z }),
      'idBatiment',
      messages.logementCategorieAutreCite,
    );
    const empty = await f.create('batiment', { idCite: cite.idCite, sexe: 'MIXTE' });
    const res = await f.call('PUT', `campus/batiment/${empty.idBatiment}`, {
      ...empty,
      idCite: other.idCite,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('cancel: the bed is freed, the certificate no longer valid, deletes allowed again', async () => {
    const row = (await t.api('GET', `campus/affectation/${idOf(f1)}`, await as('dr'))).json() as Row;
    expectCode(await t.api('PATCH', `campus/affectation/${idOf(f1)}`, await as('dr2')), 403, 'INTERDIT');
    // A reason too long, or not text, is refused whole (never cut), and nothing is cancelled.
    for (const motif of ['x'.repeat(501), 42]) {
      const bad = await t.api('PATCH', `campus/affectation/${idOf(f1)}`, {
        ...(await as('dr')),
        body: { motif },
      });
      expectFieldError(
        bad,
        'motif',
        typeof motif === 'number' ? messages.valeurInvalide : messages.valeurTropLongue,
      );
    }
    expect((await t.api('GET', `campus/affectation/${idOf(f1)}`, await as('dr'))).statusCode).toBe(200);
    const res = await t.api('PATCH', `campus/affectation/${idOf(f1)}`, await as('dr'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.affectationAnnuleeMessage });
    const events = (
      await t.api('GET', `campus/dossier/${f1.idDossier}/historique`, { token: studentToken(f1) })
    ).json() as { evenement: string; libelle: string; acteur: string; details: string[] }[];
    expect(events.at(-1)).toMatchObject({
      evenement: 'ANNULATION_AFFECTATION',
      libelle: 'Attribution du lit annulée',
      acteur: 'Le CENOU',
    });
    expect(events.at(-1)!.details[0].replace(/\u00a0/g, ' ')).toBe(
      `Lit : ${row.nomCite}, ${(row as Row & { libelleBatiment: string }).libelleBatiment}, ${row.libelleChambre}, ${row.libelleLit}`,
    );
    expectCode(await t.api('PATCH', `campus/affectation/${idOf(f1)}`, await as('dr')), 404, 'INTROUVABLE');
    const check = await t.api('GET', `campus-auth/attestation/${row.codeVerification}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      valide: false,
      dateAnnulation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expectCode(
      await t.api('GET', `campus/affectation/${idOf(f1)}/attestation`, { token: studentToken(f1) }),
      404,
      'INTROUVABLE',
    );
    expect((await t.api('GET', 'campus/affectation/etudiant', { token: studentToken(f1) })).json()).toEqual(
      [],
    );
    expect(
      (await t.api('GET', `campus/dossier/${f1.idDossier}/resultat`, { token: studentToken(f1) })).json(),
    ).toMatchObject({ litAttribue: false });
    // The cancelled assignment no longer blocks: the bed may go, and the student may be housed again.
    const bed = cite.lits['C/N1/C1/1/1'];
    expect((await f.call('PATCH', `campus/lit/${bed}`)).statusCode).toBe(200);
    const again = await post({ idSessionCenou: s, idCite: cite.idCite, etudiants: [f1.ine] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().affectes[0].codeVerification).not.toBe(row.codeVerification);
  });

  it('a withdrawn admission ends the certificate even before its bed is freed', async () => {
    const row = placed.find((r) => r.ine === m1.ine)!;
    await db().execute(
      sql`UPDATE dossier SET statut_dossier = 'DESISTE', reponse = 'RETIRE' WHERE id_dossier = ${m1.idDossier}`,
    );
    const check = await t.api('GET', `campus-auth/attestation/${row.codeVerification}`);
    expect(check.json()).toMatchObject({ valide: false, dateAnnulation: expect.any(String) });
    // …and its assignment can no longer move (only be cancelled).
    const moved = await put(idOf(m1), cite.lits['A/N1/C1/1/1']);
    expectCode(moved, 409, 'CONFLIT');
    expect(moved.json().message).toBe(messages.affectationEtudiantNonEligible);
  });
});

describe('students loaded by the admissible upload (docs/offers.md: no offer step, accepted)', () => {
  it('get a bed, download their certificate, and the public check confirms it', async () => {
    const s = await freshSession();
    const cite = await insertCite(db(), {
      batiments: [{ code: 'U', sexe: 'MIXTE', chambres: [{ code: 'U1', lits: 2 }] }],
    });
    // A deposited, analysed dossier that the deliberation did not admit, then loaded by the upload.
    const loaded = await insertAdmitted(db(), {
      idSessionCenou: s,
      sexe: 'F',
      statutDossier: 'ANALYSE',
      liste: null,
      reponse: null,
    });
    const notLoaded = await insertAdmitted(db(), {
      idSessionCenou: s,
      sexe: 'F',
      statutDossier: 'ANALYSE',
      liste: null,
      reponse: null,
    });
    const row = { ...ADMISSIBLE_TEMPLATE_EXAMPLE, ine: loaded.ine, villeOrientation: 'Ouagadougou' };
    const csv = `${ADMISSIBLE_COLUMNS.join(';')}\r\n${ADMISSIBLE_COLUMNS.map((c) => row[c]).join(';')}\r\n`;
    const upload = await t.api('POST', 'campus/chargement-admissibles', {
      ...(await as('admin')),
      body: { nomFichier: 'admissibles.csv', fichier: Buffer.from(csv).toString('base64'), idSession: s },
    });
    expect(upload.statusCode, upload.body).toBe(200);

    // Only the loaded student is eligible.
    expectCode(
      await post({ idSessionCenou: s, idCite: cite.idCite, etudiants: [notLoaded.ine] }),
      409,
      'CONFLIT',
    );
    const res = await post({ idSessionCenou: s, idCite: cite.idCite, etudiants: [loaded.ine] });
    expect(res.statusCode, res.body).toBe(200);
    const [placed] = (res.json() as { affectes: Row[] }).affectes;
    expect(placed.ine).toBe(loaded.ine);

    // Its certificate, for itself; and the public check says it is valid.
    const pdf = await t.api('GET', `campus/affectation/${placed.idAffectation}/attestation`, {
      token: studentToken(loaded),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const check = await t.api('GET', `campus-auth/attestation/${placed.codeVerification}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ valide: true, nomCite: expect.any(String), anneeTerminee: false });

    // Once its session is closed the year is over: the certificate says « a été logé(e) … au cours
    // de l'année académique … », the check says genuine, for a past year.
    await db().execute(sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_session_cenou = ${s}`);
    const past = await t.api('GET', `campus/affectation/${placed.idAffectation}/attestation`, {
      token: studentToken(loaded),
    });
    expect(past.statusCode).toBe(200);
    const { text } = await readPdf(past.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    const annee = (check.json() as { anneeAcademique: string }).anneeAcademique;
    expect(flat).toContain('a été logé(e) en cité universitaire au cours de l’année académique');
    expect(flat).toContain(annee);
    expect(flat).not.toContain('est logé(e)');
    expect(flat).not.toContain('par mois');
    const pastCheck = await t.api('GET', `campus-auth/attestation/${placed.codeVerification}`);
    expect(pastCheck.json()).toMatchObject({ valide: true, anneeAcademique: annee, anneeTerminee: true });
  });
});

describe('the printed list of assignments', () => {
  it('is a landscape PDF with the students, their beds and codes, and page numbers', async () => {
    const s = await freshSession();
    const cite = await insertCite(db(), {
      batiments: [{ code: 'P', sexe: 'MIXTE', chambres: [{ code: 'P1', lits: 2 }] }],
    });
    const students = await admitted(s, 'FF');
    const res = await post({ idSessionCenou: s, idCite: cite.idCite });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await t.api('GET', `campus/affectation?idSessionCenou=${s}&format=pdf`, await as('dr'));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const read = await readPdf(pdf.rawPayload);
    expect(read.pages[0].width).toBeGreaterThan(read.pages[0].height);
    const { text } = read;
    expect(text).toContain('Affectations');
    for (const st of students) expect(text).toContain(st.ine);
    expect(text).toMatch(/Page 1 \/ 1/);
    const rowsOut = (res.json() as { affectes: Row[] }).affectes;
    for (const r of rowsOut) expect(text).toContain(r.codeVerification);
    // The same columns as the list's XLSX, made from one list: as many, none cut.
    const xlsx = await t.api('GET', `campus/affectation?idSessionCenou=${s}&format=xlsx`, await as('dr'));
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0];
    let header: string[] = [];
    sheet.eachRow((row) => {
      const cells = (row.values as unknown[]).slice(1).map(String);
      if (header.length === 0 && cells[0] === fieldLabel('ine')) header = cells;
    });
    expect(header).toContain(messages.colonneCouloir);
    expect(header).toContain(messages.colonneCodeVerification);
    const layout = await readPdfLayout(pdf.rawPayload);
    expect(layout[0]!.edges).toHaveLength(header.length + 1);
    expect(cutTexts(layout)).toEqual([]);
  });
});

describe('the bed SMS (docs/messages.md#sms)', () => {
  it('names the cité and the bed by their codes, whole, in one SMS; a move too; a room without code by its label', async () => {
    const s = await freshSession();
    const cite = await insertCite(db(), {
      nom: 'Cité universitaire Espérance II',
      batiments: [
        {
          code: 'B',
          sexe: 'F',
          chambres: [
            { code: '012', lits: 1 },
            { code: '013', lits: 1 },
          ],
        },
      ],
    });
    // The seed's codes: room B-012, bed B-012-1; the other room and bed with labels only.
    const [room12, room13] = [cite.chambres['B/N1/C1/012'], cite.chambres['B/N1/C1/013']];
    await db().execute(
      sql`UPDATE chambre SET code_chambre = 'B-012', libelle_chambre = 'Chambre B-012' WHERE id_chambre = ${room12}`,
    );
    await db().execute(
      sql`UPDATE lit SET code_lit = 'B-012-1', libelle_lit = 'Lit B-012-1' WHERE id_chambre = ${room12}`,
    );
    await db().execute(
      sql`UPDATE chambre SET code_chambre = NULL, libelle_chambre = 'Chambre B-013' WHERE id_chambre = ${room13}`,
    );
    await db().execute(
      sql`UPDATE lit SET code_lit = NULL, libelle_lit = 'Lit B-013-1' WHERE id_chambre = ${room13}`,
    );
    const [f1] = await admitted(s, 'F');
    await db().execute(
      sql`UPDATE registre_etudiant SET tel_etudiant = '70 12 34 56' WHERE id_etudiant = ${f1.idEtudiant}`,
    );
    const res = await post({ idSessionCenou: s, idCite: cite.idCite, etudiants: [f1.ine] });
    expect(res.statusCode, res.body).toBe(200);
    const [placedRow] = (res.json() as { affectes: Row[] }).affectes;
    expect(placedRow.idLit).toBe(cite.lits['B/N1/C1/012/1']);
    const moved = await t.api('PUT', `campus/affectation/${placedRow.idAffectation}`, {
      ...(await as('dr')),
      body: { idLit: cite.lits['B/N1/C1/013/1'] },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const sms = await rows<{ kind: string; recipient: string; text: string }>(
      db(),
      sql`SELECT kind, recipient, text_body AS text FROM outbox_sms WHERE id_dossier = ${f1.idDossier} ORDER BY id`,
    );
    expect(sms.map((x) => [x.kind, x.recipient])).toEqual([
      ['AFFECTATION_LIT', '70 12 34 56'],
      ['DEPLACEMENT_LIT', '70 12 34 56'],
    ]);
    expect(sms[0].text).toBe(
      'CENOU : un lit vous est attribué : Cité universitaire Espérance II, batiment B, chambre B-012, lit B-012-1. Attestation sur votre tableau de bord.',
    );
    expect(sms[1].text).toBe(
      'CENOU : votre lit a changé : Cité universitaire Espérance II, batiment B, chambre B-013, lit B-013-1. Attestation sur votre tableau de bord.',
    );
    for (const x of sms) expect(gsmSeptets(x.text)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
  });
});

describe('an assignment’s parents, held by the database (decision 091)', () => {
  const says = (pattern: RegExp) => (err: unknown) => {
    const e = err as { message?: string; cause?: { message?: string; constraint?: string } };
    return pattern.test(`${e.message} ${e.cause?.message ?? ''} ${e.cause?.constraint ?? ''}`);
  };

  it('names only a dossier, student, room and bed that exist; a named one is neither deleted nor renumbered', async () => {
    const s = await freshSession();
    const c = await insertCite(db(), {
      batiments: [{ code: 'P', sexe: 'MIXTE', chambres: [{ code: '1', lits: 2 }] }],
    });
    const [a] = await admitted(s, 'F');
    const bed = c.lits['P/N1/C1/1/1'];
    const room = c.chambres['P/N1/C1/1'];
    const insert = (over: Partial<Record<'dossier' | 'etudiant' | 'chambre' | 'lit', number>> = {}) =>
      db().execute(
        sql`INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, code_verification)
            VALUES (${s}, ${over.dossier ?? a.idDossier}, ${over.etudiant ?? a.idEtudiant}, ${c.idCite},
                    ${over.chambre ?? room}, ${over.lit ?? bed}, ${`PARENTS${Date.now()}`})`,
      );
    const count = async () =>
      (await one<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM affectation WHERE id_session_cenou = ${s}`,
      ))!.n;
    // What the foreign keys refused, now one check per statement: nothing written.
    for (const [over, constraint] of [
      [{ dossier: 999999 }, /affectation_id_dossier_existe/],
      [{ etudiant: 999999 }, /affectation_id_etudiant_existe/],
      [{ chambre: 999999 }, /affectation_id_chambre_existe/],
      [{ lit: 999999 }, /affectation_id_lit_existe/],
    ] as const)
      await expect(insert(over)).rejects.toSatisfy(says(constraint));
    expect(await count()).toBe(0);
    // Through the API, then every parent it names is kept, whether the assignment is live or not.
    const res = await post({ idSessionCenou: s, idCite: c.idCite, etudiants: [a.ine] });
    expect(res.statusCode).toBe(200);
    const placed = (res.json() as { affectes: Row[] }).affectes[0];
    const kept = [
      ['lit', 'id_lit', placed.idLit],
      ['chambre', 'id_chambre', placed.idChambre],
      ['dossier', 'id_dossier', placed.idDossier],
      ['registre_etudiant', 'id_etudiant', a.idEtudiant],
    ] as const;
    for (const [table, key, id] of kept) {
      await expect(
        db().execute(sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(key)} = ${id}`),
      ).rejects.toSatisfy(says(new RegExp(`affectation_${key}_existe`)));
      await expect(
        db().execute(
          sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(key)} = ${sql.identifier(key)} + 1000000
              WHERE ${sql.identifier(key)} = ${id}`,
        ),
      ).rejects.toSatisfy(says(new RegExp(`affectation_${key}_existe`)));
    }
    // An update that names a missing bed is refused; one to another bed that exists passes.
    await expect(
      db().execute(
        sql`UPDATE affectation SET id_lit = 999999 WHERE id_affectation = ${placed.idAffectation}`,
      ),
    ).rejects.toSatisfy(says(/affectation_id_lit_existe/));
    const other = c.lits['P/N1/C1/1/2'];
    await db().execute(
      sql`UPDATE affectation SET id_lit = ${other} WHERE id_affectation = ${placed.idAffectation}`,
    );
    await db().execute(
      sql`UPDATE affectation SET id_lit = ${bed} WHERE id_affectation = ${placed.idAffectation}`,
    );
    // A parent that no assignment names goes: the bed it left.
    await db().execute(sql`DELETE FROM lit WHERE id_lit = ${other}`);
    expect(await one(db(), sql`SELECT 1 FROM lit WHERE id_lit = ${other}`)).toBeUndefined();
    expect(await count()).toBe(1);
  });
});
