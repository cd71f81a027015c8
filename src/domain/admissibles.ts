/**
 * The admissible students' file (docs/deliberation.md: `POST campus/chargement-admissibles`): the columns,
 * the template and the check of a whole file, built on the registry's CSV pieces (same reader, same
 * cell rules, same `{ligne, champ, message}` errors). Pure code, shared by the server and the client.
 */
import { checkCsvTable, templateCsv, type CsvTableResult } from './csv-table';
import { messages } from './messages';
import { checkVille, REGISTRY_CELL_CHECKS, type VilleRef } from './registry';

export const ADMISSIBLE_COLUMNS = [
  'ine',
  'nomEtudiant',
  'prenomEtudiant',
  'sexeEtudiant',
  'dateNaissance',
  'lieuNaissance',
  'anneeBac',
  'moyenne',
  'villeOrientation',
] as const;
export type AdmissibleColumn = (typeof ADMISSIBLE_COLUMNS)[number];

export const ADMISSIBLE_TEMPLATE_EXAMPLE: Record<AdmissibleColumn, string> = {
  ine: 'N01234567890',
  nomEtudiant: 'Ouédraogo',
  prenomEtudiant: 'Awa Wendkouni',
  sexeEtudiant: 'F',
  dateNaissance: '12/03/2004',
  lieuNaissance: 'Koudougou',
  anneeBac: '2025',
  moyenne: '13,50',
  villeOrientation: 'Ouagadougou',
};

export const ADMISSIBLE_TEMPLATE_FILE_NAME = 'modele_admissibles.csv';

/** The template: UTF-8 with a byte-order mark, `;` separated, header and one example row. */
export function admissibleTemplateCsv(): string {
  return templateCsv(ADMISSIBLE_COLUMNS, ADMISSIBLE_TEMPLATE_EXAMPLE);
}

export interface AdmissibleRow {
  ligne: number;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  sexeEtudiant: 'M' | 'F';
  dateNaissance: string;
  lieuNaissance: string | null;
  anneeBac: number | null;
  moyenne: number | null;
  villeOrientation: string;
  idVille: number;
}

/** The columns checked like the registry's (`moyenne` like `moyenneBac`: 0 to 20). */
const CELL_CHECKS = {
  ine: REGISTRY_CELL_CHECKS.ine,
  nomEtudiant: REGISTRY_CELL_CHECKS.nomEtudiant,
  prenomEtudiant: REGISTRY_CELL_CHECKS.prenomEtudiant,
  sexeEtudiant: REGISTRY_CELL_CHECKS.sexeEtudiant,
  dateNaissance: REGISTRY_CELL_CHECKS.dateNaissance,
  lieuNaissance: REGISTRY_CELL_CHECKS.lieuNaissance,
  anneeBac: REGISTRY_CELL_CHECKS.anneeBac,
  moyenne: REGISTRY_CELL_CHECKS.moyenneBac,
} as const;

/**
 * Checks a whole admissible file (text already decoded): header, every cell, the ville, an INE
 * given twice (an error on its second row). `errors` empty means every row is good.
 */
export function checkAdmissibleFile(text: string, villes: VilleRef[]): CsvTableResult<AdmissibleRow> {
  const villeByKey = new Map(villes.map((v) => [v.cleVille, v]));
  const seen = new Set<string>();
  return checkCsvTable<AdmissibleColumn, AdmissibleRow>(text, ADMISSIBLE_COLUMNS, (raw, ligne, errors) => {
    const row: Record<string, unknown> = { ligne };
    for (const [c, check] of Object.entries(CELL_CHECKS)) {
      const result = check(raw(c as AdmissibleColumn));
      if (result.ok) row[c] = result.value;
      else errors.push({ champ: c, message: messages[result.message] });
    }
    const ville = checkVille(raw('villeOrientation'), villeByKey, errors);
    if (ville) {
      row.villeOrientation = ville.nomVille;
      row.idVille = ville.idVille;
    }
    if (typeof row.ine === 'string') {
      if (seen.has(row.ine)) errors.push({ champ: 'ine', message: messages.ineEnDouble });
      else seen.add(row.ine);
    }
    return row as unknown as AdmissibleRow;
  });
}
