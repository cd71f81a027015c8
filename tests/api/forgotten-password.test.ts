import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CODE_MAX_TRIES } from '../../src/domain/limits';
import { messages } from '../../src/domain/messages';
import { one, rows } from '../../src/server/db/client';
import { setupTestApp, TEST_PASSWORD, type TestContext } from '../helpers/app';

/**
 * A forgotten password (docs/accounts.md#forgotten-password): one answer whether the account
 * exists or not, a 6-digit code by mail and, to a student with a number, by SMS; 15 minutes, 5
 * tries, an older code revoked by a newer one, every older token refused once the password is set,
 * the user name's limit.
 */

let t: TestContext;
const db = () => t.database.db;
const ASK = 'campus-auth/mot-de-passe-oublie';
const CONFIRM = 'campus-auth/mot-de-passe-oublie/confirmation';

const ask = (username: string) => t.api('POST', ASK, { body: { username } });
const confirm = (username: string, code: string, nouveauMotDePasse = 'Nouveau-2026!') =>
  t.api('POST', CONFIRM, { body: { username, code, nouveauMotDePasse } });

/** The code of the account's newest queued mail (the stored copy, before the worker blanks it). */
async function mailedCode(idUser: number): Promise<string> {
  const mail = await one<{ text: string }>(
    db(),
    sql`SELECT text_body AS text FROM outbox_mail WHERE id_user = ${idUser} AND kind = 'CODE_MOT_DE_PASSE'
        ORDER BY id DESC LIMIT 1`,
  );
  return /Code de vérification\u00a0: (\d{6})/.exec(mail!.text)![1];
}

const smsOf = (idUser: number) =>
  rows<{ recipient: string; text: string }>(
    db(),
    sql`SELECT recipient, text_body AS text FROM outbox_sms WHERE id_user = ${idUser} AND kind = 'CODE_MOT_DE_PASSE'
        ORDER BY id`,
  );

const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

beforeAll(async () => {
  t = await setupTestApp({ SIGNIN_MAX_FAILURES: 6 });
}, 120_000);
afterAll(() => t?.close());

