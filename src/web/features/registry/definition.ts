import { SEXES } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import type { ResourceDef } from '../../../domain/resources/types';
import { paths } from '../../lib/paths';

/**
 * The student registry as the generic list screen reads it: the columns shown, their types (for
 * French cells and filters) and who may open it. A view definition only: the registry has its own
 * server routes (src/server/modules/registry), not the reference-data ones, and no form.
 */
export const registryView: ResourceDef = {
  name: 'registre-etudiant',
  table: 'registre_etudiant',
  idField: 'idEtudiant',
  title: messages.registreTitre,
  dialogTitle: messages.registreTitre,
  path: paths.registre,
  menuGroup: 'administration',
  fields: [
    { name: 'ine', type: 'text', readOnly: true },
    { name: 'nomEtudiant', type: 'text', readOnly: true },
    { name: 'prenomEtudiant', type: 'text', readOnly: true },
    { name: 'sexeEtudiant', type: 'enum', values: SEXES, readOnly: true },
    { name: 'dateNaissance', type: 'date', readOnly: true },
    { name: 'villeOrientation', type: 'text', readOnly: true },
    { name: 'universite', type: 'text', readOnly: true },
    { name: 'compte', type: 'boolean', readOnly: true },
  ],
  exports: [],
  columns: [
    'ine',
    'nomEtudiant',
    'prenomEtudiant',
    'sexeEtudiant',
    'dateNaissance',
    'villeOrientation',
    'universite',
    'compte',
  ],
  optionLabel: (r) =>
    `${String(r.nomEtudiant ?? '')} ${String(r.prenomEtudiant ?? '')} (${String(r.ine ?? '')})`,
  defaultSort: 'nomEtudiant,asc;prenomEtudiant,asc',
  access: { read: 'registry.read', write: 'registry.import' },
  pageSize: 10,
};
