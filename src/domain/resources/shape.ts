import { z } from 'zod';
import { fill, messages } from '../messages';
import { PHONE_PATTERN } from '../phone';
import { ID_MAX } from '../schemas/common';
import { getResource } from './definitions';
import type { FieldDef, FieldType, ResourceDef } from './types';

/** A field of a resource's rows as the API returns them: own, or lent by a parent through refs. */
interface OutputField {
  name: string;
  /** The chain of ref fields from the resource to the row that holds the value ([] = own). */
  via: string[];
  /** The resource that stores the value, and its field name there. */
  source: ResourceDef;
  column: string;
  type: FieldType | 'id';
}

export function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export const storedFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => !f.virtual);

const cache = new Map<string, OutputField[]>();

/** Every field of a row: id, own stored fields (not write-only), then display fields from parents. */
export function outputFields(def: ResourceDef): OutputField[] {
  const hit = cache.get(def.name);
  if (hit) return hit;
  const out: OutputField[] = [];
  const seen = new Set<string>();
  const add = (f: OutputField) => {
    if (!seen.has(f.name)) {
      seen.add(f.name);
      out.push(f);
    }
  };
  add({ name: def.idField, via: [], source: def, column: snake(def.idField), type: 'id' });
  for (const f of storedFields(def)) {
    if (!f.writeOnly) add({ name: f.name, via: [], source: def, column: snake(f.name), type: f.type });
  }
  const inherit = (parentName: string, via: string[]) => {
    const parent = getResource(parentName);
    for (const e of parent.exports) {
      const f = parent.fields.find((x) => x.name === e);
      add({ name: e, via, source: parent, column: snake(e), type: f?.type ?? 'text' });
    }
    for (const g of storedFields(parent)) {
      if (g.type !== 'ref' || !g.ref) continue;
      add({ name: g.name, via, source: parent, column: snake(g.name), type: 'ref' });
      inherit(g.ref, [...via, g.name]);
    }
  };
  for (const f of storedFields(def)) {
    if (f.type === 'ref' && f.ref) inherit(f.ref, [f.name]);
  }
  cache.set(def.name, out);
  return out;
}

const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
const intLike = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

/** Stands for a required value that is absent or blank: every field schema answers it with 'Ce champ est obligatoire.' */
const MISSING = Symbol('champ manquant');

const required = messages.champObligatoire;
const errorFor = (invalid: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === MISSING ? required : invalid;

/** No control characters but tab (PostgreSQL text cannot even hold NUL). */
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** The zod schema of one field's value on write (before required/optional is applied). */
function baseSchema(f: FieldDef, isRequired: boolean): z.ZodType {
  switch (f.type) {
    case 'text':
    case 'password': {
      let s = z.string({ error: errorFor(messages.valeurInvalide) });
      // A blank required text never reaches here (MISSING, below): the pattern says so to the
      // description.
      if (f.type === 'text' && isRequired) s = s.regex(/\S/, { error: required });
      if (f.type === 'text') s = s.trim();
      s = s
        .max(f.maxLength ?? 255, { error: messages.valeurTropLongue })
        .regex(NO_CONTROL, { error: messages.valeurInvalide });
      if (f.minLength)
        s = s.min(f.minLength, {
          error: f.type === 'password' ? messages.motDePasseCourt : messages.valeurInvalide,
        });
      return s;
    }
    case 'email':
      return z
        .string({ error: errorFor(messages.emailInvalide) })
        .trim()
        .max(255, { error: messages.valeurTropLongue })
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: messages.emailInvalide })
        .regex(NO_CONTROL, { error: messages.emailInvalide });
    case 'tel':
      return z
        .string({ error: errorFor(messages.telephoneNonValide) })
        .trim()
        .max(40, { error: messages.valeurTropLongue })
        .regex(PHONE_PATTERN, { error: messages.telephoneNonValide });
    case 'integer':
    case 'ref': {
      let n = z
        .number({ error: errorFor(messages.valeurEntiere) })
        .int({ error: messages.valeurEntiere })
        .max(ID_MAX, { error: messages.valeurInvalide });
      const min = f.type === 'ref' ? 1 : f.min;
      if (min !== undefined)
        n = n.min(min, {
          error:
            min > 0 && f.type !== 'ref'
              ? messages.valeurStrictementPositive
              : f.type === 'ref'
                ? messages.valeurInvalide
                : messages.valeurPositive,
        });
      if (f.max !== undefined && f.type === 'integer')
        n = n.max(f.max, { error: fill(messages.valeurTropGrande, { max: String(f.max) }) });
      return n;
    }
    case 'boolean':
      return z.boolean({ error: errorFor(messages.valeurInvalide) });
    case 'date':
      // A real calendar date, which the description says (format date and its pattern).
      return z.iso.date({ error: errorFor(messages.dateInvalide) });
    case 'enum':
      return z.enum(f.values as [string, ...string[]], { error: errorFor(messages.choixInvalide) });
  }
}

