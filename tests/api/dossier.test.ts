import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DepositForm,
  DepositSituationAnswer,
  DossierDetail,
  DossierSummary,
} from '../../src/domain/schemas/dossier';
import { messages } from '../../src/domain/messages';
import { rows } from '../../src/server/db/client';
import { sweepProofs } from '../../src/server/modules/dossier/files';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  dossierCount,
  makeCite,
  makeCriteria,
  makeSession,
  multipart,
  pdfOfSize,
  realPdf,
  setSession,
  ageDocuments,
  storedFiles,
  studentAccount,
  textFile,
  type Criteria,
  type Part,
} from '../helpers/dossier';
import { expectCode, expectFieldError, Fixtures } from '../helpers/resources';

/**
 * The deposit (issue 8, docs/sessions-and-dossiers.md): the form, the deposit in JSON and in multipart, the rules
 * whatever the client sends, whole or nothing (no row, no file after any failure), the edit, the
 * delete, the proofs and who may read them. Real database, real PDF bytes.
 */
let t: TestContext;
let f: Fixtures;
let c: Criteria;
let pdfA: Buffer;
let pdfC: Buffer;
let sessionOua: number;
let sessionKdg: number;
let n = 0;

const b64 = (b: Buffer) => b.toString('base64');
/** A new student of a ville (its own token), so that each case starts without a dossier. */
const newStudent = (ville = 'Ouagadougou', sigle = 'OUA') =>
  studentAccount(t, { ine: `DP${String((n += 1)).padStart(8, '0')}`, ville, sigle });

/** A complete JSON body: A → a1 with its proof, C → c1 with its proof. */
const goodJson = (extra: Record<string, unknown> = {}) => ({
  typeDossier: 'NOUVEAU',
  listeDossierCritere: [
    { idTypeCritere: c.typeA, idCritere: c.a1, nomFichier: 'acte.pdf', fichier: b64(pdfA) },
    { idTypeCritere: c.typeC, idCritere: c.c1, nomFichier: 'NATIONALITE.PDF', fichier: b64(pdfC) },
  ],
  ...extra,
});

const putJson = (token: string, body: unknown) => t.api('PUT', 'campus/dossier', { token, body });

