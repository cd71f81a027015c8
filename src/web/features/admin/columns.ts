import { outputFields } from '../../../domain/resources/shape';
import { fieldLabel } from '../../../domain/resources/labels';
import type { FieldDef, FieldType, ResourceDef, ResourceRow } from '../../../domain/resources/types';
import { breakable, filterOptions, formatCell } from '../../components/list/cells';
import type { ListColumn } from '../../components/list/ServerTable';

/** The type of a column of a resource's rows (own field or display field lent by a parent). */
export function columnType(def: ResourceDef, name: string): FieldType | 'id' {
  return outputFields(def).find((f) => f.name === name)?.type ?? 'text';
}

/** The definition of a field that a column shows (for enumeration values), own or inherited. */
export function columnField(def: ResourceDef, name: string): FieldDef | undefined {
  const out = outputFields(def).find((f) => f.name === name);
  return out?.source.fields.find((f) => f.name === name);
}

/**
 * The table columns of a resource's screen, from its definition: the shared French label, sorting,
 * a text filter, or a list of French labels for enumerations and booleans, and French cells (an
 * e-mail or an identifier may wrap at its dots: `breakable`).
 */
export function resourceColumns(def: ResourceDef, names: string[]): ListColumn<ResourceRow>[] {
  return names.map((name) => {
    const type = columnType(def, name);
    return {
      key: name,
      header: fieldLabel(name),
      options: filterOptions(type, columnField(def, name)?.values, name),
      cell: (row) => breakable(formatCell(type, row[name], name)),
    };
  });
}
