import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/domain/messages';
import { drawKey } from '../../src/domain/ranking';
import { one, rows } from '../../src/server/db/client';
import {
  DELIBERATION_LOCK,
  runCandidates,
  storeCandidates,
} from '../../src/server/modules/deliberation/repository';
import { candidateTable, STATUTS } from '../../src/server/modules/deliberation/compute';
import { LISTES_ADMISSION } from '../../src/domain/enums';
import { checkPdfReadable, readPdf } from '../helpers/pdf';
import { setupTestApp, type TestContext } from '../helpers/app';
import { queuedMails } from '../helpers/mail';
import { PATIENCE_MS } from '../helpers/wait';
import {
  addDossier,
  addManyDossiers,
  publishedState,
  setQuota,
  setupDeliberation,
  tableCounts,
  type DelibFixture,
  type MadeDossier,
} from '../helpers/deliberation';
import { describeOnPostgres } from '../helpers/postgres';

let t: TestContext;
let f: DelibFixture;
/** The worked example of docs/deliberation.md. */
let d: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I', MadeDossier>;

const q = (x: DelibFixture) => `idSessionCenou=${x.idSessionCenou}&idDirection=${x.idDirection}`;

beforeAll(async () => {
  t = await setupTestApp();
  f = await setupDeliberation(t.database.db);
  await setQuota(f, 'pupille', 2);
  await setQuota(f, 'etranger', 2);
  await setQuota(f, 'burkinabe', 2);
  const E = ['burkinabe', 'nonPupille', 'parents', 'boursier'] as const;
  d = {
    A: await addDossier(f, {
      nom: 'Ouédraogo',
      prenom: 'Awa',
      entries: [
        ['burkinabe', 'VALIDE'],
        ['pupille', 'VALIDE'],
        ['orphelin', 'VALIDE'],
        ['boursier', 'VALIDE'],
      ],
    }),
    B: await addDossier(f, {
      nom: 'Sawadogo',
      prenom: 'Issouf',
      entries: [
        ['burkinabe', 'VALIDE'],
        ['nonPupille', 'VALIDE'],
        ['orphelin', 'VALIDE'],
        ['boursier', 'INJUSTIFIE'],
      ],
    }),
    C: await addDossier(f, {
      nom: 'Diallo',
      prenom: 'Mariam',
      entries: [
        ['etranger', 'VALIDE'],
        ['nonPupille', 'VALIDE'],
        ['orphelin', 'VALIDE'],
        ['boursier', 'VALIDE'],
      ],
    }),
    D: await addDossier(f, {
      nom: 'Kaboré',
      prenom: 'Salif',
      entries: [
        ['burkinabe', 'VALIDE'],
        ['nonPupille', 'VALIDE'],
        ['parents', 'VALIDE'],
        ['boursier', 'VALIDE'],
      ],
    }),
    E: await addDossier(f, {
      nom: 'Zongo',
      prenom: 'Rasmata',
      moyenneBac: 14,
      entries: [
        [E[0], 'VALIDE'],
        [E[1], 'VALIDE'],
        [E[2], 'VALIDE'],
        [E[3], 'INJUSTIFIE'],
      ],
    }),
    F: await addDossier(f, {
      nom: 'Traoré',
      prenom: 'Boukary',
      moyenneBac: 12,
      entries: [
        [E[0], 'VALIDE'],
        [E[1], 'VALIDE'],
        [E[2], 'VALIDE'],
        [E[3], 'INJUSTIFIE'],
      ],
    }),
    G: await addDossier(f, {
      nom: 'Nikièma',
      prenom: 'Éloïse',
      moyenneBac: 14,
      entries: [
        [E[0], 'VALIDE'],
        [E[1], 'VALIDE'],
        [E[2], 'VALIDE'],
        [E[3], 'INJUSTIFIE'],
      ],
    }),
    H: await addDossier(f, {
      nom: 'Sanou',
      prenom: 'Adama',
      entries: [
        ['burkinabe', 'VALIDE'],
        ['nonPupille', 'VALIDE'],
        ['orphelin', 'INVALIDE'],
        ['boursier', 'VALIDE'],
      ],
    }),
    I: await addDossier(f, {
      nom: 'Kéré',
      prenom: 'Fatimata',
      entries: [
        ['burkinabe', null],
        ['nonPupille', null],
        ['orphelin', null],
        ['boursier', null],
      ],
    }),
  };
});
afterAll(() => t.close());