function putMultipart(token: string, dossier: unknown, files: (Omit<Part, 'name'> & { type: number })[]) {
  const body = multipart([
    { name: 'dossier', value: JSON.stringify(dossier) },
    ...files.map((file) => ({ ...file, name: `fichier-${file.type}` })),
  ]);
  return t.app.inject({
    method: 'PUT',
    url: '/service/api/hebergement-cenou/campus/dossier',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const multipartEntries = () => ({
  listeDossierCritere: [
    { idTypeCritere: c.typeA, idCritere: c.a1 },
    { idTypeCritere: c.typeC, idCritere: c.c1 },
  ],
});

/** Expects the refusal and that nothing of the student was stored. */
async function expectNothingStored(idUser: number, filesBefore: string[]) {
  expect(await dossierCount(t, sql`id_user = ${idUser}`)).toBe(0);
  expect(await storedFiles(t)).toEqual(filesBefore);
}

beforeAll(async () => {
  t = await setupTestApp();
  f = await Fixtures.create(t);
  c = await makeCriteria(f);
  pdfA = await realPdf('Acte de naissance');
  pdfC = await realPdf('Certificat de nationalité');
  await makeCite(f, 'Ouagadougou');
  await makeCite(f, 'Bobo-Dioulasso');
  await makeCite(f, 'Koudougou');
  sessionOua = await makeSession(t, f, 'OUA');
  sessionKdg = await makeSession(t, f, 'KDG');
  await makeSession(t, f, 'KAY');
});
afterAll(() => t.close());

describe('the deposit form', () => {
  it('gives the session, the identity and one entry per criterion type', async () => {
    const token = await t.token('etudiant');
    const res = await t.api('GET', 'campus/dossier/depot/?ineEtudiant=N00000000001', { token });
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json() as DepositForm;
    expect(form).toMatchObject({
      idSessionCenou: sessionOua,
      ine: 'N00000000001',
      nomEtudiant: 'Zongo',
      prenomEtudiant: 'Aïcha',
      sexeEtudiant: 'F',
      dateNaissance: '2004-03-12',
      lieuNaissance: 'Koudougou',
      serieBac: 'D',
      moyenneBac: 13.5,
      typePays: 'NATIONAL',
      nomVille: 'Ouagadougou',
      anneeAcademique: '2026-2027',
      dossierExistant: null,
    });
    expect(form.libelleDirection).toContain('Ouagadougou');
    const a = form.listeDossierCritere.find((e) => e.idTypeCritere === c.typeA)!;
    expect(a).toMatchObject({ obligatoire: true, justificatif: true });
    expect(a.listeCritere).toEqual([
      expect.objectContaining({ idCritere: c.a1, obligatoire: true }),
      expect.objectContaining({ idCritere: c.a2, obligatoire: false }),
    ]);
    expect(form.listeDossierCritere.find((e) => e.idTypeCritere === c.typeB)).toMatchObject({
      obligatoire: false,
      justificatif: true,
    });
  });

  it("another student's INE is 404; staff cannot ask for a form (403)", async () => {
    const other = await newStudent();
    expectCode(
      await t.api('GET', 'campus/dossier/depot?ineEtudiant=N00000000001', { token: other.token }),
      404,
      'INTROUVABLE',
    );
    expectCode(
      await t.api('GET', 'campus/dossier/depot?ineEtudiant=N00000000001', { token: await t.token('admin') }),
      403,
      'INTERDIT',
    );
  });

  it('the student’s situation says, never as a 409, whether its direction takes a deposit and why not', async () => {
    const situation = async (token: string) => {
      const res = await t.api('GET', 'campus/dossier/situation', { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as DepositSituationAnswer;
    };
    // Ouagadougou's session is in INSCRIPTION; a new student has no stay: no re-admission.
    expect(await situation(await t.token('etudiant'))).toEqual({
      depotPossible: true,
      motif: null,
      anneeAcademique: '2026-2027',
      readmissionPossible: false,
    });
    // Bobo-Dioulasso's session takes no deposit; Kaya has no cité: the deposit's own refusals.
    const bobo = await newStudent('Bobo-Dioulasso', 'BOB');
    expect(await situation(bobo.token)).toMatchObject({
      depotPossible: false,
      motif: messages.sessionDepotFermee,
      readmissionPossible: false,
    });
    const kaya = await newStudent('Kaya', 'KAY');
    expect(await situation(kaya.token)).toMatchObject({
      depotPossible: false,
      motif: messages.villeSansCite,
      readmissionPossible: false,
    });
    expectCode(
      await t.api('GET', 'campus/dossier/situation', { token: await t.token('admin') }),
      403,
      'INTERDIT',
    );
  });

  it('is refused without an open session, and without a cité in the direction', async () => {
    const bobo = await newStudent('Bobo-Dioulasso', 'BOB');
    const res = await t.api('GET', 'campus/dossier/depot/', { token: bobo.token });
    expectCode(res, 409, 'SESSION_FERMEE');
    expect(res.json().message).toBe(messages.sessionDepotFermee);
    const kaya = await newStudent('Kaya', 'KAY');
    const res2 = await t.api('GET', 'campus/dossier/depot/', { token: kaya.token });
    expectCode(res2, 409, 'SESSION_FERMEE');
    expect(res2.json().message).toBe(messages.villeSansCite);
  });
});

describe('a complete deposit', () => {
  it('in JSON: 201 with the reference, the proofs in place, the receipt in the outbox', async () => {
    const s = await newStudent();
    const depositStart = Date.now();
    const res = await putJson(s.token, goodJson({ idEtudiant: 1, ine: 'AUTRE', idSessionCenou: 999 }));
    const depositEnd = Date.now();
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as DossierDetail;
    expect(d.referenceDossier).toMatch(/^OUA-2026-\d{6}$/);
    expect(d).toMatchObject({
      idSessionCenou: sessionOua,
      statutDossier: 'DEPOSE',
      typeDossier: 'NOUVEAU',
      admis: null,
      suppressionPossible: true,
      modificationPossible: true,
      idEtudiant: s.idEtudiant,
    });
    // Dated during the call, however long it took (a second of rounding).
    expect(Date.parse(d.dateDepot)).toBeGreaterThanOrEqual(depositStart - 1_000);
    expect(Date.parse(d.dateDepot)).toBeLessThanOrEqual(depositEnd + 1_000);
    expect(d.listeDossierCritere.map((e) => [e.idTypeCritere, e.idCritere, e.nomFichier])).toEqual([
      [c.typeA, c.a1, 'acte.pdf'],
      [c.typeC, c.c1, 'NATIONALITE.PDF'],
    ]);
    expect(JSON.stringify(d)).not.toMatch(/cleFichier|dossier\/[0-9a-f-]{36}/);

    const files = (await storedFiles(t)).filter((k) => k.startsWith('dossier/'));
    expect((await storedFiles(t)).filter((k) => !k.startsWith('dossier/'))).toEqual([]);
    expect(files.length).toBeGreaterThanOrEqual(2);

    const mails = await rows<{ recipient: string; subject: string; text_body: string }>(
      t.database.db,
      sql`SELECT recipient, subject, text_body FROM outbox_mail WHERE kind = 'RECU_DEPOT' AND text_body LIKE ${`%${d.referenceDossier}%`}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].recipient).toBe(`${d.ine.toLowerCase()}@exemple.bf`);
    expect(mails[0].subject).toContain(d.referenceDossier);
    expect(mails[0].text_body).toContain(messages.depotEffectue);
    expect(mails[0].text_body).toContain('/tableau-de-bord');

    // The proof is served as it was sent.
    const a = d.listeDossierCritere.find((e) => e.idTypeCritere === c.typeA)!;
    const proof = await t.api('GET', `campus/dossier/${d.idDossier}/${a.idDossierCritere}`, {
      token: s.token,
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('application/pdf');
    expect(proof.headers['content-disposition']).toMatch(/^inline; filename="acte.pdf"/);
    expect(proof.rawPayload.equals(pdfA)).toBe(true);

    // The form now says a dossier exists; a second deposit in the session is refused.
    const form = (await t.api('GET', 'campus/dossier/depot', { token: s.token })).json() as DepositForm;
    expect(form.dossierExistant).toEqual({ idDossier: d.idDossier, referenceDossier: d.referenceDossier });
    const before = await storedFiles(t);
    const again = await putJson(s.token, goodJson());
    expectCode(again, 409, 'DOUBLON');
    expect(again.json().message).toBe(messages.dossierExistant);
    expect(await storedFiles(t)).toEqual(before);
    expect(await dossierCount(t, sql`id_user = ${s.idUser}`)).toBe(1);

    // The student's list.
    const list = await t.api('GET', `campus/dossier/etudiant/${d.ine}`, { token: s.token });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as DossierSummary[])[0]).toMatchObject({
      idDossier: d.idDossier,
      referenceDossier: d.referenceDossier,
      etatSession: 'INSCRIPTION',
      statutSession: 'OUVERT',
      statutDossier: 'DEPOSE',
      nomVille: 'Ouagadougou',
      suppressionPossible: true,
    });
  });

  it('in multipart: names with accents, spaces, path parts and control characters are kept for display only', async () => {
    const s = await newStudent();
    const before = await storedFiles(t);
    // RENOUVELLEMENT needs a stay the year before (docs/agency-rules.md, tests/api/agency-rules.test.ts).
    const res = await putMultipart(s.token, { ...multipartEntries(), typeDossier: 'NOUVEAU' }, [
      { type: c.typeA, value: pdfA, filename: '../../Relevé de notes\u0007 2026.PDF' },
      { type: c.typeC, value: pdfC, filename: 'C:\\Users\\Awa\\Nationalité.pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as DossierDetail;
    expect(d.typeDossier).toBe('NOUVEAU');
    expect(d.listeDossierCritere.map((e) => e.nomFichier)).toEqual([
      'Relevé de notes 2026.PDF',
      'Nationalité.pdf',
    ]);
    const added = (await storedFiles(t)).filter((k) => !before.includes(k));
    expect(added).toHaveLength(2);
    for (const k of added) expect(k).toMatch(/^dossier\/[0-9a-f-]{36}$/);
    const c1 = d.listeDossierCritere.find((e) => e.idTypeCritere === c.typeC)!;
    const proof = await t.api('GET', `campus/dossier/${d.idDossier}/${c1.idDossierCritere}`, {
      token: s.token,
    });
    expect(proof.rawPayload.equals(pdfC)).toBe(true);
    expect(proof.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Nationalité.pdf')}`,
    );
  });

  it('a proof of exactly 3,000,000 bytes is accepted', async () => {
    const s = await newStudent();
    const res = await putMultipart(s.token, multipartEntries(), [
      { type: c.typeA, value: pdfOfSize(3_000_000), filename: 'gros.pdf' },
      { type: c.typeC, value: pdfC, filename: 'c.pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as DossierDetail).listeDossierCritere[0].tailleFichier).toBe(3_000_000);
  });
});

describe('refusals store nothing', () => {
  it('a text file named .pdf → 415 (JSON and multipart)', async () => {
    const s = await newStudent();
    const before = await storedFiles(t);
    const body = goodJson();
    body.listeDossierCritere[1].fichier = b64(textFile());
    const res = await putJson(s.token, body);
    expectCode(res, 415, 'TYPE_FICHIER');
    expect(res.json().message).toBe(messages.fichiersPdfSeulement);
    expect(res.json().errors[0].champ).toBe('listeDossierCritere.1.fichier');
    const res2 = await putMultipart(s.token, multipartEntries(), [
      { type: c.typeA, value: pdfA, filename: 'a.pdf' },
      { type: c.typeC, value: textFile(), filename: 'faux.pdf' },
    ]);
    expectCode(res2, 415, 'TYPE_FICHIER');
    const res3 = await putMultipart(s.token, multipartEntries(), [
      { type: c.typeA, value: pdfA, filename: 'a.docx' },
      { type: c.typeC, value: pdfC, filename: 'c.pdf' },
    ]);
    expectCode(res3, 415, 'TYPE_FICHIER');
    await expectNothingStored(s.idUser, before);
  });

  it('a PDF of 3,000,001 bytes → 413 (multipart and JSON)', async () => {
    const s = await newStudent();
    const before = await storedFiles(t);
    const big = pdfOfSize(3_000_001);
    const res = await putMultipart(s.token, multipartEntries(), [
      { type: c.typeA, value: pdfA, filename: 'a.pdf' },
      { type: c.typeC, value: big, filename: 'big.pdf' },
    ]);
    expectCode(res, 413, 'FICHIER_TROP_GRAND');
    expect(res.json().message).toBe(messages.fichierTropGrand);
    const body = goodJson();
    body.listeDossierCritere[0].fichier = b64(big);
    expectCode(await putJson(s.token, body), 413, 'FICHIER_TROP_GRAND');
    await expectNothingStored(s.idUser, before);
  });

  it('a missing proof, an empty mandatory type, a criterion of another type → 400 naming the field', async () => {
    const s = await newStudent();
    const before = await storedFiles(t);
    const noProof = goodJson();
    delete (noProof.listeDossierCritere[1] as { fichier?: string }).fichier;
    const r1 = await putJson(s.token, noProof);
    expectFieldError(r1, 'listeDossierCritere.1.fichier', messages.joindreFichiers);
    expect(r1.json().message).toBe(messages.joindreFichiers);

    const r2 = await putJson(s.token, { listeDossierCritere: [goodJson().listeDossierCritere[0]] });
    expectFieldError(r2, `typeCritere.${c.typeC}`, messages.champsObligatoires);

    const r3 = await putJson(s.token, {
      listeDossierCritere: [goodJson().listeDossierCritere[0], { idTypeCritere: c.typeC, idCritere: null }],
    });
    expectFieldError(r3, 'listeDossierCritere.1.idCritere', messages.champsObligatoires);

    const r4 = await putJson(s.token, {
      listeDossierCritere: [goodJson().listeDossierCritere[0], { idTypeCritere: c.typeC, idCritere: c.a2 }],
    });
    expectFieldError(r4, 'listeDossierCritere.1.idCritere', messages.critereHorsType);

    const r5 = await putMultipart(s.token, multipartEntries(), [
      { type: c.typeA, value: pdfA, filename: 'a.pdf' },
    ]);
    expectFieldError(r5, 'listeDossierCritere.1.fichier');
    await expectNothingStored(s.idUser, before);
  });

  it('no open session, a direction without cité, a suspended session → 409 SESSION_FERMEE', async () => {
    const before = await storedFiles(t);
    const bobo = await newStudent('Bobo-Dioulasso', 'BOB');
    const r1 = await putJson(bobo.token, goodJson());
    expectCode(r1, 409, 'SESSION_FERMEE');
    expect(r1.json().message).toBe(messages.sessionDepotFermee);
    await expectNothingStored(bobo.idUser, before);

    const kaya = await newStudent('Kaya', 'KAY');
    const r2 = await putJson(kaya.token, goodJson());
    expectCode(r2, 409, 'SESSION_FERMEE');
    expect(r2.json().message).toBe(messages.villeSansCite);
    await expectNothingStored(kaya.idUser, before);

    const kdg = await newStudent('Koudougou', 'KDG');
    await setSession(f, sessionKdg, { statutSession: 'SUSPENDU' });
    try {
      const r3 = await putJson(kdg.token, goodJson());
      expectCode(r3, 409, 'SESSION_FERMEE');
      expect(r3.json().message).toBe(messages.sessionSuspendue);
      const r4 = await putMultipart(kdg.token, multipartEntries(), [
        { type: c.typeA, value: pdfA, filename: 'a.pdf' },
        { type: c.typeC, value: pdfC, filename: 'c.pdf' },
      ]);
      expectCode(r4, 409, 'SESSION_FERMEE');
      await expectNothingStored(kdg.idUser, before);
    } finally {
      await setSession(f, sessionKdg, { statutSession: 'OUVERT' });
    }
  });
});

describe('whole or nothing', () => {
  const three = (third: Buffer) => ({
    listeDossierCritere: [
      { idTypeCritere: c.typeA, idCritere: c.a1, nomFichier: 'a.pdf', fichier: b64(pdfA) },
      { idTypeCritere: c.typeB, idCritere: c.b1, nomFichier: 'b.pdf', fichier: b64(pdfA) },
      { idTypeCritere: c.typeC, idCritere: c.c1, nomFichier: 'c.pdf', fichier: b64(third) },
    ],
  });

  it('the third file refused: no row, no file (JSON and multipart)', async () => {
    const s = await newStudent();
    const before = await storedFiles(t);
    expectCode(await putJson(s.token, three(textFile())), 415, 'TYPE_FICHIER');
    const res = await putMultipart(
      s.token,
      {
        listeDossierCritere: [
          { idTypeCritere: c.typeA, idCritere: c.a1 },
          { idTypeCritere: c.typeB, idCritere: c.b1 },
          { idTypeCritere: c.typeC, idCritere: c.c1 },
        ],
      },
      [
        { type: c.typeA, value: pdfA, filename: 'a.pdf' },
        { type: c.typeB, value: pdfA, filename: 'b.pdf' },
        { type: c.typeC, value: pdfOfSize(3_000_001), filename: 'c.pdf' },
      ],
    );
    expectCode(res, 413, 'FICHIER_TROP_GRAND');
    await expectNothingStored(s.idUser, before);
  });

  it('the database refusing after the files were written: no row, no file, no mail', async () => {
    const db = t.database.db;
    await db.execute(sql`CREATE FUNCTION test_refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.nom_fichier = 'boom.pdf' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`);
    await db.execute(sql`CREATE TRIGGER test_refuse_boom BEFORE INSERT ON dossier_critere
      FOR EACH ROW EXECUTE FUNCTION test_refuse_boom()`);
    try {
      const s = await newStudent();
      const before = await storedFiles(t);
      const mailsBefore = await rows(db, sql`SELECT id FROM outbox_mail`);
      const body = three(pdfC);
      body.listeDossierCritere[2].nomFichier = 'boom.pdf';
      const res = await putJson(s.token, body);
      expect(res.statusCode).toBe(500);
      const res2 = await putMultipart(
        s.token,
        {
          listeDossierCritere: [
            { idTypeCritere: c.typeA, idCritere: c.a1 },
            { idTypeCritere: c.typeC, idCritere: c.c1 },
          ],
        },
        [
          { type: c.typeA, value: pdfA, filename: 'a.pdf' },
          { type: c.typeC, value: pdfC, filename: 'boom.pdf' },
        ],
      );
      expect(res2.statusCode).toBe(500);
      await expectNothingStored(s.idUser, before);
      expect(await rows(db, sql`SELECT id FROM outbox_mail`)).toHaveLength(mailsBefore.length);
    } finally {
      await db.execute(sql`DROP TRIGGER test_refuse_boom ON dossier_critere`);
      await db.execute(sql`DROP FUNCTION test_refuse_boom()`);
    }
  });
});

describe('edit and delete', () => {
  it('an edit replaces a proof (new bytes served, old file gone) and keeps an unchanged one', async () => {
    const s = await newStudent();
    const created = (await putJson(s.token, goodJson())).json() as DossierDetail;
    const keysBefore = await rows<{ id_type_critere: number; cle_fichier: string }>(
      t.database.db,
      sql`SELECT id_type_critere, cle_fichier FROM dossier_critere WHERE id_dossier = ${created.idDossier}`,
    );
    const oldA = keysBefore.find((k) => k.id_type_critere === c.typeA)!.cle_fichier;
    const oldC = keysBefore.find((k) => k.id_type_critere === c.typeC)!.cle_fichier;
    const newPdf = await realPdf('Nouvel acte');

    const res = await putMultipart(s.token, { idDossier: created.idDossier, ...multipartEntries() }, [
      { type: c.typeA, value: newPdf, filename: 'nouvel-acte.pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as DossierDetail;
    expect(d.referenceDossier).toBe(created.referenceDossier);
    expect(d.dateDepot).toBe(created.dateDepot);
    const a = d.listeDossierCritere.find((e) => e.idTypeCritere === c.typeA)!;
    const cc = d.listeDossierCritere.find((e) => e.idTypeCritere === c.typeC)!;
    expect(a.nomFichier).toBe('nouvel-acte.pdf');
    expect(cc.nomFichier).toBe('NATIONALITE.PDF');
    const served = await t.api('GET', `campus/dossier/${d.idDossier}/${a.idDossierCritere}`, {
      token: s.token,
    });
    expect(served.rawPayload.equals(newPdf)).toBe(true);
    const files = await storedFiles(t);
    expect(files).not.toContain(oldA);
    expect(files).toContain(oldC);
    expect(files.filter((k) => k.startsWith('pending/'))).toEqual([]);

    // A criterion that needs no proof: the stored proof of the type goes.
    const res2 = await putJson(s.token, {
      idDossier: d.idDossier,
      listeDossierCritere: [
        { idTypeCritere: c.typeA, idCritere: c.a2 },
        { idTypeCritere: c.typeC, idCritere: c.c1 },
      ],
    });
    expect(res2.statusCode, res2.body).toBe(200);
    const a2 = (res2.json() as DossierDetail).listeDossierCritere.find((e) => e.idTypeCritere === c.typeA)!;
    expect(a2).toMatchObject({ idCritere: c.a2, nomFichier: null });
    expect((await storedFiles(t)).filter((k) => k.startsWith('dossier/')).length).toBe(
      files.filter((k) => k.startsWith('dossier/')).length - 1,
    );
  });

  it('delete while open (files removed, a new deposit allowed); 404 when gone or not yours', async () => {
    const s = await newStudent();
    const other = await newStudent();
    const d = (await putJson(s.token, goodJson())).json() as DossierDetail;
    const keys = (
      await rows<{ k: string }>(
        t.database.db,
        sql`SELECT cle_fichier AS k FROM dossier_critere WHERE id_dossier = ${d.idDossier}`,
      )
    ).map((r) => r.k);
    expectCode(
      await t.api('PATCH', `campus/dossier/${d.idDossier}`, { token: other.token }),
      404,
      'INTROUVABLE',
    );
    const res = await t.api('PATCH', `campus/dossier/${d.idDossier}`, { token: s.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.operationReussie });
    for (const k of keys) expect(await storedFiles(t)).not.toContain(k);
    expectCode(await t.api('PATCH', `campus/dossier/${d.idDossier}`, { token: s.token }), 404, 'INTROUVABLE');
    expectCode(
      await t.api('GET', `campus/dossier/depot?idDossier=${d.idDossier}`, { token: s.token }),
      404,
      'INTROUVABLE',
    );
    expect((await putJson(s.token, goodJson())).statusCode).toBe(201);
  });

  it('delete and edit refused once the session moved to ANALYSE', async () => {
    const s = await newStudent('Koudougou', 'KDG');
    const res = await putJson(s.token, goodJson());
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as DossierDetail;
    expect(d.referenceDossier).toMatch(/^KDG-2026-\d{6}$/);
    await setSession(f, sessionKdg, { etatSession: 'ANALYSE' });
    const del = await t.api('PATCH', `campus/dossier/${d.idDossier}`, { token: s.token });
    expectCode(del, 409, 'SESSION_FERMEE');
    expect(del.json().message).toBe(messages.suppressionDossierImpossible);
    const edit = await putJson(s.token, { ...goodJson(), idDossier: d.idDossier });
    expectCode(edit, 409, 'SESSION_FERMEE');
    const list = (
      await t.api('GET', `campus/dossier/etudiant/${d.ine}`, { token: s.token })
    ).json() as DossierSummary[];
    expect(list[0]).toMatchObject({
      etatSession: 'ANALYSE',
      suppressionPossible: false,
      modificationPossible: false,
    });
    expect(await dossierCount(t, sql`id_dossier = ${d.idDossier} AND deleted_at IS NULL`)).toBe(1);
  });
});

describe('who may read a dossier and its proofs', () => {
  it("another student: 404; another direction's manager: 403; staff of the direction: 200", async () => {
    const s = await newStudent();
    const d = (await putJson(s.token, goodJson())).json() as DossierDetail;
    const entry = d.listeDossierCritere[0];
    const urls = [
      `campus/dossier/depot?ineEtudiant=${d.ine}&idDossier=${d.idDossier}`,
      `campus/dossier/${d.idDossier}/${entry.idDossierCritere}`,
      `campus/dossier/etudiant/${d.ine}`,
    ];
    const other = await newStudent();
    for (const url of urls) {
      expectCode(await t.api('GET', url, { token: other.token }), 404, 'INTROUVABLE');
      expectCode(await t.api('GET', url, { token: await t.token('dr2') }), 403, 'INTERDIT');
      for (const who of ['dr', 'cenou', 'admin'] as const) {
        const res = await t.api('GET', url, { token: await t.token(who) });
        expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
      }
      expect((await t.api('GET', url, { token: s.token })).statusCode).toBe(200);
    }
    // Another student's dossier reads exactly as a number no dossier has: the message does not tell
    // that the number exists.
    const missing = await t.api('GET', `campus/dossier/depot?ineEtudiant=${d.ine}&idDossier=999999999`, {
      token: other.token,
    });
    const foreign = await t.api('GET', urls[0], { token: other.token });
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    // Another student's edit of this dossier: 404, nothing changed.
    expectCode(await putJson(other.token, { ...goodJson(), idDossier: d.idDossier }), 404, 'INTROUVABLE');
    const read = (await t.api('GET', urls[0], { token: await t.token('dr') })).json() as DossierDetail;
    expect(read.listeDossierCritere[0]).toMatchObject({
      idDossierCritere: entry.idDossierCritere,
      libelleTypeCritere: expect.any(String),
      libelleCritere: expect.any(String),
      valeurAnalyse: null,
    });
    expect(read.listeDossierCritere[0]).not.toHaveProperty('fichier');
  });
});

describe('the sweep of proofs a stopped process left', () => {
  it('moves named pending files into place, removes the others', async () => {
    const storage = t.app.storage;
    const s = await newStudent();
    const d = (await putJson(s.token, goodJson())).json() as DossierDetail;
    const [{ k }] = await rows<{ k: string }>(
      t.database.db,
      sql`SELECT cle_fichier AS k FROM dossier_critere WHERE id_dossier = ${d.idDossier} LIMIT 1`,
    );
    // As if the process had stopped between the commit and the move.
    await storage.move(k, k.replace('dossier/', 'pending/'));
    const orphanPending = await storage.put(pdfA, { prefix: 'pending' });
    const orphanPlaced = await storage.put(pdfA, { prefix: 'dossier' });
    const old = new Date(Date.now() - 2 * 3_600_000);
    await ageDocuments(t, [k.replace('dossier/', 'pending/'), orphanPending, orphanPlaced], old);
    const result = await sweepProofs(t.database.db, storage);
    expect(result.promoted).toBe(1);
    expect(result.removed).toBeGreaterThanOrEqual(2);
    const files = await storedFiles(t);
    expect(files).toContain(k);
    expect(files).not.toContain(orphanPending);
    expect(files).not.toContain(orphanPlaced);
    expect(files.filter((x) => x.startsWith('pending/'))).toEqual([]);
  });
});