/**
 * The body schema of a create or an update, built from the definition. Unknown keys (display
 * fields sent back by a client) are dropped. Per field:
 * - blank (null, '', spaces): refused when required, otherwise the default, otherwise null;
 * - absent on create: the default, otherwise refused when required, otherwise null;
 * - absent on update: kept as stored (left out of the result), except a required field without
 *   default, which a PUT must carry.
 */
export function writeSchema(def: ResourceDef, mode: 'create' | 'update') {
  const shape: Record<string, z.ZodType> = {};
  /** On create, what an absent optional field becomes (zod runs no schema of an absent optional key). */
  const whenAbsent: [string, unknown][] = [];
  for (const f of storedFields(def)) {
    if (f.readOnly) continue;
    const isRequired = Boolean(f.required || (mode === 'create' && f.requiredOnCreate));
    const hasDefault = f.default !== undefined;
    const numeric = f.type === 'integer' || f.type === 'ref';
    const pre = (v: unknown) => {
      if (v === undefined) {
        if (hasDefault) return mode === 'create' ? f.default : undefined;
        if (isRequired) return MISSING;
        return mode === 'create' ? null : undefined;
      }
      if (isBlank(v)) return isRequired ? MISSING : hasDefault ? f.default : null;
      return numeric ? intLike(v) : v;
    };
    // zod leaves out an absent key whose schema is optional: that is how an update keeps a value,
    // and how the API's description says that the field may be left out. A create then gives the
    // absent field its default, or null.
    const mayBeAbsent = !isRequired || hasDefault;
    const base = isRequired ? baseSchema(f, true) : baseSchema(f, false).nullable();
    shape[f.name] = z.preprocess(pre, mayBeAbsent ? base.optional() : base);
    if (mode === 'create' && mayBeAbsent) whenAbsent.push([f.name, hasDefault ? f.default : null]);
  }
  const checked = z.object(shape).superRefine((row, ctx) => {
    for (const issue of onlyWhenIssues(def, row, mode)) ctx.addIssue({ code: 'custom', ...issue });
  });
  if (mode === 'update') return checked;
  return checked.transform((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const [name, value] of whenAbsent) if (out[name] === undefined) out[name] = value;
    return out;
  });
}

/**
 * The fields whose `onlyWhen` the row breaks: blank although the other field gives them a meaning
 * ('Ce champ est obligatoire.'), or filled although it gives them none (their `otherwise` message).
 * An absent value (an update that keeps the stored one) is left to the server's hook, which knows
 * the stored value.
 */
function onlyWhenIssues(
  def: ResourceDef,
  row: Record<string, unknown>,
  mode: 'create' | 'update',
): { path: string[]; message: string }[] {
  const out: { path: string[]; message: string }[] = [];
  for (const f of def.fields) {
    const rule = f.onlyWhen;
    if (!rule) continue;
    const other = row[rule.field];
    // On create an absent optional value becomes null (after this check).
    const value = row[f.name] === undefined && mode === 'create' ? null : row[f.name];
    if (other === undefined || other === null || value === undefined) continue;
    const applies = rule.values.includes(String(other));
    if (applies && isBlank(value)) out.push({ path: [f.name], message: required });
    if (!applies && !isBlank(value)) out.push({ path: [f.name], message: messages[rule.otherwise] });
  }
  return out;
}

/** Whether the form shows a field, given the values (a field out of its `onlyWhen` is hidden). */
export function fieldApplies(f: FieldDef, values: Record<string, unknown>): boolean {
  if (!f.onlyWhen) return true;
  const other = values[f.onlyWhen.field];
  return other != null && f.onlyWhen.values.includes(String(other));
}

/** The zod schema of one value of a row as the API returns it (null when absent). */
function outputSchema(type: OutputField['type']): z.ZodType {
  switch (type) {
    case 'id':
    case 'ref':
    case 'integer':
      return z.number().nullable();
    case 'boolean':
      return z.boolean().nullable();
    default:
      // text, email, enum and date (YYYY-MM-DD) are strings on the wire; passwords never are.
      return z.string().nullable();
  }
}

/**
 * The schema of a row of the resource as the API returns it: exactly the fields of
 * `outputFields(def)` (id, own readable fields, display fields of the parents). Used as the
 * routes' response schema, whose serializer drops every other key: a write-only field (a
 * password) or a column the row happens to carry (`password_hash`) can never leave the server.
 */
export function rowSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of outputFields(def)) {
    if (f.type === 'password') continue;
    shape[f.name] = outputSchema(f.type).optional();
  }
  return z.object(shape);
}

/** Client-side check of the form (required fields and confirmations), returning French messages. */
export function validateForm(
  def: ResourceDef,
  values: Record<string, unknown>,
  mode: 'create' | 'update',
): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = writeSchema(def, mode).safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!errors[key]) errors[key] = issue.message;
    }
  }
  for (const f of def.fields) {
    if (
      f.virtual &&
      f.required &&
      f.type === 'ref' &&
      (values[f.name] === undefined || isBlank(values[f.name]))
    ) {
      errors[f.name] = required;
    }
    if (f.confirms && (values[f.confirms] ?? '') !== (values[f.name] ?? '')) {
      errors[f.name] = messages.motsDePasseDifferents;
    }
  }
  return errors;
}
