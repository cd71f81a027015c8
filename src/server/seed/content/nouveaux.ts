import type { RegistrySpec } from '../factories';

/**
 * Three students of the demo registry kept for a first registration: new bachelors oriented to
 * Ouagadougou (the direction whose session takes deposits), with no account. Their INE and birth
 * date never change (the generated registry's INEs follow the academic year), so the README can
 * name them; the registration page asks for exactly these two (docs/accounts.md).
 */
export const NOUVEAUX_BACHELIERS: readonly Omit<RegistrySpec, 'anneeAcademique' | 'niveau'>[] = [
  {
    ine: 'N26900000001',
    nomEtudiant: 'Ouédraogo',
    prenomEtudiant: 'Awa',
    sexeEtudiant: 'F',
    dateNaissance: '2007-03-14',
    lieuNaissance: 'Ouagadougou',
    telEtudiant: '70112233',
    emailEtudiant: 'awa.ouedraogo@gmail.com',
    universite: 'Université Joseph Ki-Zerbo',
    filiere: 'Informatique',
    villeOrientation: 'Ouagadougou',
    anneeBac: 2026,
    serieBac: 'D',
    moyenneBac: 14.5,
    libellePays: 'Burkina Faso',
    typePays: 'NATIONAL',
  },
  {
    ine: 'N26900000002',
    nomEtudiant: 'Sawadogo',
    prenomEtudiant: 'Issouf',
    sexeEtudiant: 'M',
    dateNaissance: '2006-11-02',
    lieuNaissance: 'Kaya',
    telEtudiant: '76445566',
    emailEtudiant: 'issouf.sawadogo@yahoo.fr',
    universite: 'Université Joseph Ki-Zerbo',
    filiere: 'Mathématiques',
    villeOrientation: 'Ouagadougou',
    anneeBac: 2026,
    serieBac: 'C',
    moyenneBac: 13.25,
    libellePays: 'Burkina Faso',
    typePays: 'NATIONAL',
  },
  {
    ine: 'N26900000003',
    nomEtudiant: 'Kaboré',
    prenomEtudiant: 'Bintou',
    sexeEtudiant: 'F',
    dateNaissance: '2007-07-21',
    lieuNaissance: 'Koudougou',
    telEtudiant: '65778899',
    emailEtudiant: 'bintou.kabore@outlook.fr',
    universite: 'Université Thomas Sankara',
    filiere: 'Sociologie',
    villeOrientation: 'Ouagadougou',
    anneeBac: 2026,
    serieBac: 'A4',
    moyenneBac: 12.75,
    libellePays: 'Burkina Faso',
    typePays: 'NATIONAL',
  },
];

/** The registry rows of `NOUVEAUX_BACHELIERS` for the academic year starting `anneeDebut`. */
export function nouveauxBacheliers(anneeDebut: number): RegistrySpec[] {
  const niveaux = ['L1', 'L2', 'L3', 'M1', 'M2'] as const;
  return NOUVEAUX_BACHELIERS.map((s) => ({
    ...s,
    niveau: niveaux[Math.min(Math.max(anneeDebut - (s.anneeBac ?? anneeDebut), 0), niveaux.length - 1)],
    anneeAcademique: `${anneeDebut}-${anneeDebut + 1}`,
  }));
}
