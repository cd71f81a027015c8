import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { one } from '../../src/server/db/client';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  insertCriteria,
  insertDossier,
  insertSession,
  insertStudent,
  setSession,
  softDeleteDossier,
  type MadeDossier,
  type MadeType,
} from '../helpers/dossiers';
import { expectCode } from '../helpers/resources';

let t: TestContext;
let types: Record<string, MadeType>;
let sessionOua: number;
let sessionBob: number;

/**
 * The hand-computed example: live types and coefficients Nationalité 1, Orphelin 3, Profession des
 * parents 2, Mention 2, Sportif 0, Indigence 2 (not chosen), Handicap 1 (not chosen): divisor 11.
 * Chosen: Burkinabè (10) VALIDE → 10; Orphelin de père ou de mère (12) VALIDE → 36; Cultivateur (16)
 * INVALIDE → 0; Bien (15) VALIDE → 30; Sportif de haut niveau (10, coefficient 0) VALIDE → 0.
 * moyenne = 76 / 11 = 6.909090…
 */
const EXPECTED = 76 / 11;

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  types = await insertCriteria(db, [
    {
      libelle: 'Nationalité',
      coefficient: 1,
      obligatoire: true,
      criteres: [{ libelle: 'Burkinabè', note: 10 }],
    },
    { libelle: 'Orphelin', coefficient: 3, criteres: [{ libelle: 'Orphelin de père ou de mère', note: 12 }] },
    { libelle: 'Profession des parents', coefficient: 2, criteres: [{ libelle: 'Cultivateur', note: 16 }] },
    { libelle: 'Mention au baccalauréat', coefficient: 2, criteres: [{ libelle: 'Bien', note: 15 }] },
    { libelle: 'Sportif', coefficient: 0, criteres: [{ libelle: 'Sportif de haut niveau', note: 10 }] },
    { libelle: 'Indigence', coefficient: 2, criteres: [{ libelle: "Certificat d'indigence", note: 15 }] },
    { libelle: 'Handicap', coefficient: 1, criteres: [{ libelle: 'Handicap moteur', note: 20 }] },
  ]);
  // A deleted type counts nowhere.
  const gone = await insertCriteria(db, [
    { libelle: 'Ancien', coefficient: 5, criteres: [{ libelle: 'Ancien', note: 20 }] },
  ]);
  await db.execute(
    sql`UPDATE type_critere SET deleted_at = now() WHERE id_type_critere = ${gone.Ancien.idTypeCritere}`,
  );
  sessionOua = await insertSession(db, await directionId(db, 'OUA'), 'ANALYSE');
  sessionBob = await insertSession(db, await directionId(db, 'BOB'), 'ANALYSE');
});
afterAll(() => t.close());

const pick = (type: string): [number, number] => {
  const made = types[type];
  return [made.idTypeCritere, Object.values(made.criteres)[0]];
};
const FULL = ['Nationalité', 'Orphelin', 'Profession des parents', 'Mention au baccalauréat', 'Sportif'];
const VALUES: Record<string, string> = {
  Nationalité: 'VALIDE',
  Orphelin: 'VALIDE',
  'Profession des parents': 'INVALIDE',
  'Mention au baccalauréat': 'VALIDE',
  Sportif: 'VALIDE',
};

async function dossier(ville = 'Ouagadougou', session = sessionOua): Promise<MadeDossier> {
  const student = await insertStudent(t.database.db, { ville });
  return insertDossier(t.database.db, { idSessionCenou: session, student, criteres: FULL.map(pick) });
}

/** The body as the client sends it: the dossier as read, values set, other fields along. */
function body(d: MadeDossier, values: Record<string, string | null | undefined> = VALUES) {
  return {
    idDossier: d.idDossier,
    statutDossier: 'DEPOSE',
    ine: 'ignoré',
    listeDossierCritere: FULL.map((type) => {
      const [idTypeCritere, idCritere] = pick(type);
      return {
        idDossierCritere: d.entries[idCritere],
        idTypeCritere,
        idCritere,
        libelleTypeCritere: type,
        nomFichier: 'justificatif.pdf',
        valeurAnalyse: values[type],
      };
    }),
  };
}

