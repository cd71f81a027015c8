import { phoneForDisplay } from '../../../domain/phone';
import { createElement, type ReactNode } from 'react';
import { frenchNumber, isYearOrId } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { fieldEnumLabel } from '../../../domain/messages-labels';
import type { FieldType } from '../../../domain/resources/types';
import { frenchDate } from '../../lib/format';

export interface FilterOption {
  label: string;
  value: string;
}

/** A boolean column's filter: Oui / Non. */
export const BOOLEAN_OPTIONS: FilterOption[] = [
  { label: messages.vrai, value: 'true' },
  { label: messages.faux, value: 'false' },
];

/** An enumeration column's filter: its values with their French labels. */
export const enumOptions = (values: readonly string[], name = ''): FilterOption[] =>
  values.map((v) => ({ label: fieldEnumLabel(name, v), value: v }));

/** The filter options of a column of this type (a text filter when none). */
export function filterOptions(
  type: FieldType | 'id',
  values?: readonly string[],
  name = '',
): FilterOption[] | undefined {
  if (type === 'boolean') return BOOLEAN_OPTIONS;
  if (type === 'enum') return enumOptions(values ?? [], name);
  return undefined;
}

/**
 * A cell as people read it: enumerations and booleans in French, dates as DD/MM/YYYY, counts
 * grouped by thousands, a year or an identifier as its digits (`isYearOrId`: 2026, not « 2 026 »).
 */
export function formatCell(type: FieldType | 'id', value: unknown, name = ''): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'enum':
      return fieldEnumLabel(name, String(value));
    case 'boolean':
      return value === true || value === 'true' ? messages.vrai : messages.faux;
    case 'date':
      return frenchDate(value);
    case 'tel':
      return phoneForDisplay(String(value));
    case 'integer':
      return typeof value === 'number' && !isYearOrId(name) ? frenchNumber(value) : String(value);
    default:
      return String(value);
  }
}

/**
 * A value with no space (an e-mail, an identifier such as 'gestionnaire.koudougou') with places
 * where its line may break: after a dot, a hyphen or an underscore and before '@' (`<wbr>`, which
 * a copy leaves out). A narrow column then wraps it at those places instead of overflowing or
 * cutting it letter by letter; any other text is returned as it is.
 */
export function breakable(value: string): ReactNode {
  if (/\s/.test(value) || !/[.@_-]/.test(value)) return value;
  const parts = value.split(/(?<=[._-])|(?=@)/);
  // One element: in a phone's card (a flex row) the value stays one item beside its title.
  return createElement(
    'span',
    null,
    ...parts.flatMap((part, i) => (i === 0 ? [part] : [createElement('wbr', { key: i }), part])),
  );
}
