import { fieldApplies } from '../../../domain/resources/shape';
import type { FieldDef, ResourceDef, ResourceRow } from '../../../domain/resources/types';

/** The pure part of the resource dialog: first values, cascades and the body sent on save. */

export type Values = Record<string, unknown>;
/** Which values of an enumeration the dialog offers (given the row's values when it opened). */
export type EnumFilter = (field: FieldDef, value: string, initial: Values) => boolean;

export const isBlank = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The fields a person fills in: stored or virtual, never the server-computed ones. */
export function formFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => !f.readOnly && f.form !== false);
}

/** The form's first values: the defaults on create; the row (with its inherited ids) on edit. */
export function initialValues(def: ResourceDef, mode: 'create' | 'edit', row?: ResourceRow): Values {
  const values: Values = {};
  for (const f of formFields(def)) {
    if (mode === 'edit' && row && f.type !== 'password') values[f.name] = row[f.name] ?? null;
    else if (f.type === 'password') values[f.name] = '';
    else if (f.type === 'boolean') values[f.name] = f.default ?? false;
    else values[f.name] = f.default ?? null;
  }
  // A field out of its `onlyWhen` (a national role's direction) starts blank: the form hides it.
  for (const f of formFields(def)) if (!fieldApplies(f, values)) values[f.name] = null;
  return values;
}

/** The fields the form shows for these values: a field out of its `onlyWhen` is hidden. */
export const shownFields = (def: ResourceDef, values: Values): FieldDef[] =>
  formFields(def).filter((f) => fieldApplies(f, values));

/** The values after `name` took `value`: its cascades and the fields it takes out of use blanked. */
export function withValue(def: ResourceDef, current: Values, name: string, value: unknown): Values {
  const next = { ...current, [name]: value };
  if (current[name] !== value) for (const d of dependentsOf(def, name)) next[d] = null;
  for (const f of def.fields) if (f.onlyWhen?.field === name && !fieldApplies(f, next)) next[f.name] = null;
  return next;
}

/** Every field that cascades, directly or not, from `name` (cleared when `name` changes). */
export function dependentsOf(def: ResourceDef, name: string): string[] {
  const out: string[] = [];
  const walk = (parent: string) => {
    for (const f of def.fields) {
      if (f.cascadeFrom === parent && !out.includes(f.name)) {
        out.push(f.name);
        walk(f.name);
      }
    }
  };
  walk(name);
  return out;
}

/**
 * The body sent on save: stored fields only (virtual cascade helpers and the password
 * confirmation never leave the browser), integers as numbers, a blank password left out on update.
 */
export function buildBody(
  def: ResourceDef,
  values: Values,
  mode: 'create' | 'edit',
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (f.virtual || f.readOnly) continue;
    const v = values[f.name];
    switch (f.type) {
      case 'integer':
      case 'ref':
        body[f.name] = isBlank(v) ? null : Number(v);
        break;
      case 'boolean':
        body[f.name] = v === true;
        break;
      case 'password':
        if (!isBlank(v)) body[f.name] = v;
        else if (mode === 'create') body[f.name] = null;
        break;
      case 'text':
      case 'email':
      case 'tel':
        body[f.name] = isBlank(v) ? null : String(v).trim();
        break;
      default:
        body[f.name] = isBlank(v) ? null : v;
    }
  }
  return body;
}