const analyse = async (who: 'admin' | 'cenou' | 'dr' | 'dr2', payload: unknown) =>
  t.api('PATCH', 'campus/analyse-dossier', { token: await t.token(who), body: payload });

describe('PATCH campus/analyse-dossier', () => {
  it('stores every value, the score at full precision, who and when; moves the dossier to ANALYSE', async () => {
    const d = await dossier();
    const res = await analyse('dr', body(d));
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({
      idDossier: d.idDossier,
      referenceDossier: d.referenceDossier,
      statutDossier: 'ANALYSE',
      analysePar: t.accounts.dr.id,
    });
    expect(out.moyenne).toBe(EXPECTED);
    expect(out.dateAnalyse).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(out.detailMoyenne.total).toBe(76);
    expect(out.detailMoyenne.diviseur).toBe(11);
    expect(
      Object.fromEntries(
        out.listeDossierCritere.map((e: { libelleTypeCritere: string; valeurAnalyse: string }) => [
          e.libelleTypeCritere,
          e.valeurAnalyse,
        ]),
      ),
    ).toEqual(VALUES);
    expect(out.listeDossierCritere[0]).not.toHaveProperty('fichier');

    const stored = await one<{ moyenne: number; statut: string; par: number; at: Date | null }>(
      t.database.db,
      sql`SELECT moyenne, statut_dossier AS statut, analyse_par AS par, date_analyse AS at FROM dossier
          WHERE id_dossier = ${d.idDossier}`,
    );
    expect(stored).toMatchObject({ moyenne: EXPECTED, statut: 'ANALYSE', par: t.accounts.dr.id });
    expect(stored!.at).not.toBeNull();
    const audit = await one<{ n: number; user: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, max(user_id) AS user FROM audit_log
          WHERE action = 'ANALYSER' AND resource = 'dossier' AND resource_id = ${String(d.idDossier)}`,
    );
    expect(audit).toEqual({ n: 1, user: t.accounts.dr.id });

    // Analysed again while in ANALYSE: the new values stand.
    const again = await analyse('dr', body(d, { ...VALUES, 'Mention au baccalauréat': 'INJUSTIFIE' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().moyenne).toBe(46 / 11);
  });

  it('the admin analyses anywhere; the central manager never (403); a regional manager only its direction (403)', async () => {
    const bob = await dossier('Bobo-Dioulasso', sessionBob);
    expect((await analyse('admin', body(bob))).statusCode).toBe(200);
    const oua = await dossier();
    expectCode(await analyse('cenou', body(oua)), 403, 'INTERDIT');
    expectCode(await analyse('dr2', body(oua)), 403, 'INTERDIT');
    expectCode(await analyse('dr', body(bob)), 403, 'INTERDIT');
    const unchanged = await one<{ statut: string; moyenne: number | null }>(
      t.database.db,
      sql`SELECT statut_dossier AS statut, moyenne FROM dossier WHERE id_dossier = ${oua.idDossier}`,
    );
    expect(unchanged).toEqual({ statut: 'DEPOSE', moyenne: null });
  });

  it('a criterion left unanalysed, an unknown value, an entry left out or of another dossier: 400', async () => {
    const d = await dossier();
    const other = await dossier();
    const refused = [
      body(d, { ...VALUES, Orphelin: null }),
      body(d, { ...VALUES, Orphelin: undefined }),
      body(d, { ...VALUES, Orphelin: 'OK' }),
      { ...body(d), listeDossierCritere: body(d).listeDossierCritere.slice(1) },
      { idDossier: d.idDossier },
      {
        ...body(d),
        listeDossierCritere: [
          ...body(d).listeDossierCritere,
          { idDossierCritere: Object.values(other.entries)[0], valeurAnalyse: 'VALIDE' },
        ],
      },
    ];
    for (const payload of refused) {
      const res = await analyse('dr', payload);
      expectCode(res, 400, 'VALIDATION');
      expect(res.json().message).toBe(messages.analyserTousCriteres);
    }
    const stored = await one<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM dossier_critere WHERE id_dossier = ${d.idDossier} AND valeur_analyse IS NOT NULL`,
    );
    expect(stored!.n).toBe(0);
  });

  it('an unknown or deleted dossier is 404; a malformed idDossier is 400', async () => {
    expectCode(await analyse('admin', { idDossier: 999999, listeDossierCritere: [] }), 404, 'INTROUVABLE');
    const d = await dossier();
    await softDeleteDossier(t.database.db, d.idDossier);
    expectCode(await analyse('admin', body(d)), 404, 'INTROUVABLE');
    expectCode(await analyse('admin', { ...body(d), idDossier: 'abc' }), 400, 'VALIDATION');
  });

  it('a published dossier is no longer analysed (409)', async () => {
    const student = await insertStudent(t.database.db, { ville: 'Ouagadougou' });
    const d = await insertDossier(t.database.db, {
      idSessionCenou: sessionOua,
      student,
      criteres: FULL.map(pick),
      statutDossier: 'ADMIS',
    });
    expectCode(await analyse('dr', body(d)), 409, 'SESSION_FERMEE');
  });
});

