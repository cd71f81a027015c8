import { sql } from 'drizzle-orm';
import type { StatutDossier, TypeDossier, ValeurAnalyse } from '../../../domain/enums';
import type { ScoreType } from '../../../domain/score';
import { one, rows, type Db } from '../../db/client';

const ISO = (expr: string) => sql.raw(`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A dossier as the analysis reads it and answers it. */
export interface AnalysedDossier {
  idDossier: number;
  referenceDossier: string;
  idSessionCenou: number;
  idDirection: number;
  idEtudiant: number;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  typeDossier: TypeDossier;
  statutDossier: StatutDossier;
  moyenne: number | null;
  dateDepot: string;
  analysePar: number | null;
  dateAnalyse: string | null;
}

export interface DossierCritereRow {
  idDossierCritere: number;
  idTypeCritere: number;
  libelleTypeCritere: string;
  idCritere: number;
  libelleCritere: string;
  note: number;
  nomFichier: string | null;
  valeurAnalyse: ValeurAnalyse | null;
}

/** Whose a live dossier is and in which session (no lock: read before the session is locked). */
export function dossierHead(db: Db, idDossier: number) {
  return one<{ idDirection: number; idSessionCenou: number }>(
    db,
    sql`SELECT id_direction AS "idDirection", id_session_cenou AS "idSessionCenou"
        FROM dossier WHERE id_dossier = ${idDossier} AND deleted_at IS NULL`,
  );
}

/** The live dossier with its student, locked `FOR UPDATE` when `lock` (the dossier row only). */
export function readDossier(db: Db, idDossier: number, lock = false) {
  return one<AnalysedDossier>(
    db,
    sql`SELECT d.id_dossier AS "idDossier", d.reference_dossier AS "referenceDossier",
          d.id_session_cenou AS "idSessionCenou", d.id_direction AS "idDirection", d.id_etudiant AS "idEtudiant",
          r.ine, r.nom_etudiant AS "nomEtudiant", r.prenom_etudiant AS "prenomEtudiant",
          d.type_dossier AS "typeDossier", d.statut_dossier AS "statutDossier", d.moyenne,
          ${ISO('d.date_depot')} AS "dateDepot", d.analyse_par AS "analysePar",
          ${ISO('d.date_analyse')} AS "dateAnalyse"
        FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
        WHERE d.id_dossier = ${idDossier} AND d.deleted_at IS NULL
        ${lock ? sql`FOR UPDATE OF d` : sql``}`,
  );
}

/** The dossier's entries with their criterion's note and their type's name, in a stable order. */
export function dossierCriteres(db: Db, idDossier: number) {
  return rows<DossierCritereRow>(
    db,
    sql`SELECT dc.id_dossier_critere AS "idDossierCritere", dc.id_type_critere AS "idTypeCritere",
          tc.libelle_type_critere AS "libelleTypeCritere", dc.id_critere AS "idCritere",
          c.libelle_critere AS "libelleCritere", c.note, dc.nom_fichier AS "nomFichier",
          dc.valeur_analyse AS "valeurAnalyse"
        FROM dossier_critere dc
        JOIN critere c ON c.id_critere = dc.id_critere
        JOIN type_critere tc ON tc.id_type_critere = dc.id_type_critere
        WHERE dc.id_dossier = ${idDossier}
        ORDER BY dc.id_type_critere, dc.id_dossier_critere`,
  );
}

/** Every live criterion type: the divisor of the score. */
export function liveTypes(db: Db) {
  return rows<ScoreType>(
    db,
    sql`SELECT id_type_critere AS "idTypeCritere", libelle_type_critere AS "libelleTypeCritere", coefficient
        FROM type_critere WHERE deleted_at IS NULL ORDER BY id_type_critere`,
  );
}

/** Stores each entry's analysis, and the dossier's status, score, analyst and time. */
export async function storeAnalysis(
  tx: Db,
  idDossier: number,
  values: { id: number; v: ValeurAnalyse }[],
  moyenne: number,
  analysePar: number | null,
  at: Date,
) {
  await tx.execute(
    sql`UPDATE dossier_critere dc SET valeur_analyse = x.v, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS x(id integer, v text)
        WHERE dc.id_dossier_critere = x.id AND dc.id_dossier = ${idDossier}`,
  );
  await tx.execute(
    sql`UPDATE dossier SET statut_dossier = 'ANALYSE', moyenne = ${moyenne}, analyse_par = ${analysePar},
          date_analyse = ${at.toISOString()}::timestamptz, updated_at = now()
        WHERE id_dossier = ${idDossier}`,
  );
}
