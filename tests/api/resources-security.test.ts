import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/domain/resources/definitions';
import type { StaffKey } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { expectCode, Fixtures, type Body, type Row } from '../helpers/resources';

let t: TestContext;
let f: Fixtures;
/** One live row and one valid create body per resource, made by the admin. */
const rows: Record<string, Row> = {};
const bodies: Record<string, Body> = {};
beforeAll(async () => {
  t = await setupTestApp();
  f = await Fixtures.create(t);
  for (const def of RESOURCES) {
    rows[def.name] = await f.create(def.name);
    bodies[def.name] = await f.payload(def.name);
  }
});
afterAll(() => t.close());

const NON_ADMINS: StaffKey[] = ['cenou', 'dr', 'dr2', 'etudiant'];
const idOf = (name: string) => rows[name][RESOURCES.find((d) => d.name === name)!.idField];

describe.each(RESOURCES.map((d) => [d.name] as const))('%s', (name) => {
  const writes = () =>
    [
      ['POST', `campus/${name}`, bodies[name]],
      ['PUT', `campus/${name}/${idOf(name)}`, { ...rows[name], ...bodies[name] }],
      ['PATCH', `campus/${name}/${idOf(name)}`, undefined],
    ] as const;

  it('refuses every write with 403 to each non-admin role and 401 without a token; nothing changes', async () => {
    const before = await f.list(name);
    for (const [method, url, body] of writes()) {
      for (const who of NON_ADMINS) {
        expectCode(await t.api(method, url, { token: await t.token(who), body }), 403, 'INTERDIT');
      }
      expectCode(await t.api(method, url, { body }), 401, 'NON_AUTHENTIFIE');
      expectCode(await t.api(method, url, { token: 'pas.un.jeton', body }), 401, 'NON_AUTHENTIFIE');
    }
    expect(await f.list(name)).toEqual(before);
  });

  it('refuses a non-admin before looking at the body (403 even for an invalid one)', async () => {
    expectCode(
      await t.api('POST', `campus/${name}`, { token: await t.token('cenou'), body: { rien: true } }),
      403,
      'INTERDIT',
    );
  });

  const readers: [StaffKey, number][] =
    name === 'users'
      ? [
          ['admin', 200],
          ['cenou', 403],
          ['dr', 403],
          ['dr2', 403],
          ['etudiant', 403],
        ]
      : [
          ['admin', 200],
          ['cenou', 200],
          ['dr', 200],
          ['dr2', 200],
          ['etudiant', 403],
        ];

  it.each(readers)('reads as %s: %i (list, page, get, export)', async (who, status) => {
    const token = await t.token(who);
    for (const url of [
      `campus/${name}`,
      `campus/${name}?page=0&size=5`,
      `campus/${name}/${idOf(name)}`,
      `campus/${name}?format=csv`,
    ]) {
      const res = await t.api('GET', url, { token });
      expect(res.statusCode, `${who} GET ${url}`).toBe(status);
    }
  });

  it('reads without a token: 401', async () => {
    expectCode(await t.api('GET', `campus/${name}`), 401, 'NON_AUTHENTIFIE');
    expectCode(await t.api('GET', `campus/${name}/${idOf(name)}`), 401, 'NON_AUTHENTIFIE');
  });
});

describe('extras', () => {
  it('cite-categorie is read by staff only; users/{id}/reset by the admin only', async () => {
    const cite = idOf('cite');
    for (const who of ['admin', 'cenou', 'dr'] as const) {
      expect(
        (await t.api('GET', `campus/cite-categorie/${cite}`, { token: await t.token(who) })).statusCode,
      ).toBe(200);
    }
    expectCode(
      await t.api('GET', `campus/cite-categorie/${cite}`, { token: await t.token('etudiant') }),
      403,
      'INTERDIT',
    );
    expectCode(await t.api('GET', `campus/cite-categorie/${cite}`), 401, 'NON_AUTHENTIFIE');
    for (const who of NON_ADMINS) {
      expectCode(
        await t.api('PUT', `campus/users/${idOf('users')}/reset`, {
          token: await t.token(who),
          body: rows.users,
        }),
        403,
        'INTERDIT',
      );
    }
    expectCode(
      await t.api('PUT', `campus/users/${idOf('users')}/reset`, { body: rows.users }),
      401,
      'NON_AUTHENTIFIE',
    );
  });

  it('a token of a deleted admin stops working at once', async () => {
    const admin2 = await f.create('users', { role: 'ROLE_HEBERGEMENT_ADMIN' });
    const signin = await t.api('POST', 'campus-auth/signin', {
      body: { username: admin2.userName, password: 'Utilisateur-2026' },
    });
    const token = signin.json().accessToken as string;
    expect(
      (await t.api('POST', 'campus/direction', { token, body: await f.payload('direction') })).statusCode,
    ).toBe(201);
    await f.remove('users', admin2.id);
    expectCode(
      await t.api('POST', 'campus/direction', { token, body: await f.payload('direction') }),
      401,
      'NON_AUTHENTIFIE',
    );
  });
});
