/**
 * The web client's types of the API (`src/web/lib/api-types.ts`) are what the OpenAPI description
 * gives today: a route or schema changed without `npm run api:types` fails here, as a migration
 * not generated fails `npm run db:check` (docs/decisions/042-openapi-contract.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesText } from '../../scripts/api-types';

describe('src/web/lib/api-types.ts', () => {
  it('is what `npm run api:types` generates from the description', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8').split('\n');
    const generated = (await apiTypesText()).split('\n');
    // The first line that differs says what changed (not a diff of 16,000 lines).
    const first = generated.findIndex((line, i) => line !== committed[i]);
    const stale =
      first === -1 && committed.length === generated.length
        ? null
        : { ligne: first + 1, attendu: generated[first], present: committed[first] };
    expect(stale, 'src/web/lib/api-types.ts n’est pas à jour : npm run api:types').toBeNull();
  }, 180_000);
});
