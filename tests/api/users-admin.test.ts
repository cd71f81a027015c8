import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, GESTIONNAIRE_CENOU } from '../../src/domain/enums';
import { messages } from '../../src/domain/messages';
import { users } from '../../src/domain/resources/definitions';
import { deleteResource, updateResource } from '../../src/server/crud/service';
import { one, rows } from '../../src/server/db/client';
import { userHooks } from '../../src/server/modules/reference/hooks';
import { setupTestApp, TEST_PASSWORD, type TestContext } from '../helpers/app';
import { expectFieldError, Fixtures, USER_PASSWORD, type Row } from '../helpers/resources';

let t: TestContext;
let f: Fixtures;
let user: Row;
beforeAll(async () => {
  t = await setupTestApp();
  f = await Fixtures.create(t);
  user = await f.create('users', { userName: 'agent.zerbo', nom: 'Zerbo', prenom: 'Hamidou' });
});
afterAll(() => t.close());

const signin = (username: string, password: string) =>
  t.api('POST', 'campus-auth/signin', { body: { username, password } });

async function tokenOf(username: string, password: string): Promise<string> {
  const res = await signin(username, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accessToken;
}

const stillIn = async (token: string) => (await t.api('GET', 'campus/cite', { token })).statusCode;

describe('users never show a password', () => {
  it('not on create, get, list, search, pages nor exports', async () => {
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');
    for (const url of [
      `campus/users/${user.id}`,
      'campus/users',
      'campus/users?username=zerbo',
      'campus/users?page=0&size=5&q=zerbo',
      'campus/users?format=csv',
    ]) {
      const res = await f.call('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body, url).not.toMatch(/password|\$argon2|Utilisateur-2026/i);
    }
  });

  it('the new account signs in with the password it was given', async () => {
    expect(await stillIn(await tokenOf('agent.zerbo', USER_PASSWORD))).toBe(200);
  });
});

describe('users?username=', () => {
  it('matches userName by "contains", ignoring case', async () => {
    const hits = await f.list('users', '?username=ZERB');
    expect(hits.map((u) => u.userName)).toEqual(['agent.zerbo']);
    expect(await f.list('users', '?username=personne-de-ce-nom')).toEqual([]);
    expect((await f.list('users', '?username=')).length).toBeGreaterThan(1);
  });
});

describe('roles', () => {
  it('a staff account cannot become a student, nor a student account staff', async () => {
    expectFieldError(
      await f.call('PUT', `campus/users/${user.id}`, { ...user, role: 'ROLE_HEBERGEMENT_ETUDIANT' }),
      'role',
      messages.roleEtudiantInterdit,
    );
    const student = (await f.get('users', t.accounts.etudiant.id)).json();
    expectFieldError(
      await f.call('PUT', `campus/users/${student.id}`, {
        ...student,
        role: 'ROLE_HEBERGEMENT_ADMIN',
        idDirection: null,
      }),
      'role',
      messages.roleEtudiantInterdit,
    );
    expect((await f.get('users', user.id)).json().role).toBe(user.role);
  });
});

describe('passwords on update', () => {
  it('blank or absent keeps the old one: sign-in and tokens still work', async () => {
    const token = await tokenOf('agent.zerbo', USER_PASSWORD);
    const blank = await f.call('PUT', `campus/users/${user.id}`, {
      ...user,
      nom: 'Zerbo-Kaboré',
      password: '',
      password2: '',
    });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().nom).toBe('Zerbo-Kaboré');
    const absent = await f.call('PUT', `campus/users/${user.id}`, { ...user, prenom: 'Hamidou Jean' });
    expect(absent.statusCode).toBe(200);
    expect(await stillIn(token)).toBe(200);
    expect((await signin('agent.zerbo', USER_PASSWORD)).statusCode).toBe(200);
  });

  it('a given one replaces it: older tokens stop working, the old password is refused', async () => {
    const token = await tokenOf('agent.zerbo', USER_PASSWORD);
    const res = await f.call('PUT', `campus/users/${user.id}`, { ...user, password: 'Nouveau-mot-2026' });
    expect(res.statusCode).toBe(200);
    expect(await stillIn(token)).toBe(401);
    expect((await signin('agent.zerbo', USER_PASSWORD)).statusCode).toBe(401);
    expect(await stillIn(await tokenOf('agent.zerbo', 'Nouveau-mot-2026'))).toBe(200);
  });

  it('a short one is refused and changes nothing', async () => {
    const other = await f.create('users');
    expectFieldError(
      await f.call('PUT', `campus/users/${other.id}`, { ...other, password: 'court' }),
      'password',
      messages.motDePasseCourt,
    );
    expect((await signin(String(other.userName), USER_PASSWORD)).statusCode).toBe(200);
  });
});

describe('reset and delete', () => {
  it('reset: 200, a new password mailed, older tokens stop working', async () => {
    const other = await f.create('users', { email: 'reset.test@cenou.bf' });
    const token = await tokenOf(String(other.userName), USER_PASSWORD);
    const res = await f.call('PUT', `campus/users/${other.id}/reset`, other);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.motDePasseReinitialise);
    expect(await stillIn(token)).toBe(401);
    const mails = await rows<{ text_body: string }>(
      t.database.db,
      sql`SELECT text_body FROM outbox_mail WHERE recipient = 'reset.test@cenou.bf'`,
    );
    expect(mails).toHaveLength(1);
    const password = /Mot de passe\u00a0: (\S+)/.exec(mails[0].text_body)?.[1];
    expect(password).toEqual(expect.any(String));
    expect((await signin(String(other.userName), password!)).statusCode).toBe(200);
    expect((await f.call('PUT', 'campus/users/999999/reset', other)).statusCode).toBe(404);
    const noBody = await t.api('PUT', `campus/users/${other.id}/reset`, {
      token: await t.token('admin'),
      headers: { 'content-type': 'application/json' },
    });
    expect(noBody.statusCode, noBody.body).toBe(200);
  });

  it('delete: the account’s tokens stop working and it cannot sign in; its userName is free again', async () => {
    const other = await f.create('users');
    const token = await tokenOf(String(other.userName), USER_PASSWORD);
    await f.remove('users', other.id);
    expect(await stillIn(token)).toBe(401);
    expect((await signin(String(other.userName), USER_PASSWORD)).statusCode).toBe(401);
    const again = await f.call(
      'POST',
      'campus/users',
      await f.payload('users', { userName: other.userName }),
    );
    expect(again.statusCode).toBe(201);
  });

  it('a student account linked to the registry cannot be deleted here (409)', async () => {
    const res = await f.call('PATCH', `campus/users/${t.accounts.etudiant.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('REFERENCE_UTILISEE');
    expect(await stillIn(await t.token('admin'))).toBe(200);
    expect((await signin(t.accounts.etudiant.userName, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

function expectConflict(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ code: 'CONFLIT', message });
}

const adminCount = async () =>
  (await one<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM users WHERE role = ${ADMIN} AND deleted_at IS NULL`,
  ))!.n;

describe('a staff account’s phone, where its SMS go (docs/life-in-the-cite.md#the-sms)', () => {
  const AGENT = 'ROLE_HEBERGEMENT_AGENT_CITE';
  const storedPhone = async (id: unknown) =>
    (await one<{ tel: string | null }>(
      t.database.db,
      sql`SELECT telephone AS tel FROM users WHERE id = ${id}`,
    ))!.tel;

  it('set on create, changed, cleared: stored normalised, shown in the row and the list', async () => {
    const agent = await f.create('users', {
      userName: 'agent.telephone',
      role: AGENT,
      idDirection: null,
      telephone: '70 11 22 33',
    });
    expect(agent.telephone).toBe('+22670112233');
    expect(await storedPhone(agent.id)).toBe('+22670112233');
    const listed = await f.list('users', '?username=agent.telephone');
    expect(listed.map((u) => u.telephone)).toEqual(['+22670112233']);

    const changed = await f.call('PUT', `campus/users/${agent.id}`, { ...agent, telephone: '0022676554433' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().telephone).toBe('+22676554433');
    // Left out of an update: kept as stored.
    const { telephone: _kept, ...withoutPhone } = agent;
    const kept = await f.call('PUT', `campus/users/${agent.id}`, { ...withoutPhone, nom: 'Compaoré' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await storedPhone(agent.id)).toBe('+22676554433');
    // Blank: no number, no SMS.
    const cleared = await f.call('PUT', `campus/users/${agent.id}`, { ...agent, telephone: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await storedPhone(agent.id)).toBeNull();
  });

  it('a number that is not one is refused in French under the field, nothing written', async () => {
    for (const telephone of ['12 34', 'soixante-dix', '+226 70 12 34 5']) {
      expectFieldError(
        await f.call('POST', 'campus/users', await f.payload('users', { userName: 'agent.faux', telephone })),
        'telephone',
        messages.telephoneNonValide,
      );
    }
    expect(await f.list('users', '?username=agent.faux')).toEqual([]);
  });

  it('another live account’s number, however written, is refused (409 on the field); a deleted one’s is free', async () => {
    const first = await f.create('users', { userName: 'agent.premier', telephone: '+226 71 00 00 01' });
    const taken = await f.call(
      'POST',
      'campus/users',
      await f.payload('users', { userName: 'agent.second', telephone: '71-00-00-01' }),
    );
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'DOUBLON',
      message: messages.telephoneCompteDejaPris,
      errors: [{ champ: 'telephone', message: messages.telephoneCompteDejaPris }],
    });
    const second = await f.create('users', { userName: 'agent.second', telephone: '71 00 00 02' });
    const moved = await f.call('PUT', `campus/users/${second.id}`, { ...second, telephone: '71000001' });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().errors).toEqual([{ champ: 'telephone', message: messages.telephoneCompteDejaPris }]);
    expect(await storedPhone(second.id)).toBe('+22671000002');
    // Its own number again is no clash.
    const same = await f.call('PUT', `campus/users/${first.id}`, { ...first, telephone: '71 00 00 01' });
    expect(same.statusCode, same.body).toBe(200);
    await f.remove('users', first.id);
    const freed = await f.call('PUT', `campus/users/${second.id}`, { ...second, telephone: '71000001' });
    expect(freed.statusCode, freed.body).toBe(200);
  });

  it('a student’s number is the one it verified itself: the admin leaves it as it is', async () => {
    const student = (await f.get('users', t.accounts.etudiant.id)).json();
    expectFieldError(
      await f.call('PUT', `campus/users/${student.id}`, { ...student, telephone: '72 00 00 09' }),
      'telephone',
      messages.telephoneEtudiantParLuiMeme,
    );
    const same = await f.call('PUT', `campus/users/${student.id}`, student);
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('an admin does not lock itself out', () => {
  const me = () => t.accounts.admin.id;
  const myRow = async () => (await f.get('users', me())).json() as Row;

  it('nor deletes its own account (409): it still signs in', async () => {
    expectConflict(await f.call('PATCH', `campus/users/${me()}`), messages.suppressionPropreCompte);
    expect(await stillIn(await t.token('admin'))).toBe(200);
    expect((await signin(t.accounts.admin.userName, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('nor resets its own password (409): no mail, its token and password still work', async () => {
    const before = await rows(t.database.db, sql`SELECT 1 FROM outbox_mail`);
    expectConflict(
      await f.call('PUT', `campus/users/${me()}/reset`, await myRow()),
      messages.reinitialisationPropreCompte,
    );
    expect(await rows(t.database.db, sql`SELECT 1 FROM outbox_mail`)).toHaveLength(before.length);
    expect(await stillIn(await t.token('admin'))).toBe(200);
    expect((await signin(t.accounts.admin.userName, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('nor takes the admin role from its own account (409 on the role); other changes of its own go', async () => {
    const row = await myRow();
    const res = await f.call('PUT', `campus/users/${me()}`, { ...row, role: GESTIONNAIRE_CENOU });
    expectConflict(res, messages.retrogradationPropreCompte);
    expect(res.json().errors).toEqual([{ champ: 'role', message: messages.retrogradationPropreCompte }]);
    expect((await myRow()).role).toBe(ADMIN);
    const renamed = await f.call('PUT', `campus/users/${me()}`, { ...row, prenom: 'Issa Jean' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await stillIn(await t.token('admin'))).toBe(200);
  });
});

describe('an account’s direction follows its role (docs/roles.md)', () => {
  const DR = 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR';
  let idDirection: number;
  beforeAll(async () => {
    idDirection = (await f.ouaga()).idDirection;
  });
  const count = async () =>
    (await one<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`))!.n;
  const stored = async (id: unknown) =>
    (await one<{ d: number | null }>(
      t.database.db,
      sql`SELECT id_direction AS d FROM users WHERE id = ${id}`,
    ))!.d;

  it('the admin and the central manager get none: a direction given is refused, nothing written', async () => {
    const before = await count();
    for (const role of [ADMIN, GESTIONNAIRE_CENOU]) {
      const body = await f.payload('users', { role, idDirection });
      expectFieldError(
        await f.call('POST', 'campus/users', body),
        'idDirection',
        messages.directionSansObjet,
      );
    }
    expect(await count()).toBe(before);
    for (const role of [ADMIN, GESTIONNAIRE_CENOU]) {
      const made = await f.create('users', { role });
      expect(made.idDirection).toBeNull();
      expect(made.libelleDirection).toBeNull();
      expect(await stored(made.id)).toBeNull();
      // The file's last tests count the admins: this one goes.
      if (role === ADMIN) await f.remove('users', made.id);
    }
  });

  it('a regional manager must have one: absent or blank is refused', async () => {
    const before = await count();
    for (const missing of [{ idDirection: null }, { idDirection: '' }]) {
      const body = await f.payload('users', { role: DR, ...missing });
      expectFieldError(await f.call('POST', 'campus/users', body), 'idDirection', messages.champObligatoire);
    }
    const { idDirection: _left, ...without } = await f.payload('users', { role: DR });
    expectFieldError(await f.call('POST', 'campus/users', without), 'idDirection', messages.champObligatoire);
    expect(await count()).toBe(before);
    const made = await f.create('users', { role: DR, idDirection });
    expect(made.idDirection).toBe(idDirection);
  });

  it('a change of role brings the direction with it, or is refused', async () => {
    const made = await f.create('users', { role: DR, idDirection });
    const row = (await f.get('users', made.id)).json() as Row;
    // Regional → central keeping the direction: refused, nothing changed.
    expectFieldError(
      await f.call('PUT', `campus/users/${made.id}`, { ...row, role: GESTIONNAIRE_CENOU }),
      'idDirection',
      messages.directionSansObjet,
    );
    expect((await f.get('users', made.id)).json()).toMatchObject({ role: DR, idDirection });
    // With the direction cleared: done.
    const central = await f.call('PUT', `campus/users/${made.id}`, {
      ...row,
      role: GESTIONNAIRE_CENOU,
      idDirection: null,
    });
    expect(central.statusCode, central.body).toBe(200);
    expect(await stored(made.id)).toBeNull();
    // Central → regional without a direction (left out: the stored one is none): refused.
    const { idDirection: _none, libelleDirection: _l, ...noDirection } = central.json() as Row;
    expectFieldError(
      await f.call('PUT', `campus/users/${made.id}`, { ...noDirection, role: DR }),
      'idDirection',
      messages.champObligatoire,
    );
    const back = await f.call('PUT', `campus/users/${made.id}`, { ...noDirection, role: DR, idDirection });
    expect(back.statusCode, back.body).toBe(200);
    expect(await stored(made.id)).toBe(idDirection);
  });

  it('a national account stored with a direction (before the rule) loses it on its next update', async () => {
    const made = await f.create('users', { role: GESTIONNAIRE_CENOU });
    await t.database.db.execute(sql`UPDATE users SET id_direction = ${idDirection} WHERE id = ${made.id}`);
    const { idDirection: _d, libelleDirection: _l, ...row } = (await f.get('users', made.id)).json() as Row;
    const res = await f.call('PUT', `campus/users/${made.id}`, { ...row, prenom: 'Awa' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(made.id)).toBeNull();
  });

  it('the sign-in answers no direction for the national roles, its own for a regional manager', async () => {
    for (const key of ['admin', 'cenou'] as const) {
      const res = await signin(t.accounts[key].userName, TEST_PASSWORD);
      expect(res.json(), key).toMatchObject({ idDirection: null, libelleDirection: null });
    }
    const dr = (await signin(t.accounts.dr.userName, TEST_PASSWORD)).json();
    expect(dr.idDirection).toBe(idDirection);
    expect(dr.libelleDirection).toMatch(/Ouagadougou/);
  });
});

// Last in the file: the fixtures' admin is deleted here.
describe('the platform keeps an admin', () => {
  let second: Row;
  let secondToken: string;

  it('with two admins, the second deletes the first', async () => {
    expect(await adminCount()).toBe(1);
    second = await f.create('users', { role: ADMIN, userName: 'admin.second' });
    secondToken = await tokenOf('admin.second', USER_PASSWORD);
    const firstToken = await t.token('admin');
    const res = await t.api('PATCH', `campus/users/${t.accounts.admin.id}`, { token: secondToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stillIn(firstToken)).toBe(401);
    expect(await adminCount()).toBe(1);
    expect(await stillIn(secondToken)).toBe(200);
  });

  it('the last admin is neither deleted nor demoted, whoever asks (409)', async () => {
    const row = (await t.api('GET', `campus/users/${second.id}`, { token: secondToken })).json() as Row;
    expectConflict(
      await t.api('PATCH', `campus/users/${second.id}`, { token: secondToken }),
      messages.suppressionPropreCompte,
    );
    // Asked by the system, or by an admin whose own role was taken meanwhile: the same answer.
    const stale = {
      id: Number(t.accounts.cenou.id),
      role: ADMIN,
      idDirection: null,
      userName: 'ancien.admin',
    };
    for (const actor of [null, stale]) {
      const id = Number(second.id);
      await expect(
        deleteResource(t.database.db, actor, { def: users, hooks: userHooks, id }),
      ).rejects.toMatchObject({ status: 409, code: 'CONFLIT', message: messages.dernierAdministrateur });
      await expect(
        updateResource(t.database.db, actor, {
          def: users,
          hooks: userHooks,
          id,
          body: { ...row, role: GESTIONNAIRE_CENOU },
        }),
      ).rejects.toMatchObject({ status: 409, code: 'CONFLIT', message: messages.dernierAdministrateur });
    }
    expect(await adminCount()).toBe(1);
    expect(await stillIn(secondToken)).toBe(200);
  });

  it('two admins demoting each other at the same moment leave one admin', async () => {
    const third = (
      await t.api('POST', 'campus/users', {
        token: secondToken,
        // Built by hand: the fixtures' admin, who would make its parents, is gone.
        body: {
          userName: 'admin.third',
          nom: 'Traoré',
          prenom: 'Awa',
          email: 'awa.traore@cenou.bf',
          idDirection: second.idDirection,
          role: ADMIN,
          password: USER_PASSWORD,
        },
      })
    ).json() as Row;
    const thirdToken = await tokenOf('admin.third', USER_PASSWORD);
    const rowOf = async (id: unknown) =>
      (await t.api('GET', `campus/users/${id}`, { token: secondToken })).json() as Row;
    const [secondRow, thirdRow] = [await rowOf(second.id), await rowOf(third.id)];
    const answers = await Promise.all([
      t.api('PUT', `campus/users/${third.id}`, {
        token: secondToken,
        body: { ...thirdRow, role: GESTIONNAIRE_CENOU },
      }),
      t.api('PUT', `campus/users/${second.id}`, {
        token: thirdToken,
        body: { ...secondRow, role: GESTIONNAIRE_CENOU },
      }),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses[0], answers.map((r) => r.body).join('\n')).toBe(200);
    // Refused by the guard (both calls checked their caller before either wrote), or at the door
    // (the second call's caller had already lost its role).
    expect([403, 409]).toContain(statuses[1]);
    expect(await adminCount()).toBe(1);
  });
});
