import { LISTES_ADMISSION, REPONSES_LISTE_ADMIS, SEXES } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { fieldLabel } from '../../../domain/resources/labels';
import { enumOptions, formatCell } from '../../components/list/cells';
import type { ListColumn } from '../../components/list/ServerTable';
import type { AdmisRow } from '../../../domain/schemas/admissibles';
import { formatMoyenne } from '../deliberation/api';
import { ouagaDateTimeShort } from '../offers/time';
import { Code } from '../../components/Code';

type Field = keyof AdmisRow & string;

function text(name: Field): ListColumn<AdmisRow> {
  return { key: name, header: fieldLabel(name), cell: (r) => formatCell('text', r[name], name) };
}

const COLUMNS: Record<string, () => ListColumn<AdmisRow>> = {
  ine: () => ({ ...text('ine'), cell: (r) => <Code>{r.ine}</Code> }),
  nomEtudiant: () => text('nomEtudiant'),
  prenomEtudiant: () => text('prenomEtudiant'),
  sexeEtudiant: () => ({
    key: 'sexeEtudiant',
    header: fieldLabel('sexeEtudiant'),
    options: enumOptions(SEXES, 'sexeEtudiant'),
    cell: (r) => formatCell('enum', r.sexeEtudiant, 'sexeEtudiant'),
  }),
  dateNaissance: () => ({
    key: 'dateNaissance',
    header: fieldLabel('dateNaissance'),
    placeholder: 'JJ/MM/AAAA',
    cell: (r) => formatCell('date', r.dateNaissance),
  }),
  lieuNaissance: () => text('lieuNaissance'),
  anneeBac: () => ({
    key: 'anneeBac',
    header: fieldLabel('anneeBac'),
    className: 'numeric',
    cell: (r) => (r.anneeBac == null ? '' : String(r.anneeBac)),
  }),
  moyenne: () => ({
    key: 'moyenne',
    header: messages.colonneMoyenne,
    filter: false,
    className: 'numeric',
    cell: (r) => formatMoyenne(r.moyenne),
  }),
  nomVille: () => ({ key: 'nomVille', header: fieldLabel('nomVille'), cell: (r) => r.nomVille ?? '' }),
  telEtudiant: () => text('telEtudiant'),
  listeDeliberation: () => ({
    key: 'listeDeliberation',
    header: messages.colonneListe,
    options: enumOptions(LISTES_ADMISSION, 'listeDeliberation'),
    cell: (r) => enumLabel('listeDeliberation', r.listeDeliberation),
  }),
  rang: () => ({
    key: 'rang',
    header: messages.colonneRang,
    filter: false,
    className: 'numeric',
    cell: (r) => (r.rang == null ? '' : String(r.rang)),
  }),
  reponse: () => ({
    key: 'reponse',
    header: messages.colonneReponse,
    options: enumOptions(REPONSES_LISTE_ADMIS, 'reponse'),
    cell: (r) => enumLabel('reponse', r.reponse),
  }),
  dateLimiteReponse: () => ({
    key: 'dateLimiteReponse',
    header: messages.colonneDateLimite,
    filter: false,
    // Deadlines are read in Ouagadougou's time, wherever the screen is.
    cell: (r) => ouagaDateTimeShort(r.dateLimiteReponse),
  }),
};

export const admisColumns = (names: Field[]) => names.map((n) => COLUMNS[n]());
