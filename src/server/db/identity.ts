import type { RegistrationIdentity } from '../../domain/registry';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { registreEtudiant } from './schema';

/**
 * The student's identity (the domain's `RegistrationIdentity`) as columns of the schema's
 * `registre_etudiant`, for the builders (docs/decisions/043-typed-queries.md):
 * `db.select({ ...registryIdentity, … })`. Every field of the domain's identity is here
 * (`satisfies`), and renaming a column in the schema fails here.
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
