/**
 * Deliberation fixtures made with direct SQL (the deposit API lives in another module): criterion
 * types and criteria with their lists, a session OUVERT in DELIBERATION, quotas, and analysed
 * dossiers of registered students.
 */
import { sql } from 'drizzle-orm';
import { ETUDIANT, type ValeurAnalyse } from '../../src/domain/enums';
import { one, rows, type Db } from '../../src/server/db/client';
import { createRegistryStudent, directionId, villeId } from '../../src/server/seed/factories';

/** Criteria by key: the type they belong to and their note and list. */
export const CRITERIA = {
  burkinabe: { type: 'nationalite', libelle: 'Burkinabè', note: 0, liste: 'NATIONAUX' },
  etranger: { type: 'nationalite', libelle: 'Étranger', note: 0, liste: 'ETRANGERS' },
  pupille: { type: 'pupille', libelle: 'Pupille de la Nation', note: 20, liste: 'PUPILLES' },
  nonPupille: { type: 'pupille', libelle: 'Non pupille', note: 0, liste: null },
  orphelin: { type: 'social', libelle: 'Orphelin de père et de mère', note: 18, liste: null },
  parents: { type: 'social', libelle: 'Parents vivants', note: 10, liste: null },
  boursier: { type: 'bourse', libelle: 'Boursier', note: 12, liste: null },
} as const;
export type CritereKey = keyof typeof CRITERIA;

/** Types: coefficient and whether mandatory. Divisor = 0 + 1 + 3 + 1 = 5. */
export const TYPES = {
  nationalite: { libelle: 'Nationalité', coefficient: 0, obligatoire: true },
  pupille: { libelle: 'Pupille de la Nation', coefficient: 1, obligatoire: false },
  social: { libelle: 'Situation sociale', coefficient: 3, obligatoire: true },
  bourse: { libelle: 'Bourse', coefficient: 1, obligatoire: false },
} as const;
export type TypeKey = keyof typeof TYPES;

export interface DelibFixture {
  db: Db;
  idDirection: number;
  idSessionCenou: number;
  types: Record<TypeKey, number>;
  criteres: Record<CritereKey, number>;
}

let counter = 0;

/**
 * Types, criteria and a session OUVERT in DELIBERATION for the direction (closing any open one).
 * The agency's settings (docs/agency-rules.md) are 0 and 0 unless given: the tests of other rules
 * keep the lists of before whatever the sexes of their candidates (the session's default share is 60 %).
 */
export async function setupDeliberation(
  db: Db,
  sigle = 'OUA',
  settings: { placesReadmission?: number; partFemmes?: number } = {},
): Promise<DelibFixture> {
  const idDirection = await directionId(db, sigle);
  const types = {} as Record<TypeKey, number>;
  for (const [key, t] of Object.entries(TYPES)) {
    const row = await one<{ id: number }>(
      db,
      sql`INSERT INTO type_critere (libelle_type_critere, coefficient, statut_item)
          VALUES (${t.libelle}, ${t.coefficient}, ${t.obligatoire ? 'OBLIGATOIRE' : 'FACULTATIF'})
          RETURNING id_type_critere AS id`,
    );
    types[key as TypeKey] = row!.id;
  }
  const criteres = {} as Record<CritereKey, number>;
  for (const [key, c] of Object.entries(CRITERIA)) {
    const row = await one<{ id: number }>(
      db,
      sql`INSERT INTO critere (id_type_critere, libelle_critere, note, liste_deliberation)
          VALUES (${types[c.type]}, ${c.libelle}, ${c.note}, ${c.liste}) RETURNING id_critere AS id`,
    );
    criteres[key as CritereKey] = row!.id;
  }
  await db.execute(
    sql`UPDATE session_cenou SET statut_session = 'FERME'
        WHERE id_direction = ${idDirection} AND statut_session IN ('OUVERT', 'SUSPENDU')`,
  );
  const session = await one<{ id: number }>(
    db,
    sql`INSERT INTO session_cenou (id_direction, etat_session, statut_session, date_ouverture, annee_debut,
          places_readmission, part_femmes)
        VALUES (${idDirection}, 'DELIBERATION', 'OUVERT', '2026-09-01', 2026,
          ${settings.placesReadmission ?? 0}, ${settings.partFemmes ?? 0}) RETURNING id_session_cenou AS id`,
  );
  return { db, idDirection, idSessionCenou: session!.id, types, criteres };
}

