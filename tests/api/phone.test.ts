import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CODE_MAX_TRIES } from '../../src/domain/limits';
import { fill, messages } from '../../src/domain/messages';
import { one, rows } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/security/passwords';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, TEST_PASSWORD, type TestContext } from '../helpers/app';
import { insertDossier, insertSession, insertStudent } from '../helpers/dossiers';

/**
 * The student's phone (docs/accounts.md#the-students-phone, decision 030): the registry's number by
 * default; another one once the student typed back the 6-digit code sent to it by SMS (15 minutes,
 * 5 tries, the forgotten password's codes); the staff see which number is verified; the routes are
 * the student's own, limited like the forgotten password.
 */

let t: TestContext;
const db = () => t.database.db;
const ME = 'campus/etudiant/telephone';
const CONFIRM = 'campus/etudiant/telephone/confirmation';
let student: string;
let other: { idUser: number; token: string; idDossier: number };

const ask = (telephone: string, token = student) => t.api('POST', ME, { token, body: { telephone } });
const confirm = (code: string, token = student) => t.api('POST', CONFIRM, { token, body: { code } });
const read = async (token = student) => (await t.api('GET', ME, { token })).json() as Record<string, unknown>;

/** The code in the newest SMS queued to the account for its phone. */
async function smsCode(idUser: number): Promise<{ code: string; recipient: string }> {
  const sms = await one<{ text: string; recipient: string }>(
    db(),
    sql`SELECT text_body AS text, recipient FROM outbox_sms WHERE id_user = ${idUser} AND kind = 'CODE_TELEPHONE'
        ORDER BY id DESC LIMIT 1`,
  );
  return { code: /(\d{6})/.exec(sms!.text)![1], recipient: sms!.recipient };
}

const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

beforeAll(async () => {
  t = await setupTestApp({ SIGNIN_MAX_FAILURES: 14 });
  student = await t.token('etudiant');
  const idDirection = await directionId(db(), 'OUA');
  const s = await insertStudent(db(), { ville: 'Ouagadougou' });
  await db().execute(
    sql`UPDATE users SET password_hash = ${await hashPassword(TEST_PASSWORD)} WHERE id = ${s.idUser}`,
  );
  const signin = await t.api('POST', 'campus-auth/signin', {
    body: { username: s.ine, password: TEST_PASSWORD },
  });
  const idSessionCenou = await insertSession(db(), idDirection, 'INSCRIPTION', 'FERME');
  const { idDossier } = await insertDossier(db(), { idSessionCenou, student: s, criteres: [] });
  other = { idUser: s.idUser, token: (signin.json() as { accessToken: string }).accessToken, idDossier };
}, 120_000);
afterAll(() => t?.close());