describe('analysis and the session (phase and SUSPENDU)', () => {
  const sessionRow = async (id: number) =>
    (await t.api('GET', `campus/session-cenou/${id}`, { token: await t.token('admin') })).json() as Record<
      string,
      unknown
    >;
  const putSession = async (id: number, change: Record<string, unknown>) =>
    t.api('PUT', `campus/session-cenou/${id}`, {
      token: await t.token('admin'),
      body: { ...(await sessionRow(id)), ...change },
    });

  it('refused outside ANALYSE (409 with the analysis message)', async () => {
    const db = t.database.db;
    const other = await one<{ id: number }>(
      db,
      sql`SELECT id_direction AS id FROM direction WHERE sigle_direction NOT IN ('OUA', 'BOB') ORDER BY 1 LIMIT 1`,
    );
    const session = await insertSession(db, other!.id, 'INSCRIPTION', 'OUVERT');
    const d = await dossier('Ouagadougou', session);
    for (const [etat, statut] of [
      ['INSCRIPTION', 'OUVERT'],
      ['DELIBERATION', 'OUVERT'],
      ['ANALYSE', 'FERME'],
    ] as const) {
      await setSession(db, session, etat, statut);
      const res = await analyse('admin', body(d));
      expectCode(res, 409, 'SESSION_FERMEE');
      expect(res.json().message).toBe(messages.sessionAnalyseClose);
    }
  });

  it('a SUSPENDU session refuses analysis (409); OUVERT again through PUT session-cenou allows it', async () => {
    const d = await dossier();
    expect((await putSession(sessionOua, { statutSession: 'SUSPENDU' })).statusCode).toBe(200);
    const refused = await analyse('dr', body(d));
    expectCode(refused, 409, 'SESSION_FERMEE');
    expect(refused.json().message).toBe(messages.sessionSuspendue);
    expect((await putSession(sessionOua, { statutSession: 'OUVERT' })).statusCode).toBe(200);
    expect((await analyse('dr', body(d))).statusCode).toBe(200);
  });

  it('after the phase moved on to DELIBERATION, analysis is closed and the phase cannot go back', async () => {
    const d = await dossier('Bobo-Dioulasso', sessionBob);
    expect((await putSession(sessionBob, { etatSession: 'DELIBERATION' })).statusCode).toBe(200);
    expectCode(await analyse('admin', body(d)), 409, 'SESSION_FERMEE');
    // The phase moves forward only (the full rule is tested in sessions-quotas.test.ts).
    expectCode(await putSession(sessionBob, { etatSession: 'ANALYSE' }), 409, 'SESSION_FERMEE');
  });
});
