import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helpers/app';
import {
  ACTORS,
  entryKey,
  expectedOutcome,
  MATRIX,
  missingData,
  routeKeyOf,
  setupMatrix,
  successOf,
  type MatrixEntry,
} from '../helpers/matrix';
import type { Permission } from '../../src/domain/permissions';

/**
 * The authorization matrix (issue 7): every route of `app.routeAccess` × every actor, the expected
 * status derived from PERMISSIONS (see tests/helpers/matrix.ts, where routes are added).
 * The app is built at collection time: the routes it declares make the test cases.
 */
const t = await setupTestApp({ PUBLIC_RATE_PER_MINUTE: 100_000 });
afterAll(() => t.close());
const matrix = await setupMatrix(t);

const routes = t.app.routeAccess.map((r) => ({ key: routeKeyOf(r), permission: r.permission }));
const entries = new Map(MATRIX.map((e) => [entryKey(e), e]));

describe('the matrix table', () => {
  it('describes every route of the product, once', () => {
    const missing = routes.map((r) => r.key).filter((k) => !entries.has(k));
    expect(missing, 'routes missing from MATRIX (tests/helpers/matrix.ts)').toEqual([]);
    expect(MATRIX.length, 'an entry appears twice in MATRIX').toBe(entries.size);
  });

  it('describes only routes that exist', () => {
    const known = new Set(routes.map((r) => r.key));
    expect(MATRIX.map(entryKey).filter((k) => !known.has(k))).toEqual([]);
  });

  it('says whose data each direction- or owner-scoped route reaches', () => {
    const unsaid = routes.flatMap((r) => {
      const entry = entries.get(r.key);
      const missing = entry ? missingData(entry, r.permission) : [];
      return missing.length ? [`${r.key} (${r.permission}): ${missing.join(', ')}`] : [];
    });
    expect(unsaid).toEqual([]);
  });
});

describe('expected outcomes, derived from PERMISSIONS', () => {
  // No route reaches a student's data yet: a dossier-like entry shows what later routes will get.
  const dossier: MatrixEntry = {
    method: 'GET',
    url: 'campus/exemple/:id',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: () => ({ params: { id: 1 } }),
  };
  const expected = (entry: MatrixEntry, permission: Permission | null) =>
    Object.fromEntries(ACTORS.map((a) => [a.label, expectedOutcome(entry, permission, a).status]));

  it('a row of student A in direction OUA read under dossier.read: 403 other direction, 404 other student', () => {
    expect(expected(dossier, 'dossier.read')).toEqual({
      anonymous: 401,
      ADMIN: 200,
      GESTIONNAIRE_CENOU: 200,
      GESTIONNAIRE_DR: 200,
      'GESTIONNAIRE_DR of another direction': 403,
      ETUDIANT: 200,
      'another ETUDIANT': 404,
      AGENT_CITE: 403,
      'AGENT_CITE of another cité': 403,
    });
  });

  it('a row of cité A read under cite.inventory: 403 for the agent of another cité', () => {
    const inCite: MatrixEntry = { ...dossier, data: { cite: 'A', owner: 'etudiant' } };
    expect(expected(inCite, 'cite.inventory')).toEqual({
      anonymous: 401,
      ADMIN: 200,
      GESTIONNAIRE_CENOU: 403,
      GESTIONNAIRE_DR: 403,
      'GESTIONNAIRE_DR of another direction': 403,
      ETUDIANT: 200,
      'another ETUDIANT': 404,
      AGENT_CITE: 200,
      'AGENT_CITE of another cité': 403,
    });
    expect(missingData({ ...dossier, data: { owner: 'etudiant' } }, 'cite.inventory')).toEqual(['cite']);
  });

  it("the caller's own data ('actor') and public routes", () => {
    const own: MatrixEntry = { ...dossier, method: 'POST', data: 'actor' };
    expect(expected(own, 'dossier.deposit')).toEqual({
      anonymous: 401,
      ADMIN: 403,
      GESTIONNAIRE_CENOU: 403,
      GESTIONNAIRE_DR: 403,
      'GESTIONNAIRE_DR of another direction': 403,
      ETUDIANT: 201,
      'another ETUDIANT': 201,
      AGENT_CITE: 403,
      'AGENT_CITE of another cité': 403,
    });
    expect(new Set(Object.values(expected({ ...dossier, data: undefined }, null)))).toEqual(new Set([200]));
  });

  it('an entry under a scoped permission must say whose data it reaches', () => {
    expect(missingData({ ...dossier, data: undefined }, 'dossier.read')).toEqual(['direction', 'own']);
    expect(missingData({ ...dossier, data: { direction: 'BOB' } }, 'dossier.read')).toEqual(['own']);
    expect(missingData(dossier, 'dossier.read')).toEqual([]);
    expect(missingData({ ...dossier, data: undefined }, 'reference.read')).toEqual([]);
  });
});

describe('authorization matrix', () => {
  for (const route of routes) {
    const entry = entries.get(route.key);
    if (!entry) continue; // reported by 'describes every route of the product'
    for (const actor of ACTORS) {
      const expected = expectedOutcome(entry, route.permission, actor);
      const succeeds = expected.status === successOf(entry);
      it(`${route.key} as ${actor.label} → ${expected.status}`, async () => {
        const res = await matrix.call(entry, actor, succeeds);
        expect(res.statusCode, `${route.key} as ${actor.label}: ${res.body.slice(0, 300)}`).toBe(
          expected.status,
        );
        if (expected.code) expect((res.json() as { code: string }).code).toBe(expected.code);
      });
    }
  }
});
