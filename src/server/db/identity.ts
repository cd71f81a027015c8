import { sql, type SQL } from 'drizzle-orm';
import { IDENTITY_FIELDS, type RegistrationIdentity } from '../../domain/registry';
import { snake } from '../../domain/resources/shape';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { registreEtudiant } from './schema';

/**
 * The student's identity read from the registry row aliased `r` (`registre_etudiant r`), each
 * column under its API name: the whole identity (`IDENTITY_FIELDS`), or the `fields` given.
 */
export function identityColumns(fields: readonly (keyof RegistrationIdentity)[] = IDENTITY_FIELDS): SQL {
  return sql.raw(fields.map((f) => (snake(f) === f ? `r.${f}` : `r.${snake(f)} AS "${f}"`)).join(', '));
}

/**
 * The same identity as columns of the schema's `registre_etudiant`, for the builders
 * (docs/decisions/043-typed-queries.md): `db.select({ ...registryIdentity, … })`. Every field of the
 * domain's identity is here (`satisfies`), and renaming a column in the schema fails here.
 */
export const registryIdentity = {
  ine: registreEtudiant.ine,
  nomEtudiant: registreEtudiant.nomEtudiant,
  prenomEtudiant: registreEtudiant.prenomEtudiant,
  sexeEtudiant: registreEtudiant.sexeEtudiant,
  dateNaissance: registreEtudiant.dateNaissance,
  lieuNaissance: registreEtudiant.lieuNaissance,
  telEtudiant: registreEtudiant.telEtudiant,
  emailEtudiant: registreEtudiant.emailEtudiant,
  universite: registreEtudiant.universite,
  filiere: registreEtudiant.filiere,
  niveau: registreEtudiant.niveau,
  villeOrientation: registreEtudiant.villeOrientation,
  typePays: registreEtudiant.typePays,
  libellePays: registreEtudiant.libellePays,
  serieBac: registreEtudiant.serieBac,
  moyenneBac: registreEtudiant.moyenneBac,
  anneeBac: registreEtudiant.anneeBac,
} satisfies Record<keyof RegistrationIdentity, PgColumn>;
