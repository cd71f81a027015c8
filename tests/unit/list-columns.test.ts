import { sql } from 'drizzle-orm';
import { alias, jsonb, pgTable, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionLabels } from '../../src/domain/messages-labels';
import { auditLog, dossier, registreEtudiant } from '../../src/server/db/schema';
import { listColumns, literal, typeOfColumn } from '../../src/server/lists/columns';
import { fileTypeOf } from '../../src/server/lists/reply';
import { AUDIT_COLUMNS } from '../../src/server/modules/audit/repository';

/**
 * A list column declared from the schema (docs/decisions/120-list-columns-from-the-schema.md): its
 * SQL, type, enumeration values and nullability come from the Drizzle column.
 */
const text = (q: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(q).sql;
const d = alias(dossier, 'd');
const r = alias(registreEtudiant, 'r');
const { col, computed } = listColumns(d);

describe('list columns from the schema', () => {
  it('derives each type from the stored column', () => {
    expect(typeOfColumn(d.idDossier)).toBe('id');
    expect(typeOfColumn(d.idDirection)).toBe('id');
    expect(typeOfColumn(d.rang)).toBe('integer');
    expect(typeOfColumn(d.moyenne)).toBe('number');
    expect(typeOfColumn(d.referenceDossier)).toBe('text');
    expect(typeOfColumn(d.statutDossier)).toBe('enum');
    expect(typeOfColumn(d.dateDepot)).toBe('timestamp');
    expect(typeOfColumn(r.dateNaissance)).toBe('date');
    expect(typeOfColumn(r.luApprouve)).toBe('boolean');
  });

  it('writes the column under its alias, with its enumeration values', () => {
    const c = col(d.statutDossier, { search: false });
    expect(text(c.sql)).toBe('"d"."statut_dossier"');
    expect(c.type).toBe('enum');
    expect(c.values).toEqual(dossier.statutDossier.enumValues);
    expect(c.search).toBe(false);
  });

  it('is never NULL only when NOT NULL in the schema and of the list’s own table', () => {
    expect(col(d.statutDossier).notNull).toBe(true);
    expect(col(d.rang).notNull).toBeUndefined();
    // NOT NULL in the schema, but read through a LEFT JOIN: may be NULL in the list.
    expect(col(r.ine).notNull).toBeUndefined();
  });

  it('keeps a computed column as given, and writes an enumeration value as a literal', () => {
    const c = computed(sql`round(${d.moyenne}::numeric, 2)`, 'number', { sortSql: sql`${d.moyenne}` });
    expect(c.type).toBe('number');
    expect(text(c.sql)).toBe('round("d"."moyenne"::numeric, 2)');
    expect(text(sql`${d.statutDossier} = ${literal(d.statutDossier, 'ADMIS')}`)).toBe(
      `"d"."statut_dossier" = 'ADMIS'`,
    );
  });

  it('refuses a kind the lists do not know', () => {
    const t = pgTable('t', { data: jsonb('data') });
    expect(() => typeOfColumn(t.data)).toThrow(/computed/);
  });

  it('types the journal’s action from the schema, and its files write it by its label', () => {
    // docs/decisions/137-audit-and-exports-typed-from-schema.md: the catalogue's codes, each labelled.
    expect(auditLog.action.enumValues).toEqual(AUDIT_ACTIONS);
    expect(Object.keys(auditActionLabels)).toEqual(AUDIT_ACTIONS);
    const action = AUDIT_COLUMNS.action;
    expect([action.type, action.values, action.notNull]).toEqual(['enum', AUDIT_ACTIONS, true]);
    expect(text(action.sql)).toBe('"a"."action"');
    expect(fileTypeOf(action)).toBe('enum');
    expect(fileTypeOf(AUDIT_COLUMNS.id)).toBe('integer');
    expect(fileTypeOf(AUDIT_COLUMNS.at)).toBe('datetime');
  });

  it('reads what an entry is about as an object of schema columns', () => {
    expect(text(AUDIT_COLUMNS.acteur.sql)).toContain(
      `jsonb_build_object('nom', "ua"."nom", 'prenom', "ua"."prenom", 'userName', "ua"."user_name")`,
    );
    expect(text(AUDIT_COLUMNS.objet.sql)).toContain(
      `jsonb_build_object('direction', "dir"."libelle_direction", 'annee', "s"."annee_debut")`,
    );
  });
});
