import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/domain/resources/definitions';
import { rowSchema } from '../../src/domain/resources/shape';
import type { ResourceRow } from '../../src/domain/resources/types';
import { userHooks } from '../../src/server/modules/reference/hooks';
import { setupTestApp, type TestContext } from '../helpers/app';
import { expectCode, expectFieldError, Fixtures, USER_PASSWORD, type Row } from '../helpers/resources';

let t: TestContext;
let f: Fixtures;
let user: Row;
beforeAll(async () => {
  t = await setupTestApp();
  f = await Fixtures.create(t);
  user = await f.create('users', { userName: 'agent.schema', nom: 'Ouedraogo', prenom: 'Awa' });
});
afterAll(() => t.close());

const SECRET = /password|passwordHash|password_hash|\$argon2|fuite/i;

describe('response schemas', () => {
  it('rowSchema(users) keeps the row fields and drops every password key', () => {
    const row = rowSchema(users).parse({
      id: 3,
      userName: 'a',
      nom: 'N',
      prenom: 'P',
      email: 'a@b.bf',
      role: 'ROLE_HEBERGEMENT_ADMIN',
      idDirection: 1,
      libelleDirection: 'D',
      password: 'x',
      password2: 'x',
      passwordHash: '$argon2id$…',
      password_hash: '$argon2id$…',
      tokenVersion: 2,
    });
    expect(Object.keys(row).sort()).toEqual(
      ['email', 'id', 'idDirection', 'libelleDirection', 'nom', 'prenom', 'role', 'userName'].sort(),
    );
  });

  it('a users answer carries no password or hash even when the strip hook is gone (and leaks)', async () => {
    const strip = userHooks.toResponse;
    // The hook is removed, and worse, replaced by one that adds the secrets: the schema still drops them.
    userHooks.toResponse = (row: ResourceRow) => ({
      ...row,
      password: 'fuite',
      passwordHash: '$argon2id$fuite',
      password_hash: '$argon2id$fuite',
    });
    try {
      const created = await f.call('POST', 'campus/users', {
        ...(await f.payload('users', { userName: 'agent.sans.secret' })),
        password: USER_PASSWORD,
      });
      expect(created.statusCode).toBe(201);
      expect(created.body).not.toMatch(SECRET);
      const id = created.json().id;
      for (const res of [
        await f.call('GET', `campus/users/${id}`),
        await f.call('PUT', `campus/users/${id}`, {
          ...(created.json() as Row),
          nom: 'Nouveau',
          password: '',
        }),
      ]) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toMatch(SECRET);
        expect(res.json()).toMatchObject({ id, userName: 'agent.sans.secret' });
      }
    } finally {
      userHooks.toResponse = strip;
    }
  });

  it('error answers keep their bodies on routes that declare response schemas', async () => {
    expectCode(await f.call('GET', 'campus/users/999999999'), 404, 'INTROUVABLE');
    expectFieldError(await f.call('POST', 'campus/users', { userName: '' }), 'userName');
    expectCode(
      await f.call('POST', 'campus/users', {
        ...(await f.payload('users', { userName: String(user.userName) })),
        password: USER_PASSWORD,
      }),
      409,
      'DOUBLON',
    );
    expectCode(await f.call('PATCH', 'campus/cite/999999999'), 404, 'INTROUVABLE');
    expectCode(await f.call('PUT', 'campus/users/999999999/reset'), 404, 'INTROUVABLE');
    expectCode(
      await t.api('POST', 'campus-auth/signin', { body: { username: 'personne', password: 'x' } }),
      401,
      'IDENTIFIANTS_INVALIDES',
    );
    const bad = await f.call('GET', 'campus/cite/abc');
    expectFieldError(bad, 'id');
  });

  it('success answers keep their declared fields', async () => {
    const signin = await t.api('POST', 'campus-auth/signin', {
      body: { username: 'agent.schema', password: USER_PASSWORD },
    });
    expect(Object.keys(signin.json()).sort()).toEqual(
      ['accessToken', 'idDirection', 'libelleDirection', 'nom', 'prenom', 'roles', 'username'].sort(),
    );
    const cite = await f.create('cite');
    const withCategories = await f.call('GET', `campus/cite-categorie/${cite.idCite}`);
    expect(withCategories.statusCode).toBe(200);
    expect(withCategories.json()).toMatchObject({ idCite: cite.idCite, listeCategorieChambre: [] });
    const deleted = await f.call('PATCH', `campus/cite/${cite.idCite}`);
    expect(deleted.json()).toEqual({ message: expect.any(String) });
    const reset = await f.call('PUT', `campus/users/${user.id}/reset`);
    expect(reset.json()).toEqual({ message: expect.any(String) });
  });
});