const ids = (list: { idDossier: number }[]) => list.map((x) => x.idDossier);
/** E and G tie on score, bac and deposit time: the draw orders them. */
const drawOrder = (seed: string) =>
  drawKey(seed, d.E.ine) < drawKey(seed, d.G.ine)
    ? [d.E.idDossier, d.G.idDossier]
    : [d.G.idDossier, d.E.idDossier];

/** A dossier's reference as stored. */
const referenceOf = async (idDossier: number) =>
  (await one<{ r: string }>(
    t.database.db,
    sql`SELECT reference_dossier AS r FROM dossier WHERE id_dossier = ${idDossier}`,
  ))!.r;

describe('preview (GET deliberation-nationaux)', () => {
  it('ranks the worked example: scores, roll-over of unused places, bac then draw, the waiting list', async () => {
    const res = await t.api('GET', `campus/deliberation-nationaux?${q(f)}&seed=exemple`, {
      token: await t.token('dr'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.seed).toBe('exemple');
    expect(body.places).toEqual({ READMISSIONS: 0, PUPILLES: 2, ETRANGERS: 2, NATIONAUX: 2 });
    expect(body.placesEffectives).toEqual({ READMISSIONS: 0, PUPILLES: 2, ETRANGERS: 2, NATIONAUX: 4 });
    expect(ids(body.listeAdmisPupilles)).toEqual([d.A.idDossier]);
    expect(ids(body.listeAdmisEtrangers)).toEqual([d.C.idDossier]);
    expect(ids(body.listeAdmisNationaux)).toEqual([d.B.idDossier, d.D.idDossier, ...drawOrder('exemple')]);
    expect(ids(body.listeAttente)).toEqual([d.F.idDossier]);
    expect(body.nonCandidats).toBe(2);
    // H lacks a mandatory criterion, I is not analysed: the reasons add up to the count, and every
    // dossier of the session is in one list or one reason (the screen's « Répartition »).
    expect(body.nonCandidatsParRaison).toEqual({
      NON_ANALYSE: 1,
      CRITERE_OBLIGATOIRE_NON_VALIDE: 1,
      DUREE_MAXIMALE: 0,
    });
    const placed =
      body.listeAdmisReadmissions.length +
      body.listeAdmisPupilles.length +
      body.listeAdmisEtrangers.length +
      body.listeAdmisNationaux.length +
      body.listeAttente.length;
    const reasons = Object.values(body.nonCandidatsParRaison as Record<string, number>).reduce(
      (a, b) => a + b,
    );
    expect(reasons).toBe(body.nonCandidats);
    expect(placed + reasons).toBe(
      (await one<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM dossier WHERE id_session_cenou = ${f.idSessionCenou} AND deleted_at IS NULL`,
      ))!.n,
    );
    expect(body.listeAdmisPupilles[0]).toMatchObject({
      ine: d.A.ine,
      nomEtudiant: 'Ouédraogo',
      prenomEtudiant: 'Awa',
      moyenne: 17.2,
      rang: 1,
      nomVille: 'Ouagadougou',
      dateNaissance: '2004-05-06',
      lieuNaissance: 'Koudougou',
      anneeBac: 2025,
    });
    expect(body.listeAdmisNationaux.map((x: { rang: number }) => x.rang)).toEqual([1, 2, 3, 4]);
    expect(body.listeAdmisNationaux.map((x: { moyenne: number }) => x.moyenne)).toEqual([10.8, 8.4, 6, 6]);
  });

  it('draws a seed when none is given (same seed, same lists) and writes nothing', async () => {
    const before = await tableCounts(t.database.db);
    const state = await publishedState(f);
    const token = await t.token('admin');
    const first = await t.api('GET', `campus/deliberation-nationaux?${q(f)}`, { token });
    expect(first.statusCode).toBe(200);
    const seed = first.json().seed as string;
    expect(seed).toMatch(/^[0-9a-f]{16}$/);
    const again = await t.api('GET', `campus/deliberation-nationaux?${q(f)}&seed=${seed}`, { token });
    expect(again.json()).toEqual(first.json());
    expect(ids(again.json().listeAdmisNationaux).slice(2)).toEqual(drawOrder(seed));
    expect(await tableCounts(t.database.db)).toEqual(before);
    expect(await publishedState(f)).toEqual(state);
  });

  it('refuses other roles (403), another direction (403), a session of another direction (400), an unknown session (404)', async () => {
    const url = `campus/deliberation-nationaux?${q(f)}`;
    expect((await t.api('GET', url, { token: await t.token('cenou') })).statusCode).toBe(403);
    expect((await t.api('GET', url, { token: await t.token('dr2') })).statusCode).toBe(403);
    expect((await t.api('GET', url, { token: await t.token('etudiant') })).statusCode).toBe(403);
    const other = await one<{ id: number }>(
      t.database.db,
      sql`SELECT id_direction AS id FROM direction WHERE sigle_direction = 'BOB'`,
    );
    const wrong = await t.api(
      'GET',
      `campus/deliberation-nationaux?idSessionCenou=${f.idSessionCenou}&idDirection=${other!.id}`,
      { token: await t.token('admin') },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toEqual({
      champ: 'idDirection',
      message: messages.deliberationAutreDirection,
    });
    const unknown = await t.api(
      'GET',
      `campus/deliberation-nationaux?idSessionCenou=999999&idDirection=${f.idDirection}`,
      { token: await t.token('admin') },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('PDF of one list: landscape, title from the session, the rows, page numbers', async () => {
    const res = await t.api(
      'GET',
      `campus/deliberation-nationaux?${q(f)}&seed=exemple&format=pdf&liste=NATIONAUX`,
      {
        token: await t.token('dr'),
      },
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="admissibles_nationaux_\d{8}_\d{6}\.pdf"$/,
    );
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages.map((p) => [p.width, p.height])).toEqual([[841.89, 595.28]]);
    const text = pdf.text;
    const direction = await one<{ l: string }>(
      t.database.db,
      sql`SELECT libelle_direction AS l FROM direction WHERE id_direction = ${f.idDirection}`,
    );
    expect(text).toContain(`Admissibles Nationaux 2026-2027 - ${direction!.l}`);
    expect(text).toContain('Page 1 / 1');
    const lines = text.split('\n').filter((l) => /DL\d+/.test(l));
    const expected = [
      d.B,
      d.D,
      ...drawOrder('exemple').map((id) => Object.values(d).find((x) => x.idDossier === id)!),
    ];
    expect(lines.map((l) => /(DL\d+)/.exec(l)![1])).toEqual(expected.map((x) => x.ine));
    expect(lines[0]).toMatch(/Sawadogo\s+Issouf\s+\w\s+06\/05\/2004\s+10,80\s+1$/);
    // A preview: every page says it is provisional (issue 21); read back, no text cut by its cell.
    expect(pdf.pages.every((p) => p.lines.some((l) => l.startsWith(messages.pdfProvisoire)))).toBe(true);
    const read = await checkPdfReadable(res.rawPayload, 'api-apercu-nationaux');
    expect(read.cut).toEqual([]);
    const bad = await t.api('GET', `campus/deliberation-nationaux?${q(f)}&format=pdf`, {
      token: await t.token('dr'),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('publication (POST deliberation)', () => {
  let published: Record<string, unknown>;

  it('publishes exactly the preview of that seed: statuses, ranks, offers, mails, the run', async () => {
    const token = await t.token('dr');
    const preview = (
      await t.api('GET', `campus/deliberation-nationaux?${q(f)}&seed=exemple`, { token })
    ).json();
    const mailsBefore = (await tableCounts(t.database.db))!.mails;
    const started = Date.now();
    const res = await t.api('POST', 'campus/deliberation', {
      token,
      body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'exemple' },
    });
    const ended = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    published = res.json();
    const { idDeliberation, ...lists } = published;
    expect(typeof idDeliberation).toBe('number');
    expect(lists).toEqual(preview);

    const state = new Map((await publishedState(f)).map((s) => [s.idDossier, s]));
    expect(state.get(d.A.idDossier)).toMatchObject({
      statut: 'ADMIS',
      liste: 'PUPILLES',
      rang: 1,
      reponse: 'EN_ATTENTE',
    });
    expect(state.get(d.C.idDossier)).toMatchObject({ statut: 'ADMIS', liste: 'ETRANGERS', rang: 1 });
    expect(state.get(d.F.idDossier)).toMatchObject({
      statut: 'LISTE_ATTENTE',
      liste: null,
      rang: 1,
      reponse: null,
    });
    expect(state.get(d.H.idDossier)).toMatchObject({ statut: 'NON_ADMIS', rang: null });
    expect(state.get(d.I.idDossier)).toMatchObject({ statut: 'NON_ADMIS', rang: null });
    const deadline = await one<{ h: number }>(
      t.database.db,
      sql`SELECT extract(epoch FROM date_limite_reponse)::float8 AS h FROM dossier WHERE id_dossier = ${d.A.idDossier}`,
    );
    // 72 hours after the publication, whenever the call was answered (a second of rounding).
    expect(deadline!.h * 1000 - started).toBeGreaterThan(72 * 3_600_000 - 1_000);
    expect(deadline!.h * 1000 - ended).toBeLessThan(72 * 3_600_000 + 1_000);

    // Queued in the outbox's template form: read as the worker renders them.
    const mails = await queuedMails(t.database.db, sql`m.kind = 'RESULTAT'`);
    expect(mails.length - mailsBefore).toBe(9);
    const mailA = mails.find((m) => m.recipient === `${d.A.ine.toLowerCase()}@exemple.bf`)!;
    expect(mailA.text_body).toContain('Bonjour Ouédraogo Awa,');
    expect(mailA.text_body).toContain('Liste\u00a0: Pupilles de la Nation, rang 1.');
    expect(mailA.text_body).toContain('Votre moyenne de classement (critères validés)\u00a0: 17,20 / 20.');
    expect(mailA.text_body).toMatch(/avant le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
    expect(mailA.text_body).toContain('/tableau-de-bord');
    expect(mailA.html_body).toContain('Bonjour Ouédraogo Awa,');
    const mailF = mails.find((m) => m.recipient === `${d.F.ine.toLowerCase()}@exemple.bf`)!;
    expect(mailF.text_body).toContain('liste d’attente au rang 1');
    expect(mails.every((m) => !m.text_body.includes('\u0001'))).toBe(true);

    const runs = await t.api('GET', `campus/deliberation?${q(f)}`, { token });
    expect(runs.statusCode).toBe(200);
    expect(runs.json()).toEqual([
      expect.objectContaining({
        idDeliberation,
        seed: 'exemple',
        nbPupilles: 1,
        nbEtrangers: 1,
        nbNationaux: 4,
        nbAttente: 1,
        nbNonAdmis: 2,
        auteur: 'gestionnaire.ouaga',
        nomAuteur: 'Compaoré Adama',
        courante: true,
        places: { READMISSIONS: 0, PUPILLES: 2, ETRANGERS: 2, NATIONAUX: 2 },
        placesEffectives: { READMISSIONS: 0, PUPILLES: 2, ETRANGERS: 2, NATIONAUX: 4 },
      }),
    ]);
    expect(runs.json()[0].quotas).toHaveLength(3);
  });

  it('a published run gives each of its lists as a PDF: as published, not marked provisional (issue 21)', async () => {
    const idDeliberation = published.idDeliberation as number;
    const token = await t.token('dr');
    const pdfOf = (liste: string, as = token, id = idDeliberation) =>
      t.api('GET', `campus/deliberation/${id}/pdf?liste=${liste}`, { token: as });
    const res = await pdfOf('NATIONAUX');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="admissibles_nationaux_\d{8}_\d{6}\.pdf"$/,
    );
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.text).not.toContain(messages.pdfProvisoire);
    expect(pdf.text).toMatch(/Listes publiées le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} \(tirage exemple\)/);
    const ines = pdf.text.split('\n').flatMap((l) => /(DL\d+)/.exec(l)?.[1] ?? []);
    const list = published.listeAdmisNationaux as { ine: string }[];
    expect(ines).toEqual(list.map((x) => x.ine));
    expect((await checkPdfReadable(res.rawPayload, 'api-publication-nationaux')).cut).toEqual([]);

    // The waiting list, and the other lists.
    const attente = await readPdf((await pdfOf('ATTENTE')).rawPayload);
    expect(attente.text).toContain(d.F.ine);
    expect(attente.text).toContain('Liste d’attente 2026-2027');
    const pupilles = await readPdf((await pdfOf('PUPILLES')).rawPayload);
    expect(pupilles.text).toContain(d.A.ine);

    // Whoever may deliberate on the direction: the admin yes, a student or the central manager no;
    // an unknown run 404, a list not named 400.
    expect((await pdfOf('NATIONAUX', await t.token('admin'))).statusCode).toBe(200);
    expect((await pdfOf('NATIONAUX', await t.token('etudiant'))).statusCode).toBe(403);
    expect((await pdfOf('NATIONAUX', token, 999_999)).statusCode).toBe(404);
    expect((await t.api('GET', `campus/deliberation/${idDeliberation}/pdf`, { token })).statusCode).toBe(400);
  });

  it("the student's result: its own only, with the breakdown of the published score", async () => {
    const staff = await t.api('GET', `campus/dossier/${d.A.idDossier}/resultat`, {
      token: await t.token('dr'),
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const body = staff.json();
    expect(body).toMatchObject({
      publie: true,
      referenceDossier: await referenceOf(d.A.idDossier),
      statutDossier: 'ADMIS',
      liste: 'PUPILLES',
      rang: 1,
      moyenne: 17.2,
      reponse: 'EN_ATTENTE',
    });
    expect(body.dateLimiteReponse).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.detail.total).toBe(86);
    expect(body.detail.diviseur).toBe(5);
    expect(body.detail.lignes.map((l: { produit: number }) => l.produit)).toEqual([0, 20, 54, 12]);
    expect(body.detail.lignes[2]).toMatchObject({
      libelleTypeCritere: 'Situation sociale',
      libelleCritere: 'Orphelin de père et de mère',
      coefficient: 3,
      note: 18,
      valeurAnalyse: 'VALIDE',
      compte: true,
    });
    expect(
      (await t.api('GET', `campus/dossier/${d.A.idDossier}/resultat`, { token: await t.token('dr2') }))
        .statusCode,
    ).toBe(403);
    // The test student (N00000000001) is not the owner: 404, as if it did not exist.
    expect(
      (await t.api('GET', `campus/dossier/${d.A.idDossier}/resultat`, { token: await t.token('etudiant') }))
        .statusCode,
    ).toBe(404);
  });

  it('the run verifies (identique) even after coefficients, notes and quotas changed; a tampered result does not', async () => {
    const idDeliberation = published.idDeliberation as number;
    const db = t.database.db;
    await db.execute(sql`UPDATE type_critere SET coefficient = 7 WHERE id_type_critere = ${f.types.bourse}`);
    await db.execute(sql`UPDATE critere SET note = 1 WHERE id_critere = ${f.criteres.orphelin}`);
    await db.execute(sql`UPDATE quota SET valeur_quota = 9 WHERE id_session_cenou = ${f.idSessionCenou}`);
    const admin = await t.token('admin');
    const ok = await t.api('GET', `campus/deliberation/${idDeliberation}/verification`, { token: admin });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ identique: true, nbDifferences: 0, differences: [] });
    // The preview now differs (the current coefficients rank otherwise), the run does not.
    const now = (
      await t.api('GET', `campus/deliberation-nationaux?${q(f)}&seed=exemple`, { token: admin })
    ).json();
    expect(now.places).toEqual({ READMISSIONS: 0, PUPILLES: 9, ETRANGERS: 9, NATIONAUX: 9 });

    await db.execute(
      sql`UPDATE deliberation_candidat SET rang = 9 WHERE id_deliberation = ${idDeliberation} AND id_dossier = ${d.B.idDossier}`,
    );
    const bad = await t.api('GET', `campus/deliberation/${idDeliberation}/verification`, { token: admin });
    expect(bad.json()).toEqual({
      identique: false,
      nbDifferences: 1,
      differences: [
        {
          idDossier: d.B.idDossier,
          ine: d.B.ine,
          enregistre: { statut: 'ADMIS', liste: 'NATIONAUX', rang: 9 },
          recalcule: { statut: 'ADMIS', liste: 'NATIONAUX', rang: 1 },
        },
      ],
    });
    await db.execute(
      sql`UPDATE deliberation_candidat SET rang = 1 WHERE id_deliberation = ${idDeliberation} AND id_dossier = ${d.B.idDossier}`,
    );
    await db.execute(sql`UPDATE type_critere SET coefficient = 1 WHERE id_type_critere = ${f.types.bourse}`);
    await db.execute(sql`UPDATE critere SET note = 18 WHERE id_critere = ${f.criteres.orphelin}`);
    await db.execute(sql`UPDATE quota SET valeur_quota = 2 WHERE id_session_cenou = ${f.idSessionCenou}`);
    expect(
      (
        await t.api('GET', `campus/deliberation/${idDeliberation}/verification`, {
          token: await t.token('dr'),
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.api('GET', 'campus/deliberation/999999/verification', { token: admin })).statusCode).toBe(
      404,
    );
  });

  it('the run stored in several statements is the same run (entries by combination, chunk after chunk)', async () => {
    const db = t.database.db;
    const idDeliberation = published.idDeliberation as number;
    const stored = await runCandidates(db, idDeliberation);
    expect(stored.length).toBeGreaterThan(3);
    // Two dossiers with equal entries: one combination, as sessionTable shares identical ones.
    const inputs = stored.map((s, i) =>
      i === 1 ? { ...s, criteres: stored[0].criteres, moyenne: stored[0].moyenne } : s,
    );
    const table = candidateTable(inputs);
    const copy = -idDeliberation;
    await storeCandidates(
      db,
      copy,
      table,
      {
        result: undefined as never,
        moyenneOfCombo: Float64Array.from(table.combos, (_, k) => inputs[table.combo.indexOf(k)].moyenne),
        statut: Uint8Array.from(inputs, (s) => STATUTS.indexOf(s.statut)),
        liste: Uint8Array.from(inputs, (s) => (s.liste ? LISTES_ADMISSION.indexOf(s.liste) + 1 : 0)),
        rang: Int32Array.from(inputs, (s) => s.rang ?? 0),
        reason: () => null,
      },
      2,
    );
    const again = await runCandidates(db, copy);
    expect(again).toEqual(inputs);
    await db.execute(sql`DELETE FROM deliberation_candidat WHERE id_deliberation = ${copy}`);
  });

  it('a republication replaces the result: one current run, every dossier in one state, ranks 1..n', async () => {
    const token = await t.token('admin');
    const res = await t.api('POST', 'campus/deliberation', {
      token,
      body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'autre tirage' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json().listeAdmisNationaux).slice(2)).toEqual(drawOrder('autre tirage'));
    const runs = (await t.api('GET', `campus/deliberation?${q(f)}`, { token })).json();
    expect(runs.map((r: { courante: boolean }) => r.courante)).toEqual([true, false]);
    expect(runs[1].dateRemplacement).not.toBeNull();
    const state = await publishedState(f);
    expect(state.filter((s) => s.statut === 'ADMIS')).toHaveLength(6);
    for (const liste of ['PUPILLES', 'ETRANGERS', 'NATIONAUX']) {
      const ranks = state
        .filter((s) => s.liste === liste)
        .map((s) => s.rang!)
        .sort((a, b) => a - b);
      expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    }
  });

  it('once an offer is answered, a republication is refused (409) and nothing changes', async () => {
    const db = t.database.db;
    await db.execute(sql`UPDATE dossier SET reponse = 'ACCEPTE' WHERE id_dossier = ${d.A.idDossier}`);
    const before = await tableCounts(db);
    const res = await t.api('POST', 'campus/deliberation', {
      token: await t.token('dr'),
      body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'x' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SESSION_FERMEE', message: messages.publicationFigee });
    expect(await tableCounts(db)).toEqual(before);
    await db.execute(sql`UPDATE dossier SET reponse = 'EN_ATTENTE' WHERE id_dossier = ${d.A.idDossier}`);
  });

  it('only while the session is OUVERT in DELIBERATION (409); only the admin and its regional manager (403)', async () => {
    const db = t.database.db;
    const body = { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'x' };
    for (const who of ['cenou', 'dr2', 'etudiant'] as const)
      expect(
        (await t.api('POST', 'campus/deliberation', { token: await t.token(who), body })).statusCode,
      ).toBe(403);
    expect(
      (
        await t.api('POST', 'campus/deliberation', {
          token: await t.token('dr'),
          body: { ...body, seed: '' },
        })
      ).statusCode,
    ).toBe(400);
    await db.execute(
      sql`UPDATE session_cenou SET statut_session = 'SUSPENDU' WHERE id_session_cenou = ${f.idSessionCenou}`,
    );
    const suspended = await t.api('POST', 'campus/deliberation', { token: await t.token('dr'), body });
    expect(suspended.statusCode).toBe(409);
    await db.execute(
      sql`UPDATE session_cenou SET statut_session = 'OUVERT', etat_session = 'ANALYSE' WHERE id_session_cenou = ${f.idSessionCenou}`,
    );
    const analyse = await t.api('POST', 'campus/deliberation', { token: await t.token('dr'), body });
    expect(analyse.statusCode).toBe(409);
    expect(analyse.json().message).toBe(messages.sessionDeliberationClose);
    await db.execute(
      sql`UPDATE session_cenou SET etat_session = 'DELIBERATION' WHERE id_session_cenou = ${f.idSessionCenou}`,
    );
  });

  it('before any publication a result says publie: false', async () => {
    const other = await setupDeliberation(t.database.db, 'BOB');
    const x = await addDossier(other, { entries: [['burkinabe', 'VALIDE']] });
    const res = await t.api('GET', `campus/dossier/${x.idDossier}/resultat`, {
      token: await t.token('admin'),
    });
    expect(res.json()).toEqual({
      publie: false,
      referenceDossier: await referenceOf(x.idDossier),
      statutDossier: 'ANALYSE',
      liste: null,
      rang: null,
      moyenne: null,
      reponse: null,
      dateLimiteReponse: null,
      litAttribue: false,
      dateDepart: null,
      nonCandidat: null,
      detail: null,
      partFemmes: null,
      placesReadmission: null,
    });
  });

  it('a dossier decided without a run (admissible upload, a past session) answers its status, no detail', async () => {
    const other = await setupDeliberation(t.database.db, 'BOB');
    const x = await addDossier(other, { entries: [['burkinabe', 'VALIDE']] });
    await t.database.db.execute(
      sql`UPDATE dossier SET statut_dossier = 'ADMIS', liste_deliberation = 'NATIONAUX', rang = 3, reponse = 'ACCEPTE'
          WHERE id_dossier = ${x.idDossier}`,
    );
    const res = await t.api('GET', `campus/dossier/${x.idDossier}/resultat`, {
      token: await t.token('admin'),
    });
    expect(res.json()).toEqual({
      publie: true,
      referenceDossier: await referenceOf(x.idDossier),
      statutDossier: 'ADMIS',
      liste: 'NATIONAUX',
      rang: 3,
      moyenne: null,
      reponse: 'ACCEPTE',
      dateLimiteReponse: null,
      litAttribue: false,
      dateDepart: null,
      nonCandidat: null,
      detail: null,
      partFemmes: null,
      placesReadmission: null,
    });
  });
});

describeOnPostgres('two publications of one session at once (PostgreSQL)', () => {
  it('the second waits for the first, then replaces it: one clean publication', async () => {
    const g = await setupDeliberation(t.database.db, 'KDG');
    await setQuota(g, 'pupille', 20);
    await setQuota(g, 'etranger', 50);
    await setQuota(g, 'burkinabe', 400);
    await addManyDossiers(g, 3000, 'KC');
    const [admin, dr] = [await t.token('admin'), await t.token('admin')];
    const body = (seed: string) => ({ idSessionCenou: g.idSessionCenou, idDirection: g.idDirection, seed });
    const [one1, two] = await Promise.all([
      t.api('POST', 'campus/deliberation', { token: admin, body: body('premier') }),
      t.api('POST', 'campus/deliberation', { token: dr, body: body('second') }),
    ]);
    expect([one1.statusCode, two.statusCode]).toEqual([200, 200]);
    const runs = await rows<{ id: number; courante: boolean; seed: string; debut: string; fin: string }>(
      t.database.db,
      sql`SELECT id_deliberation AS id, courante, seed FROM deliberation
          WHERE id_session_cenou = ${g.idSessionCenou} ORDER BY id_deliberation`,
    );
    expect(runs).toHaveLength(2);
    expect(runs.map((r) => r.courante)).toEqual([false, true]);
    const current = runs[1];
    // Every dossier is in exactly the state the current run stored; ranks 1..n per list.
    const mismatch = await one<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM dossier d
          JOIN deliberation_candidat c ON c.id_dossier = d.id_dossier AND c.id_deliberation = ${current.id}
          WHERE d.statut_dossier IS DISTINCT FROM c.statut OR d.liste_deliberation IS DISTINCT FROM c.liste
             OR d.rang IS DISTINCT FROM c.rang`,
    );
    expect(mismatch!.n).toBe(0);
    const state = await publishedState(g);
    expect(state).toHaveLength(3000);
    for (const liste of ['PUPILLES', 'ETRANGERS', 'NATIONAUX', null]) {
      const ranks = state
        .filter((s) => s.liste === liste && (liste !== null || s.statut === 'LISTE_ATTENTE'))
        .map((s) => s.rang!)
        .sort((a, b) => a - b);
      expect(ranks.length).toBeGreaterThan(0);
      expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    }
    const winner = current.seed === 'premier' ? one1 : two;
    expect(ids(winner.json().listeAdmisNationaux)).toEqual(
      state
        .filter((s) => s.liste === 'NATIONAUX')
        .sort((a, b) => a.rang! - b.rang!)
        .map((s) => s.idDossier),
    );
    const verification = await t.api('GET', `campus/deliberation/${current.id}/verification`, {
      token: admin,
    });
    expect(verification.json().identique).toBe(true);
  });

  it("a publication waits while another holds the session's publication lock", async () => {
    const g = (await one<{ id: number; dir: number }>(
      t.database.db,
      sql`SELECT s.id_session_cenou AS id, s.id_direction AS dir FROM session_cenou s
          JOIN direction d ON d.id_direction = s.id_direction
          WHERE d.sigle_direction = 'KDG' AND s.statut_session = 'OUVERT'`,
    ))!;
    const pool = (t.database.db as unknown as { $client: import('pg').Pool }).$client;
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [DELIBERATION_LOCK, g.id]);
      let done = false;
      const pending = t
        .api('POST', 'campus/deliberation', {
          token: await t.token('admin'),
          body: { idSessionCenou: g.id, idDirection: g.dir, seed: 'attente' },
        })
        .then((r) => {
          done = true;
          return r;
        });
      // The publication, once it reaches the lock: its wait as PostgreSQL shows it (in this file's
      // database: other files run beside it on the same server).
      const waiting = async () =>
        (
          await holder.query(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          )
        ).rows[0].n as number;
      await vi.waitUntil(async () => done || (await waiting()) > 0, { timeout: PATIENCE_MS, interval: 50 });
      expect(done).toBe(false);
      expect(await waiting()).toBe(1);
      await holder.query('COMMIT');
      expect((await pending).statusCode).toBe(200);
    } finally {
      holder.release();
    }
  });
});
