/**
 * Assignment fixtures written by plain SQL: a cité with its bâtiments (sex), niveaux, couloirs,
 * chambres and lits, and admitted students who accepted their place (the deliberation and the
 * offers live in their own modules). Each helper returns the ids it made.
 */
import { assignedOn } from './rent';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Sexe, SexeBatiment, StatutDossier } from '../../src/domain/enums';
import { one, rows, type Db } from '../../src/server/db/client';
import type { TestContext } from './app';
import { insertDossier, insertSession, insertStudent, type Student } from './dossiers';

let serial = 0;

export interface RoomSpec {
  code: string;
  lits: number;
}
export interface BuildingSpec {
  code: string;
  sexe: SexeBatiment;
  /** Rooms of one niveau and one couloir (codes N1, C1), unless `niveaux` is given. */
  chambres?: RoomSpec[];
  niveaux?: { code: string; couloirs: { code: string; chambres: RoomSpec[] }[] }[];
}

export interface MadeCite {
  idCite: number;
  idCategorie: number;
  /** Bed ids by `BAT/NIV/COU/CH/LIT` code path, e.g. `A/N1/C1/101/1`. */
  lits: Record<string, number>;
  chambres: Record<string, number>;
  batiments: Record<string, number>;
}

/** The id of a ville of the migration. */
export async function villeId(db: Db, nom: string): Promise<number> {
  return (await one<{ id: number }>(db, sql`SELECT id_ville AS id FROM ville WHERE nom_ville = ${nom}`))!.id;
}

/** A cité in the ville, one category (`montant` FCFA), the buildings as described. */
export async function insertCite(
  db: Db,
  spec: { ville?: string; nom?: string; montant?: number; batiments: BuildingSpec[] },
): Promise<MadeCite> {
  const n = (serial += 1);
  const idVille = await villeId(db, spec.ville ?? 'Ouagadougou');
  const cite = await one<{ id: number }>(
    db,
    sql`INSERT INTO cite (id_ville, nom_cite, nb_lit) VALUES (${idVille}, ${spec.nom ?? `Cité test ${n}`}, 0)
        RETURNING id_cite AS id`,
  );
  const idCite = cite!.id;
  const cat = await one<{ id: number }>(
    db,
    sql`INSERT INTO categorie_chambre (id_cite, libelle_categorie_chambre, montant_chambre)
        VALUES (${idCite}, 'Standard', ${spec.montant ?? 7500}) RETURNING id_categorie_chambre AS id`,
  );
  const made: MadeCite = { idCite, idCategorie: cat!.id, lits: {}, chambres: {}, batiments: {} };
  for (const b of spec.batiments) {
    const bat = await one<{ id: number }>(
      db,
      sql`INSERT INTO batiment (id_cite, libelle_batiment, code_batiment, sexe)
          VALUES (${idCite}, ${`Bâtiment ${b.code}`}, ${b.code}, ${b.sexe}) RETURNING id_batiment AS id`,
    );
    made.batiments[b.code] = bat!.id;
    const niveaux = b.niveaux ?? [{ code: 'N1', couloirs: [{ code: 'C1', chambres: b.chambres ?? [] }] }];
    for (const nv of niveaux) {
      const niv = await one<{ id: number }>(
        db,
        sql`INSERT INTO niveau (id_batiment, libelle_niveau, code_niveau)
            VALUES (${bat!.id}, ${`Niveau ${nv.code}`}, ${nv.code}) RETURNING id_niveau AS id`,
      );
      for (const co of nv.couloirs) {
        const cou = await one<{ id: number }>(
          db,
          sql`INSERT INTO couloir (id_niveau, libelle_couloir, code_couloir)
              VALUES (${niv!.id}, ${`Couloir ${co.code}`}, ${co.code}) RETURNING id_couloir AS id`,
        );
        for (const ch of co.chambres) {
          const room = await one<{ id: number }>(
            db,
            sql`INSERT INTO chambre (id_couloir, id_categorie_chambre, libelle_chambre, code_chambre)
                VALUES (${cou!.id}, ${cat!.id}, ${`Chambre ${ch.code}`}, ${ch.code}) RETURNING id_chambre AS id`,
          );
          const path = `${b.code}/${nv.code}/${co.code}/${ch.code}`;
          made.chambres[path] = room!.id;
          const lits = await rows<{ id: number; code: string }>(
            db,
            sql`INSERT INTO lit (id_chambre, libelle_lit, code_lit)
                SELECT ${room!.id}, 'Lit ' || i, i::text FROM generate_series(1, ${ch.lits}::int) i
                RETURNING id_lit AS id, code_lit AS code`,
          );
          for (const l of lits) made.lits[`${path}/${l.code}`] = l.id;
        }
      }
    }
  }
  return made;
}

