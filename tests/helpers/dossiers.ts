/**
 * Dossier fixtures written by plain SQL (the deposit API lives in its own module): sessions,
 * criterion types and criteria, students with an account, dossiers with their entries, and
 * their soft delete. Each helper returns the ids it made.
 */
import { sql } from 'drizzle-orm';
import type { EtatSession, StatutDossier, StatutSession, ValeurAnalyse } from '../../src/domain/enums';
import { ETUDIANT } from '../../src/domain/enums';
import { one, type Db } from '../../src/server/db/client';
import { createRegistryStudent, createUser } from '../../src/server/seed/factories';

let serial = 0;
const next = () => (serial += 1);

export async function insertSession(
  db: Db,
  idDirection: number,
  etatSession: EtatSession = 'ANALYSE',
  statutSession: StatutSession = 'OUVERT',
): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO session_cenou (id_direction, etat_session, statut_session, date_ouverture, annee_debut)
        VALUES (${idDirection}, ${etatSession}, ${statutSession}, '2026-09-01', 2026)
        RETURNING id_session_cenou AS id`,
  );
  return row!.id;
}

export async function setSession(db: Db, id: number, etatSession: EtatSession, statutSession: StatutSession) {
  await db.execute(
    sql`UPDATE session_cenou SET etat_session = ${etatSession}, statut_session = ${statutSession}
        WHERE id_session_cenou = ${id}`,
  );
}

export interface TypeSpec {
  libelle: string;
  coefficient: number;
  obligatoire?: boolean;
  criteres: { libelle: string; note: number }[];
}

export interface MadeType {
  idTypeCritere: number;
  /** Criterion ids by label. */
  criteres: Record<string, number>;
}

/** Criterion types and their criteria; returns them by type label. */
export async function insertCriteria(db: Db, specs: TypeSpec[]): Promise<Record<string, MadeType>> {
  const out: Record<string, MadeType> = {};
  for (const t of specs) {
    const type = await one<{ id: number }>(
      db,
      sql`INSERT INTO type_critere (libelle_type_critere, coefficient, type_item, statut_item)
          VALUES (${t.libelle}, ${t.coefficient}, 'Choix unique', ${t.obligatoire ? 'OBLIGATOIRE' : 'FACULTATIF'})
          RETURNING id_type_critere AS id`,
    );
    const criteres: Record<string, number> = {};
    for (const c of t.criteres) {
      const row = await one<{ id: number }>(
        db,
        sql`INSERT INTO critere (id_type_critere, libelle_critere, note) VALUES (${type!.id}, ${c.libelle}, ${c.note})
            RETURNING id_critere AS id`,
      );
      criteres[c.libelle] = row!.id;
    }
    out[t.libelle] = { idTypeCritere: type!.id, criteres };
  }
  return out;
}

export interface Student {
  idEtudiant: number;
  idUser: number;
  ine: string;
}

/** A registry student with an account, oriented to `ville`. */
export async function insertStudent(
  db: Db,
  s: { ville: string; nom?: string; prenom?: string; ine?: string; account?: boolean },
): Promise<Student> {
  const n = next();
  const ine = s.ine ?? `DS${String(n).padStart(10, '0')}`;
  const nom = s.nom ?? 'Ouédraogo';
  const prenom = s.prenom ?? `Étudiant ${n}`;
  const idEtudiant = await createRegistryStudent(db, {
    ine,
    nomEtudiant: nom,
    prenomEtudiant: prenom,
    sexeEtudiant: n % 2 ? 'F' : 'M',
    dateNaissance: '2004-05-17',
    lieuNaissance: 'Kaya',
    telEtudiant: `70 00 ${String(n).padStart(4, '0')}`,
    villeOrientation: s.ville,
  });
  if (s.account === false) return { idEtudiant, idUser: 0, ine };
  const dir = await one<{ id: number }>(
    db,
    sql`SELECT v.id_direction AS id FROM registre_etudiant r JOIN ville v ON v.id_ville = r.id_ville
        WHERE r.id_etudiant = ${idEtudiant}`,
  );
  const idUser = await createUser(db, {
    userName: ine,
    password: 'x',
    passwordHash: 'not-a-hash',
    role: ETUDIANT,
    idDirection: dir!.id,
    nom,
    prenom,
  });
  await db.execute(sql`UPDATE registre_etudiant SET id_user = ${idUser} WHERE id_etudiant = ${idEtudiant}`);
  return { idEtudiant, idUser, ine };
}

export interface MadeDossier {
  idDossier: number;
  referenceDossier: string;
  /** Entry ids by criterion id. */
  entries: Record<number, number>;
}

/** A dossier of `student` in the session, one entry per criterion given (`[idTypeCritere, idCritere]`). */
export async function insertDossier(
  db: Db,
  d: {
    idSessionCenou: number;
    student: Student;
    criteres: [number, number, ValeurAnalyse?][];
    statutDossier?: StatutDossier;
    moyenne?: number | null;
    dateDepot?: string;
  },
): Promise<MadeDossier> {
  const reference = `TST-2026-${String(next()).padStart(6, '0')}`;
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier,
          moyenne, date_depot)
        SELECT ${reference}, s.id_session_cenou, s.id_direction, ${d.student.idEtudiant}, ${d.student.idUser},
          ${d.statutDossier ?? 'DEPOSE'}, ${d.moyenne ?? null}, coalesce(${d.dateDepot ?? null}::timestamptz, now())
        FROM session_cenou s WHERE s.id_session_cenou = ${d.idSessionCenou}
        RETURNING id_dossier AS id`,
  );
  const entries: Record<number, number> = {};
  for (const [idTypeCritere, idCritere, valeur] of d.criteres) {
    const e = await one<{ id: number }>(
      db,
      sql`INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, nom_fichier, cle_fichier, valeur_analyse)
          VALUES (${row!.id}, ${idTypeCritere}, ${idCritere}, 'justificatif.pdf', ${`cle-${row!.id}-${idTypeCritere}`},
                  ${valeur ?? null})
          RETURNING id_dossier_critere AS id`,
    );
    entries[idCritere] = e!.id;
  }
  return { idDossier: row!.id, referenceDossier: reference, entries };
}

export async function softDeleteDossier(db: Db, idDossier: number) {
  await db.execute(sql`UPDATE dossier SET deleted_at = now() WHERE id_dossier = ${idDossier}`);
}
