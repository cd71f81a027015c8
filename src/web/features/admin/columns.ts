import { enumLabel, messages } from '../../../domain/messages';
import { outputFields } from '../../../domain/resources/shape';
import type { FieldDef, FieldType, ResourceDef, ResourceRow } from '../../../domain/resources/types';
import { frenchDate } from '../../lib/format';

/** The type of a column of a resource's rows (own field or display field lent by a parent). */
export function columnType(def: ResourceDef, name: string): FieldType | 'id' {
  return outputFields(def).find((f) => f.name === name)?.type ?? 'text';
}

/** The definition of a field that a column shows (for enumeration values), own or inherited. */
export function columnField(def: ResourceDef, name: string): FieldDef | undefined {
  const out = outputFields(def).find((f) => f.name === name);
  return out?.source.fields.find((f) => f.name === name);
}

const integerFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** A cell as people read it: enumerations and booleans in French, dates as DD/MM/YYYY. */
export function formatCell(type: FieldType | 'id', value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'enum':
      return enumLabel(String(value));
    case 'boolean':
      return value === true || value === 'true' ? messages.vrai : messages.faux;
    case 'date':
      return frenchDate(value);
    case 'integer':
      return typeof value === 'number' ? integerFormat.format(value) : String(value);
    default:
      return String(value);
  }
}

export function cellText(def: ResourceDef, row: ResourceRow, name: string): string {
  return formatCell(columnType(def, name), row[name]);
}