/** An OUVERT session in DELIBERATION of the ville's direction. */
export async function deliberationSession(db: Db, ville = 'Ouagadougou'): Promise<number> {
  const dir = await one<{ id: number }>(
    db,
    sql`SELECT id_direction AS id FROM ville WHERE nom_ville = ${ville}`,
  );
  const open = await one<{ id: number }>(
    db,
    sql`SELECT id_session_cenou AS id FROM session_cenou WHERE id_direction = ${dir!.id}
        AND statut_session IN ('OUVERT', 'SUSPENDU') AND deleted_at IS NULL`,
  );
  if (open) {
    await db.execute(
      sql`UPDATE session_cenou SET etat_session = 'DELIBERATION', statut_session = 'OUVERT' WHERE id_session_cenou = ${open.id}`,
    );
    return open.id;
  }
  return insertSession(db, dir!.id, 'DELIBERATION');
}

export interface Admitted extends Student {
  idDossier: number;
  sexe: Sexe;
}

/** A student admitted on a list with a rank, who accepted its place (unless told otherwise). */
export async function insertAdmitted(
  db: Db,
  a: {
    idSessionCenou: number;
    sexe: Sexe;
    ville?: string;
    liste?: string | null;
    rang?: number | null;
    moyenne?: number | null;
    statutDossier?: StatutDossier;
    reponse?: string | null;
    nom?: string;
    prenom?: string;
  },
): Promise<Admitted> {
  const student = await insertStudent(db, { ville: a.ville ?? 'Ouagadougou', nom: a.nom, prenom: a.prenom });
  await db.execute(
    sql`UPDATE registre_etudiant SET sexe_etudiant = ${a.sexe}, email_etudiant = ${`${student.ine.toLowerCase()}@exemple.bf`}
        WHERE id_etudiant = ${student.idEtudiant}`,
  );
  await db.execute(
    sql`UPDATE users SET email = ${`${student.ine.toLowerCase()}@exemple.bf`} WHERE id = ${student.idUser}`,
  );
  const d = await insertDossier(db, {
    idSessionCenou: a.idSessionCenou,
    student,
    criteres: [],
    statutDossier: a.statutDossier ?? 'ADMIS',
    moyenne: a.moyenne ?? 12,
  });
  await db.execute(
    sql`UPDATE dossier SET liste_deliberation = ${a.liste === undefined ? 'NATIONAUX' : a.liste},
          rang = ${a.rang ?? null}, reponse = ${a.reponse === undefined ? 'ACCEPTE' : a.reponse}
        WHERE id_dossier = ${d.idDossier}`,
  );
  return { ...student, idDossier: d.idDossier, sexe: a.sexe };
}

/**
 * An admitted woman of Bobo-Dioulasso with a phone of her own, given a bed of the cité by the
 * central manager's assignment (`POST campus/affectation`), made on `jour` when given (else today):
 * her rent's instalments as it makes them, those owed from that day.
 */
export async function housedThroughApi(
  t: TestContext,
  idSessionCenou: number,
  idCite: number,
  jour?: string,
): Promise<Admitted & { idAffectation: number }> {
  const student = await insertAdmitted(t.database.db, {
    idSessionCenou,
    sexe: 'F',
    rang: 1,
    ville: 'Bobo-Dioulasso',
  });
  await t.database.db.execute(
    sql`UPDATE users SET telephone = ${`+2267${String(student.idUser).padStart(7, '0')}`} WHERE id = ${student.idUser}`,
  );
  const assign = async () =>
    t.api('POST', 'campus/affectation', {
      token: await t.token('cenou'),
      body: { idSessionCenou, idCite, etudiants: [student.ine] },
    });
  const res = jour === undefined ? await assign() : await assignedOn(t.database.db, jour, assign);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = (res.json() as { affectes: { idAffectation: number }[] }).affectes;
  return { ...student, idAffectation: row.idAffectation };
}