describe("the student's phone", () => {
  it('is the registry’s number until another is verified', async () => {
    expect(await read()).toEqual({
      telephone: '+22670112233',
      source: 'REGISTRE',
      telephoneRegistre: '70112233',
      telephoneVerifie: null,
      verificationEnCours: null,
    });
  });

  it('a new number gets a code by SMS (not the registry’s); the right code makes it the SMS number', async () => {
    const res = await ask(' 76 54 32 10 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: fill(messages.codeTelephoneEnvoye, { telephone: '+226\u00a076\u00a054\u00a032\u00a010' }),
      telephone: '+22676543210',
    });
    const { code, recipient } = await smsCode(t.accounts.etudiant.id);
    expect(recipient).toBe('+22676543210');
    expect(await read()).toMatchObject({ source: 'REGISTRE', verificationEnCours: '+22676543210' });
    const stored = await one<{ codeHash: string; telephone: string }>(
      db(),
      sql`SELECT code_hash AS "codeHash", telephone FROM code_verification
          WHERE id_user = ${t.accounts.etudiant.id} AND purpose = 'TELEPHONE' ORDER BY id DESC LIMIT 1`,
    );
    expect(stored).toMatchObject({ telephone: '+22676543210' });
    expect(stored!.codeHash).toMatch(/^\$argon2id\$/);

    const ok = await confirm(code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      message: fill(messages.telephoneVerifieMessage, { telephone: '+226\u00a076\u00a054\u00a032\u00a010' }),
      telephone: '+22676543210',
    });
    expect(await read()).toEqual({
      telephone: '+22676543210',
      source: 'VERIFIE',
      telephoneRegistre: '70112233',
      telephoneVerifie: '+22676543210',
      verificationEnCours: null,
    });
    // Spent: the same code again is refused.
    expect((await confirm(code)).statusCode).toBe(400);
    // The SMS now go there.
    const next = await t.api('POST', 'campus-auth/mot-de-passe-oublie', {
      body: { username: t.accounts.etudiant.userName },
    });
    expect(next.statusCode).toBe(200);
    const reset = await one<{ recipient: string }>(
      db(),
      sql`SELECT recipient FROM outbox_sms WHERE id_user = ${t.accounts.etudiant.id} AND kind = 'CODE_MOT_DE_PASSE'
          ORDER BY id DESC LIMIT 1`,
    );
    expect(reset!.recipient).toBe('+22676543210');
    const journal = await one<{ action: string }>(
      db(),
      sql`SELECT action FROM audit_log WHERE action = 'VERIFIER_TELEPHONE' AND resource_id = ${String(t.accounts.etudiant.id)}`,
    );
    expect(journal).toBeDefined();
  });

  it(`a wrong code ${RESET_CODE_MAX_TRIES} times spends the code: the right one is then refused too`, async () => {
    expect((await ask('+226 65 00 00 01')).statusCode).toBe(200);
    const { code } = await smsCode(t.accounts.etudiant.id);
    for (let i = 0; i < RESET_CODE_MAX_TRIES; i++) {
      const res = await confirm(wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        errors: [{ champ: 'code', message: messages.codeInvalide }],
      });
    }
    expect((await confirm(code)).statusCode).toBe(400);
    expect((await read()).telephoneVerifie).toBe('+22676543210');
  });

  it('an expired code is refused; a newer code revokes the older', async () => {
    expect((await ask('65000002')).statusCode).toBe(200);
    const first = (await smsCode(t.accounts.etudiant.id)).code;
    expect((await ask('65000003')).statusCode).toBe(200);
    const second = (await smsCode(t.accounts.etudiant.id)).code;
    if (first !== second) expect((await confirm(first)).statusCode).toBe(400);
    await db().execute(
      sql`UPDATE code_verification SET expires_at = now() - interval '1 second'
          WHERE id_user = ${t.accounts.etudiant.id} AND purpose = 'TELEPHONE'`,
    );
    expect((await confirm(second)).statusCode).toBe(400);
    expect(await read()).toMatchObject({ telephoneVerifie: '+22676543210', verificationEnCours: null });
  });

  it('refuses an unreadable number, the verified one again, and one another account verified', async () => {
    const bad = await ask('pas un numéro');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ champ: 'telephone', message: messages.telephoneNonValide }]);
    expect((await ask('')).statusCode).toBe(400);
    const same = await ask('76 54 32 10');
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ champ: 'telephone', message: messages.telephoneDejaVerifie }]);
    const taken = await ask('76543210', other.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.telephoneDejaPris);
  });

  it("another student's code does nothing for this one; staff may not use the student's routes", async () => {
    expect((await ask('65000010', other.token)).statusCode).toBe(200);
    const { code } = await smsCode(other.idUser);
    // The first student types the other's code: its own live code (none) is what is checked.
    expect((await confirm(code)).statusCode).toBe(400);
    // The routes reach only the caller's own phone; staff and visitors are refused.
    for (const [method, url] of [
      ['GET', ME],
      ['POST', ME],
      ['POST', CONFIRM],
      ['DELETE', ME],
    ] as const) {
      const staff = await t.api(method, url, {
        token: await t.token('admin'),
        body: method === 'POST' ? (url === ME ? { telephone: '65000011' } : { code }) : undefined,
      });
      expect(staff.statusCode, `${method} ${url}`).toBe(403);
      expect((await t.api(method, url, { body: {} })).statusCode).toBe(401);
    }
    // The other student's code still works for it.
    expect((await confirm(code, other.token)).statusCode).toBe(200);
    expect((await read(other.token)).telephoneVerifie).toBe('+22665000010');
  });

  it('the staff see which number the SMS go to and whether the student verified it; scoped', async () => {
    const path = `campus/dossier/${other.idDossier}/telephone`;
    const res = await t.api('GET', path, { token: await t.token('dr') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      telephone: '+22665000010',
      source: 'VERIFIE',
      verificationEnCours: null,
    });
    expect((await t.api('GET', path, { token: await t.token('dr2') })).statusCode).toBe(403);
    expect((await t.api('GET', path, { token: other.token })).statusCode).toBe(403);
    expect(
      (await t.api('GET', 'campus/dossier/999999/telephone', { token: await t.token('admin') })).statusCode,
    ).toBe(404);
    // Back to the registry's number.
    const removed = await t.api('DELETE', ME, { token: other.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      source: 'REGISTRE',
      telephoneVerifie: null,
      message: messages.telephoneRetire,
    });
    expect((await t.api('GET', path, { token: await t.token('cenou') })).json()).toMatchObject({
      source: 'REGISTRE',
      telephoneVerifie: null,
    });
  });

  it('is limited like the forgotten password: requests and wrong codes per account (429)', async () => {
    const statuses: number[] = [];
    // The other student asked twice (a number already taken, 409, counts too): 12 more, then 429.
    for (let i = 10; i < 24; i++) statuses.push((await ask(`660000${i}`, other.token)).statusCode);
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429]);
    const refused = await ask('66000099', other.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(messages.tropDeDemandesCode);
    const codes = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM code_verification WHERE id_user = ${other.idUser} AND purpose = 'TELEPHONE'`,
    );
    expect(codes[0].n).toBe(13);
  });
});
