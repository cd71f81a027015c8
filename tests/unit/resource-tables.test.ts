import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { RESOURCE_HOOKS } from '../../src/server/modules/reference/hooks';
import { RESOURCES } from '../../src/domain/resources/definitions';
import { snake, storedFields } from '../../src/domain/resources/shape';
import { resourceTable } from '../../src/server/crud/repository';

/**
 * The generic resources read and write each resource's table of the schema
 * (`src/server/crud/tables.ts`): each resource has its table, and every field it stores has its
 * column there, under the field's name in snake case.
 */
describe('the resources’ tables', () => {
  it.each(RESOURCES.map((def) => [def.name, def] as const))(
    '%s: its table and a column per field',
    (_, def) => {
      const { table, columns } = resourceTable(def);
      expect(getTableConfig(table).name).toBe(def.table);
      // A resource written by its own writer (accounts) keeps its secrets out of the generic columns.
      const fields = storedFields(def).filter((f) => !(RESOURCE_HOOKS[def.name]?.writer && f.writeOnly));
      for (const name of [def.idField, ...fields.map((f) => f.name)]) {
        expect(columns[name], `${def.name}.${name}`).toBeDefined();
        expect(columns[name].name).toBe(snake(name));
      }
      for (const column of Object.values(columns)) expect(column.table).toBe(table);
    },
  );
});
