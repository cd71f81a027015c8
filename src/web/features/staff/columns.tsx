import { ETATS_SESSION, SEXES, STATUTS_DOSSIER, TYPES_DOSSIER } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import type { FieldType } from '../../../domain/resources/types';
import { filterOptions, formatCell } from '../../components/list/cells';
import type { ListColumn } from '../../components/list/ServerTable';
import { formatMoyenne } from './api';
import type { DossierListRow } from '../../../domain/schemas/staff';
import { Code } from '../../components/Code';

type Field = keyof DossierListRow;

const HEADERS: Partial<Record<Field, string>> = {
  referenceDossier: messages.colonneReferenceDossier,
  statutDossier: messages.colonneStatutDossierPersonnel,
  typeDossier: messages.colonneTypeDossierPersonnel,
  dateDepot: messages.colonneDateDepotPersonnel,
  etatSession: messages.colonneSession,
  anneeAcademique: messages.colonneAnneeSession,
  moyenne: messages.colonneMoyenne,
  rang: messages.colonneRang,
  admis: messages.colonneAdmis,
};

/** The codes, kept whole on a line. */
const CODES = new Set<Field>(['referenceDossier', 'ine']);

const TYPES: Partial<Record<Field, [type: FieldType, values?: readonly string[]]>> = {
  sexeEtudiant: ['enum', SEXES],
  statutDossier: ['enum', STATUTS_DOSSIER],
  typeDossier: ['enum', TYPES_DOSSIER],
  etatSession: ['enum', ETATS_SESSION],
  dateNaissance: ['date'],
  dateDepot: ['date'],
  // « +226 70 12 34 56 », as every screen writes a phone (formatCell).
  telEtudiant: ['tel'],
};

/** One column of the dossier lists, by the API's field name: French header, cell and filter. */
export function dossierColumn(name: Field): ListColumn<DossierListRow> {
  const [type, values] = TYPES[name] ?? ['text'];
  if (name === 'moyenne')
    return {
      key: name,
      header: messages.colonneMoyenne,
      filter: false,
      className: 'numeric',
      cell: (row) => formatMoyenne(row.moyenne),
    };
  return {
    key: name,
    header: HEADERS[name] ?? fieldLabel(name),
    options: filterOptions(type, values, name),
    cell: CODES.has(name)
      ? (row) => <Code>{formatCell(type, row[name], name)}</Code>
      : (row) => formatCell(type, row[name], name),
  };
}

export const dossierColumns = (names: Field[]) => names.map(dossierColumn);