describe('asking for a code', () => {
  it('answers an unknown user name as a known one, and queues nothing', async () => {
    const before = await one<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM code_verification`);
    const unknown = await ask('personne.inconnue');
    const known = await ask(t.accounts.dr.userName);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: messages.codeEnvoye });
    expect(known.json()).toEqual(unknown.json());
    const after = await one<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM code_verification`);
    expect(after!.n).toBe(before!.n + 1);
  });

  it('a student gets the code by mail and by SMS to its registry number; stored only hashed', async () => {
    const id = t.accounts.etudiant.id;
    expect((await ask(t.accounts.etudiant.userName.toLowerCase())).statusCode).toBe(200);
    const code = await mailedCode(id);
    const sms = await smsOf(id);
    expect(sms.length).toBe(1);
    expect(sms[0].recipient).toBe('70112233');
    expect(sms[0].text).toContain(code);
    const stored = await one<{ codeHash: string }>(
      db(),
      sql`SELECT code_hash AS "codeHash" FROM code_verification WHERE id_user = ${id} ORDER BY id DESC LIMIT 1`,
    );
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.codeHash).toMatch(/^\$argon2id\$/);
  });

  it('a staff member gets it by mail only', async () => {
    const id = t.accounts.cenou.id;
    expect((await ask(t.accounts.cenou.userName)).statusCode).toBe(200);
    expect(await mailedCode(id)).toMatch(/^\d{6}$/);
    expect(await smsOf(id)).toEqual([]);
  });

  it('refuses a blank user name (400)', async () => {
    const res = await ask('  ');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('setting the new password', () => {
  it('with the right code: 200, older tokens refused, the new password signs in, the code served once', async () => {
    const who = t.accounts.dr2;
    const oldToken = await t.token('dr2');
    expect((await t.api('GET', 'campus/cite', { token: oldToken })).statusCode).toBe(200);
    await ask(who.userName);
    const code = await mailedCode(who.id);
    const res = await confirm(who.userName, code, 'Oublie-2026!');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.motDePasseOublieReussi });
    expect((await t.api('GET', 'campus/cite', { token: oldToken })).statusCode).toBe(401);
    const signin = await t.api('POST', 'campus-auth/signin', {
      body: { username: who.userName, password: 'Oublie-2026!' },
    });
    expect(signin.statusCode).toBe(200);
    const old = await t.api('POST', 'campus-auth/signin', {
      body: { username: who.userName, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect((await confirm(who.userName, code)).statusCode).toBe(400);
    const audit = await one<{ action: string }>(
      db(),
      sql`SELECT action FROM audit_log WHERE resource_id = ${String(who.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.action).toBe('MOT_DE_PASSE_OUBLIE');
  });

  it('a wrong code, an unknown user and a malformed code: 400 with a French message', async () => {
    await ask(t.accounts.admin.userName);
    const code = await mailedCode(t.accounts.admin.id);
    const bad = await confirm(t.accounts.admin.userName, wrong(code));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION',
      message: messages.codeInvalide,
      errors: [{ champ: 'code', message: messages.codeInvalide }],
    });
    const unknown = await confirm('personne.inconnue', '123456');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(bad.json());
    const malformed = await confirm(t.accounts.admin.userName, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ champ: 'code', message: messages.codeFormat }]);
    const short = await confirm(t.accounts.admin.userName, code, 'court');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ champ: 'nouveauMotDePasse', message: messages.motDePasseCourt }]);
    // The right code still works: the malformed calls spent no try.
    expect((await confirm(t.accounts.admin.userName, code, 'Admin-oublie-1')).statusCode).toBe(200);
  });

  it(`a code is good for ${RESET_CODE_MAX_TRIES} tries`, async () => {
    const who = t.accounts.etudiant;
    await ask(who.userName);
    const code = await mailedCode(who.id);
    for (let i = 0; i < RESET_CODE_MAX_TRIES; i++)
      expect((await confirm(who.userName, wrong(code))).statusCode).toBe(400);
    expect((await confirm(who.userName, code)).statusCode).toBe(400);
    // A new code works again (its own tries); the failures so far stay under the user name's limit.
    await db().execute(sql`DELETE FROM rate_counter WHERE key LIKE 'oubli%'`);
    await ask(who.userName);
    expect((await confirm(who.userName, await mailedCode(who.id), 'Etudiant-oublie-1')).statusCode).toBe(200);
  });

  it('an older code is revoked by a newer one', async () => {
    const who = t.accounts.cenou;
    await ask(who.userName);
    const first = await mailedCode(who.id);
    await ask(who.userName);
    const second = await mailedCode(who.id);
    if (first !== second) expect((await confirm(who.userName, first)).statusCode).toBe(400);
    expect((await confirm(who.userName, second, 'Cenou-oublie-1')).statusCode).toBe(200);
  });

  it('an expired code is refused', async () => {
    const who = t.accounts.dr;
    await ask(who.userName);
    const code = await mailedCode(who.id);
    await db().execute(
      sql`UPDATE code_verification SET expires_at = now() - interval '1 second' WHERE id_user = ${who.id}`,
    );
    const res = await confirm(who.userName, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.codeInvalide);
  });
});

describe('the user name limit (the sign-in numbers)', () => {
  it('asking too often answers 429 for that name, known or not', async () => {
    await db().execute(sql`DELETE FROM rate_counter WHERE key LIKE 'oubli%'`);
    for (const name of ['quelquun.inconnu', t.accounts.dr.userName]) {
      for (let i = 0; i < 6; i++) expect((await ask(name)).statusCode).toBe(200);
      const res = await ask(name);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'TROP_DE_TENTATIVES', message: messages.tropDeDemandesCode });
    }
    // Another name is not touched.
    expect((await ask(t.accounts.admin.userName)).statusCode).toBe(200);
  });

  it('too many wrong codes answer 429 for that name, even with the right code', async () => {
    await db().execute(sql`DELETE FROM rate_counter WHERE key LIKE 'oubli%'`);
    const who = t.accounts.admin;
    for (let round = 0; round < 2; round++) {
      await ask(who.userName);
      const code = await mailedCode(who.id);
      for (let i = 0; i < 3; i++) await confirm(who.userName, wrong(code));
    }
    await ask(who.userName);
    const res = await confirm(who.userName, await mailedCode(who.id));
    expect(res.statusCode).toBe(429);
  });
});