export async function setQuota(f: DelibFixture, critere: CritereKey, valeurQuota: number): Promise<void> {
  await f.db.execute(
    sql`INSERT INTO quota (id_session_cenou, id_critere, valeur_quota)
        VALUES (${f.idSessionCenou}, ${f.criteres[critere]}, ${valeurQuota})`,
  );
}

export interface DossierSpec {
  ine?: string;
  nom?: string;
  prenom?: string;
  /** Criterion per entry and its analysis (null: not analysed). */
  entries: [CritereKey, ValeurAnalyse | null][];
  moyenneBac?: number | null;
  /** ISO timestamp of the deposit. */
  dateDepot?: string;
  /** The student's account (default: a new one). */
  idUser?: number;
  idEtudiant?: number;
  /** Default: F and M in turn. */
  sexe?: 'F' | 'M';
  /** A re-admission request (RENOUVELLEMENT). */
  renouvellement?: boolean;
}

export interface MadeDossier {
  idDossier: number;
  ine: string;
  idUser: number;
}

/** One analysed (or not) dossier of a new registered student of Ouagadougou. */
export async function addDossier(f: DelibFixture, spec: DossierSpec): Promise<MadeDossier> {
  counter += 1;
  const ine = spec.ine ?? `DL${String(counter).padStart(8, '0')}${Math.floor(Math.random() * 90 + 10)}`;
  let idEtudiant = spec.idEtudiant;
  let idUser = spec.idUser;
  if (!idEtudiant) {
    idEtudiant = await createRegistryStudent(f.db, {
      ine,
      nomEtudiant: spec.nom ?? 'Candidat',
      prenomEtudiant: spec.prenom ?? `Numéro ${counter}`,
      sexeEtudiant: spec.sexe ?? (counter % 2 ? 'F' : 'M'),
      dateNaissance: '2004-05-06',
      lieuNaissance: 'Koudougou',
      villeOrientation: 'Ouagadougou',
      anneeBac: 2025,
      moyenneBac: spec.moyenneBac ?? undefined,
    });
  }
  if (!idUser) {
    const u = await one<{ id: number }>(
      f.db,
      sql`INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
          VALUES (${f.idDirection}, ${ine}, 'Candidat', 'X', ${`${ine.toLowerCase()}@exemple.bf`}, ${ETUDIANT}, 'x')
          RETURNING id`,
    );
    idUser = u!.id;
    await f.db.execute(
      sql`UPDATE registre_etudiant SET id_user = ${idUser} WHERE id_etudiant = ${idEtudiant}`,
    );
  }
  const analysed = spec.entries.every(([, v]) => v !== null);
  const d = await one<{ id: number }>(
    f.db,
    sql`INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user,
          statut_dossier, date_depot, type_dossier)
        VALUES (${`T-${ine}-${counter}`}, ${f.idSessionCenou}, ${f.idDirection}, ${idEtudiant}, ${idUser},
          ${analysed ? 'ANALYSE' : 'DEPOSE'}, ${spec.dateDepot ?? '2026-09-02T08:00:00Z'}::timestamptz,
          ${spec.renouvellement ? 'RENOUVELLEMENT' : 'NOUVEAU'})
        RETURNING id_dossier AS id`,
  );
  for (const [key, valeur] of spec.entries) {
    await f.db.execute(
      sql`INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, valeur_analyse)
          VALUES (${d!.id}, ${f.types[CRITERIA[key].type]}, ${f.criteres[key]}, ${valeur})`,
    );
  }
  const row = await one<{ ine: string }>(
    f.db,
    sql`SELECT ine FROM registre_etudiant WHERE id_etudiant = ${idEtudiant}`,
  );
  return { idDossier: d!.id, ine: row!.ine, idUser };
}

/**
 * Many analysed candidates at once (SQL generate_series): nationals, one in ten foreign, one in
 * twenty wards of the nation; half orphans; scores and bac averages spread so that ties happen.
 */
