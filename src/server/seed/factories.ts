/**
 * Factories shared by the demo data and the tests: every helper writes through plain SQL in the
 * caller's transaction or database, and returns the ids it made.
 */
import { sql } from 'drizzle-orm';
import { ADMIN, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR, type Role } from '../../domain/enums';
import { villeKey } from '../../domain/villes';
import { one, type Db } from '../db/client';
import { insertAccount } from '../modules/accounts/repository';
import { hashPassword } from '../security/passwords';

export async function directionId(db: Db, sigle: string): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    sql`SELECT id_direction AS id FROM direction WHERE sigle_direction = ${sigle} AND deleted_at IS NULL`,
  );
  if (!row) throw new Error(`Unknown direction ${sigle}`);
  return row.id;
}

export async function villeId(db: Db, nom: string): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    sql`SELECT id_ville AS id FROM ville WHERE cle_ville = ${villeKey(nom)} AND deleted_at IS NULL`,
  );
  if (!row) throw new Error(`Unknown ville ${nom}`);
  return row.id;
}

interface UserSpec {
  userName: string;
  password: string;
  role: Role;
  idDirection: number | null;
  nom?: string;
  prenom?: string;
  email?: string;
  /** A precomputed hash (saves argon2 time when many accounts share a password). */
  passwordHash?: string;
  /** The account's phone (`+226…`), where its SMS go; none by default. */
  telephone?: string;
}

export async function createUser(db: Db, u: UserSpec): Promise<number> {
  return insertAccount(db, {
    idDirection: u.idDirection,
    userName: u.userName,
    nom: u.nom ?? 'Ouédraogo',
    prenom: u.prenom ?? 'Awa',
    email: u.email ?? `${u.userName.toLowerCase()}@exemple.bf`,
    role: u.role,
    passwordHash: u.passwordHash ?? (await hashPassword(u.password)),
    telephone: u.telephone ?? null,
  });
}

export interface RegistrySpec {
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  sexeEtudiant: 'M' | 'F';
  dateNaissance: string;
  lieuNaissance?: string;
  telEtudiant?: string;
  emailEtudiant?: string;
  universite?: string;
  filiere?: string;
  niveau?: string;
  villeOrientation: string;
  anneeAcademique?: string;
  anneeBac?: number;
  serieBac?: string;
  moyenneBac?: number;
  libellePays?: string;
  typePays?: 'NATIONAL' | 'ETRANGER';
}

export async function createRegistryStudent(db: Db, s: RegistrySpec): Promise<number> {
  const idVille = await villeId(db, s.villeOrientation);
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance, lieu_naissance,
          tel_etudiant, email_etudiant, universite, filiere, niveau, ville_orientation, id_ville, annee_academique,
          annee_bac, serie_bac, moyenne_bac, libelle_pays, type_pays, recherche)
        VALUES (${s.ine}, ${s.nomEtudiant}, ${s.prenomEtudiant}, ${s.sexeEtudiant}, ${s.dateNaissance}, ${s.lieuNaissance ?? null},
          ${s.telEtudiant ?? null}, ${s.emailEtudiant ?? null}, ${s.universite ?? null}, ${s.filiere ?? null}, ${s.niveau ?? null},
          ${s.villeOrientation}, ${idVille}, ${s.anneeAcademique ?? null}, ${s.anneeBac ?? null}, ${s.serieBac ?? null},
          ${s.moyenneBac ?? null}, ${s.libellePays ?? 'Burkina Faso'}, ${s.typePays ?? 'NATIONAL'},
          fold(${`${s.ine} ${s.nomEtudiant} ${s.prenomEtudiant}`}))
        RETURNING id_etudiant AS id`,
  );
  return row!.id;
}

/** The staff accounts used by tests and shown in the demo: one per role, plus a second regional manager. */
const STAFF_ACCOUNTS = [
  { key: 'admin', userName: 'admin.test', role: ADMIN, sigle: null, nom: 'Kaboré', prenom: 'Issa' },
  {
    key: 'cenou',
    userName: 'gestionnaire.cenou',
    role: GESTIONNAIRE_CENOU,
    sigle: null,
    nom: 'Sawadogo',
    prenom: 'Mariam',
  },
  {
    key: 'dr',
    userName: 'gestionnaire.ouaga',
    role: GESTIONNAIRE_DR,
    sigle: 'OUA',
    nom: 'Compaoré',
    prenom: 'Adama',
  },
  {
    key: 'dr2',
    userName: 'gestionnaire.bobo',
    role: GESTIONNAIRE_DR,
    sigle: 'BOB',
    nom: 'Sanou',
    prenom: 'Bintou',
  },
] as const;

export type StaffKey = (typeof STAFF_ACCOUNTS)[number]['key'] | 'etudiant';

/** Creates the staff accounts and one registered student (INE N00000000001, Ouagadougou). */
export async function createTestAccounts(
  db: Db,
  password: string,
): Promise<Record<StaffKey, { id: number; userName: string }>> {
  const passwordHash = await hashPassword(password);
  const out = {} as Record<StaffKey, { id: number; userName: string }>;
  for (const a of STAFF_ACCOUNTS) {
    const id = await createUser(db, {
      userName: a.userName,
      password,
      passwordHash,
      role: a.role,
      idDirection: a.sigle === null ? null : await directionId(db, a.sigle),
      nom: a.nom,
      prenom: a.prenom,
    });
    out[a.key] = { id, userName: a.userName };
  }
  const ine = 'N00000000001';
  const idEtudiant = await createRegistryStudent(db, {
    ine,
    nomEtudiant: 'Zongo',
    prenomEtudiant: 'Aïcha',
    sexeEtudiant: 'F',
    dateNaissance: '2004-03-12',
    lieuNaissance: 'Koudougou',
    telEtudiant: '70112233',
    emailEtudiant: 'aicha.zongo@exemple.bf',
    universite: 'Université Joseph Ki-Zerbo',
    villeOrientation: 'Ouagadougou',
    anneeBac: 2023,
    serieBac: 'D',
    moyenneBac: 13.5,
  });
  const id = await createUser(db, {
    userName: ine,
    password,
    passwordHash,
    role: ETUDIANT,
    idDirection: await directionId(db, 'OUA'),
    nom: 'Zongo',
    prenom: 'Aïcha',
  });
  await db.execute(sql`UPDATE registre_etudiant SET id_user = ${id} WHERE id_etudiant = ${idEtudiant}`);
  out.etudiant = { id, userName: ine };
  return out;
}
