/**
 * Factories shared by the demo data and the tests: every helper writes through Drizzle's builders
 * over the schema in the caller's transaction or database, and returns the ids it made.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ADMIN, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR, type Role } from '../../domain/enums';
import { villeKey } from '../../domain/villes';
import type { Db } from '../db/client';
import { direction, registreEtudiant, ville } from '../db/schema';
import { insertAccount } from '../modules/accounts/repository';
import { hashPassword } from '../security/passwords';

export async function directionId(db: Db, sigle: string): Promise<number> {
  const [row] = await db
    .select({ id: direction.idDirection })
    .from(direction)
    .where(and(eq(direction.sigleDirection, sigle), isNull(direction.deletedAt)));
  if (!row) throw new Error(`Unknown direction ${sigle}`);
  return row.id;
}

export async function villeId(db: Db, nom: string): Promise<number> {
  const [row] = await db
    .select({ id: ville.idVille })
    .from(ville)
    .where(and(eq(ville.cleVille, villeKey(nom)), isNull(ville.deletedAt)));
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
  sexeEtudiant: (typeof registreEtudiant.$inferSelect)['sexeEtudiant'];
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
  const [row] = await db
    .insert(registreEtudiant)
    .values({
      ine: s.ine,
      nomEtudiant: s.nomEtudiant,
      prenomEtudiant: s.prenomEtudiant,
      sexeEtudiant: s.sexeEtudiant,
      dateNaissance: s.dateNaissance,
      lieuNaissance: s.lieuNaissance ?? null,
      telEtudiant: s.telEtudiant ?? null,
      emailEtudiant: s.emailEtudiant ?? null,
      universite: s.universite ?? null,
      filiere: s.filiere ?? null,
      niveau: s.niveau ?? null,
      villeOrientation: s.villeOrientation,
      idVille,
      anneeAcademique: s.anneeAcademique ?? null,
      anneeBac: s.anneeBac ?? null,
      serieBac: s.serieBac ?? null,
      moyenneBac: s.moyenneBac ?? null,
      libellePays: s.libellePays ?? 'Burkina Faso',
      typePays: s.typePays ?? 'NATIONAL',
      recherche: sql`fold(${`${s.ine} ${s.nomEtudiant} ${s.prenomEtudiant}`})`,
    })
    .returning({ id: registreEtudiant.idEtudiant });
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
  await db.update(registreEtudiant).set({ idUser: id }).where(eq(registreEtudiant.idEtudiant, idEtudiant));
  out.etudiant = { id, userName: ine };
  return out;
}
