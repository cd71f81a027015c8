/**
 * The analysis's reads, built over the schema's tables (docs/decisions/043-typed-queries.md). Its
 * writes (each entry's analysis, the dossier's status and score) are the dossier repository's
 * (`storeAnalysis`), the one writer of the dossiers.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { critere, dossier, dossierCritere, registreEtudiant, typeCritere } from '../../db/schema';

/** Whose a live dossier is and in which session (no lock: read before the session is locked). */
export async function dossierHead(db: Db, idDossier: number) {
  const [row] = await db
    .select({ idDirection: dossier.idDirection, idSessionCenou: dossier.idSessionCenou })
    .from(dossier)
    .where(and(eq(dossier.idDossier, idDossier), isNull(dossier.deletedAt)));
  return row;
}

/** The live dossier with its student, locked `FOR UPDATE` when `lock` (the dossier row only). */
export async function readDossier(db: Db, idDossier: number, lock = false) {
  const query = db
    .select({
      idDossier: dossier.idDossier,
      referenceDossier: dossier.referenceDossier,
      idSessionCenou: dossier.idSessionCenou,
      idDirection: dossier.idDirection,
      idEtudiant: dossier.idEtudiant,
      ine: registreEtudiant.ine,
      nomEtudiant: registreEtudiant.nomEtudiant,
      prenomEtudiant: registreEtudiant.prenomEtudiant,
      typeDossier: dossier.typeDossier,
      statutDossier: dossier.statutDossier,
      moyenne: dossier.moyenne,
      dateDepot: dossier.dateDepot,
      analysePar: dossier.analysePar,
      dateAnalyse: dossier.dateAnalyse,
    })
    .from(dossier)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .where(and(eq(dossier.idDossier, idDossier), isNull(dossier.deletedAt)));
  const [row] = lock ? await query.for('update', { of: dossier }) : await query;
  if (!row) return undefined;
  return {
    ...row,
    dateDepot: row.dateDepot.toISOString(),
    dateAnalyse: row.dateAnalyse?.toISOString() ?? null,
  };
}

/** A dossier as the analysis reads it and answers it. */
export type AnalysedDossier = NonNullable<Awaited<ReturnType<typeof readDossier>>>;

/** The dossier's entries with their criterion's note and their type's name, in a stable order. */
export function dossierCriteres(db: Db, idDossier: number) {
  return db
    .select({
      idDossierCritere: dossierCritere.idDossierCritere,
      idTypeCritere: dossierCritere.idTypeCritere,
      libelleTypeCritere: typeCritere.libelleTypeCritere,
      idCritere: dossierCritere.idCritere,
      libelleCritere: critere.libelleCritere,
      note: critere.note,
      nomFichier: dossierCritere.nomFichier,
      valeurAnalyse: dossierCritere.valeurAnalyse,
    })
    .from(dossierCritere)
    .innerJoin(critere, eq(critere.idCritere, dossierCritere.idCritere))
    .innerJoin(typeCritere, eq(typeCritere.idTypeCritere, dossierCritere.idTypeCritere))
    .where(eq(dossierCritere.idDossier, idDossier))
    .orderBy(asc(dossierCritere.idTypeCritere), asc(dossierCritere.idDossierCritere));
}

export type DossierCritereRow = Awaited<ReturnType<typeof dossierCriteres>>[number];

/** Every live criterion type: the divisor of the score. */
export function liveTypes(db: Db) {
  return db
    .select({
      idTypeCritere: typeCritere.idTypeCritere,
      libelleTypeCritere: typeCritere.libelleTypeCritere,
      coefficient: typeCritere.coefficient,
    })
    .from(typeCritere)
    .where(isNull(typeCritere.deletedAt))
    .orderBy(asc(typeCritere.idTypeCritere));
}