export async function addManyDossiers(f: DelibFixture, n: number, prefix = 'GS'): Promise<void> {
  const idVille = await villeId(f.db, 'Ouagadougou');
  const c = f.criteres;
  const t = f.types;
  await f.db.execute(sql`
    WITH s AS (SELECT g FROM generate_series(1, ${n}) g),
    reg AS (
      INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance,
        lieu_naissance, ville_orientation, id_ville, annee_bac, moyenne_bac, recherche)
      SELECT ${prefix} || lpad(g::text, 10, '0'), 'Nom' || g, 'Prénom' || g, CASE WHEN g % 2 = 0 THEN 'M' ELSE 'F' END,
        DATE '2003-01-01' + (g % 700), 'Bobo', 'Ouagadougou', ${idVille}, 2025,
        CASE WHEN g % 7 = 0 THEN NULL ELSE 10 + (g % 9) END, ''
      FROM s RETURNING id_etudiant, ine
    ),
    usr AS (
      INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
      SELECT ${f.idDirection}, ine, 'Nom', 'Prénom', lower(ine) || '@exemple.bf', ${ETUDIANT}, 'x' FROM reg
      RETURNING id, user_name
    )
    INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier, date_depot)
    SELECT 'R-' || reg.ine, ${f.idSessionCenou}, ${f.idDirection}, reg.id_etudiant, usr.id, 'ANALYSE',
      TIMESTAMPTZ '2026-09-02 08:00:00+00' + ((substr(reg.ine, 3)::int % 50) * interval '1 minute')
    FROM reg JOIN usr ON usr.user_name = reg.ine`);
  await f.db.execute(sql`
    INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, valeur_analyse)
    SELECT d.id_dossier, x.t, x.c, x.v
    FROM dossier d
    CROSS JOIN LATERAL (SELECT substr(d.reference_dossier, 5)::int AS g) k
    CROSS JOIN LATERAL (VALUES
      (${t.nationalite}::int, CASE WHEN k.g % 10 = 0 THEN ${c.etranger}::int ELSE ${c.burkinabe}::int END, 'VALIDE'),
      (${t.pupille}::int, CASE WHEN k.g % 20 = 3 THEN ${c.pupille}::int ELSE ${c.nonPupille}::int END, 'VALIDE'),
      (${t.social}::int, CASE WHEN k.g % 2 = 0 THEN ${c.orphelin}::int ELSE ${c.parents}::int END,
        CASE WHEN k.g % 13 = 0 THEN 'INVALIDE' ELSE 'VALIDE' END),
      (${t.bourse}::int, ${c.boursier}::int, CASE WHEN k.g % 3 = 0 THEN 'VALIDE' ELSE 'INJUSTIFIE' END)
    ) AS x(t, c, v)
    WHERE d.id_session_cenou = ${f.idSessionCenou} AND d.reference_dossier LIKE ${`R-${prefix}%`}`);
}

/** Every dossier of the session with its published state. */
export async function publishedState(f: DelibFixture) {
  return rows<{
    idDossier: number;
    statut: string;
    liste: string | null;
    rang: number | null;
    reponse: string | null;
    updatedAt: string;
  }>(
    f.db,
    sql`SELECT id_dossier AS "idDossier", statut_dossier AS statut, liste_deliberation AS liste, rang, reponse,
          updated_at::text AS "updatedAt"
        FROM dossier WHERE id_session_cenou = ${f.idSessionCenou} AND deleted_at IS NULL ORDER BY id_dossier`,
  );
}

/** Row counts of the tables a publication writes. */
export async function tableCounts(db: Db) {
  return one<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*)::int FROM deliberation) AS deliberation,
          (SELECT count(*)::int FROM deliberation_candidat) AS candidat,
          (SELECT count(*)::int FROM outbox_mail) AS mails,
          (SELECT count(*)::int FROM outbox_lot) AS lots,
          (SELECT count(*)::int FROM dossier_evenement) AS evenements,
          (SELECT count(*)::int FROM audit_log) AS audit,
          (SELECT count(*)::int FROM dossier) AS dossiers`,
  );
}
