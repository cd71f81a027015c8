import { fieldEnumLabel, fill, messages } from '../../domain/messages';
import { RESOURCES } from '../../domain/resources/definitions';
import { fieldLabel } from '../../domain/resources/labels';
import type { FieldDef, ResourceDef } from '../../domain/resources/types';

/**
 * The French reading of an audit row's detail (the 'Détail' column of the journal screen and of
 * its exports), from the shapes written by record.ts. Field names become their labels, values
 * are shown as on the screens (enumerations in French, dates as DD/MM/YYYY, Oui/Non), a ref as
 * the name of the row it points at.
 */

const BY_NAME = new Map<string, ResourceDef>(RESOURCES.map((d) => [d.name, d]));

/** French names of what the log records: the resources' titles and the student registry. */
export const RESOURCE_LABELS: Record<string, string> = {
  ...Object.fromEntries(RESOURCES.map((d) => [d.name, d.title])),
  'registre-etudiant': messages.registreTitre,
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function frenchDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

function valueText(field: FieldDef | undefined, value: unknown, label?: unknown): string {
  if (value === null || value === undefined || value === '') return messages.auditValeurVide;
  if (typeof label === 'string' && label !== '') return label;
  if (typeof value === 'boolean') return value ? messages.vrai : messages.faux;
  if (field?.type === 'enum') return fieldEnumLabel(field.name, String(value));
  if (field?.type === 'date' && typeof value === 'string') return frenchDate(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const labelOf = (field: FieldDef | undefined, name: string) => field?.label ?? fieldLabel(name);

/** 'Nom de la cité : Cité A → Cité B ; Nombre de lits : 120 → 80' and the like. */
export function describeDetail(action: string, resource: string, detail: unknown): string {
  if (!isRecord(detail)) return '';
  const def = BY_NAME.get(resource);
  const field = (name: string) => def?.fields.find((f) => f.name === name);
  // jsonb keeps keys in its own order: show them in the order of the resource's fields.
  const rank = (name: string) => {
    const i = def?.fields.findIndex((f) => f.name === name) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const ordered = (o: Record<string, unknown>) => Object.entries(o).sort(([a], [b]) => rank(a) - rank(b));
  const libelle = typeof detail.libelle === 'string' ? detail.libelle : '';

  if (action === 'IMPORTER') {
    return fill(messages.auditImport, {
      fichier: String(detail.nomFichier ?? ''),
      importes: Number(detail.importes ?? 0),
      misAJour: Number(detail.misAJour ?? 0),
    });
  }
  if (action === 'REINITIALISER_MOT_DE_PASSE')
    return fill(messages.auditMotDePasseEnvoye, { compte: libelle });

  if (isRecord(detail.modifications)) {
    const parts = ordered(detail.modifications).map(([name, change]) => {
      const c = isRecord(change) ? change : {};
      const f = field(name);
      return `${labelOf(f, name)} : ${valueText(f, c.avant, c.libelleAvant)} → ${valueText(f, c.apres, c.libelleApres)}`;
    });
    if (detail.motDePasseModifie === true) parts.push(messages.auditMotDePasseModifie);
    const body = parts.length ? parts.join(' ; ') : messages.auditAucuneModification;
    return libelle ? `${libelle} — ${body}` : body;
  }
  if (isRecord(detail.valeurs)) {
    const labels = isRecord(detail.libelles) ? detail.libelles : {};
    return ordered(detail.valeurs)
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(
        ([name, value]) => `${labelOf(field(name), name)} : ${valueText(field(name), value, labels[name])}`,
      )
      .join(' ; ');
  }
  return libelle;
}
