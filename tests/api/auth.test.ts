import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/server/db/client';
import { API_BASE } from '../../src/domain/api';
import { messages } from '../../src/domain/messages';
import { setupTestApp, TEST_PASSWORD, type TestContext } from '../helpers/app';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ SIGNIN_MAX_FAILURES: 10 });
});
afterAll(() => t.close());

const citeUrl = `${API_BASE}/campus/cite`;

describe('sign-in', () => {
  it('returns a token, the role, the direction and the names', async () => {
    const res = await t.api('POST', 'campus-auth/signin', {
      body: { username: 'gestionnaire.ouaga', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accessToken).toEqual(expect.any(String));
    expect(body.roles).toEqual(['ROLE_HEBERGEMENT_GESTIONNAIRE_DR']);
    expect(body.idDirection).toEqual(expect.any(Number));
    expect(body).toMatchObject({ username: 'gestionnaire.ouaga', nom: 'Compaoré', prenom: 'Adama' });
    expect(body.libelleDirection).toContain('Centre');
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('answers 401 with one identical message for a wrong password and an unknown user', async () => {
    const wrong = await t.api('POST', 'campus-auth/signin', {
      body: { username: 'gestionnaire.cenou', password: 'faux-mot-de-passe' },
    });
    const unknown = await t.api('POST', 'campus-auth/signin', {
      body: { username: 'personne.inconnue', password: 'faux-mot-de-passe' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 'IDENTIFIANTS_INVALIDES', message: messages.identifiantsInvalides });
  });

  it('names the missing fields with 400', async () => {
    const res = await t.api('POST', 'campus-auth/signin', { body: { username: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.errors.map((e: { champ: string }) => e.champ).sort()).toEqual(['password', 'username']);
  });

  it('answers 400, not 500, to a body that is not JSON', async () => {
    const res = await t.api('POST', 'campus-auth/signin', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('locks a username after ten failures, even with the right password, without locking others', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.api('POST', 'campus-auth/signin', {
        body: { username: 'gestionnaire.bobo', password: `faux-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.api('POST', 'campus-auth/signin', {
      body: { username: 'gestionnaire.bobo', password: TEST_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TROP_DE_TENTATIVES');
    // Same address, another user: still allowed.
    const other = await t.api('POST', 'campus-auth/signin', {
      body: { username: 'gestionnaire.cenou', password: TEST_PASSWORD },
    });
    expect(other.statusCode).toBe(200);
  });

  it('starts the count again after a success: nine failures, a success, nine more do not lock', async () => {
    const fail = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await t.api('POST', 'campus-auth/signin', {
          body: { username: 'gestionnaire.cenou', password: `faux-${i}` },
        });
        expect(res.statusCode).toBe(401);
      }
    };
    const succeed = async () =>
      (
        await t.api('POST', 'campus-auth/signin', {
          body: { username: 'gestionnaire.cenou', password: TEST_PASSWORD },
        })
      ).statusCode;
    await fail(9);
    expect(await succeed()).toBe(200);
    await fail(9);
    expect(await succeed()).toBe(200);
    // The success cleared the counter; the next success finds none and has nothing to clear.
    const [row] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM rate_counter WHERE key LIKE '%gestionnaire.cenou%'`,
    );
    expect(row.n).toBe(0);
    expect(await succeed()).toBe(200);
  });
});

describe('protected routes', () => {
  it('answer 401 without a token, or with a bad one', async () => {
    const none = await t.api('GET', 'campus/cite');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('NON_AUTHENTIFIE');
    const bad = await t.api('GET', 'campus/cite', { token: 'abc.def.ghi' });
    expect(bad.statusCode).toBe(401);
  });

  it("answer 403 to a student's token on an admin route", async () => {
    const res = await t.api('GET', 'campus/users', { token: await t.token('etudiant') });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INTERDIT');
  });

  it('refuse an expired token', async () => {
    const expired = t.app.jwt.sign(
      { sub: String(t.accounts.admin.id), role: 'ROLE_HEBERGEMENT_ADMIN', tv: 0 },
      { expiresIn: -10 },
    );
    const res = await t.api('GET', 'campus/cite', { token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.erreurSessionExpiree);
  });

  it('refuse a token once altered or signed elsewhere, after the instance verified the right one', async () => {
    const token = await t.token('admin');
    const get = (authorization: string) =>
      t.app.inject({ method: 'GET', url: citeUrl, headers: { authorization } });
    expect((await get(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await get(`bearer ${token}`)).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const elsewhere = createHmac('sha256', 'un-autre-secret')
      .update(`${header}.${payload}`)
      .digest('base64url');
    for (const bad of [
      `Bearer ${header}.${payload}.${flipped}`,
      `Bearer ${header}.${payload}.${elsewhere}`,
      `Bearer ${token}x`,
      `Bearer  ${token}`,
      `Bearer\t${token}`,
      `Token ${token}`,
      token,
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().message).toBe(messages.erreurNonAuthentifie);
    }
    expect((await get(`Bearer ${token}`)).statusCode).toBe(200);
  });
});

describe('own password change', () => {
  it('refuses a wrong current password with 400 and changes it with the right one; older tokens stop working', async () => {
    const old = await t.token('cenou');
    const wrong = await t.api('PUT', 'campus-auth/password', {
      token: old,
      body: { ancienMotDePasse: 'pas-le-bon', nouveauMotDePasse: 'Nouveau-2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].champ).toBe('ancienMotDePasse');
    const ok = await t.api('PUT', 'campus-auth/password', {
      token: old,
      body: { ancienMotDePasse: TEST_PASSWORD, nouveauMotDePasse: 'Nouveau-2026' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.api('GET', 'campus/cite', { token: old })).statusCode).toBe(401);
    expect((await t.api('GET', 'campus/cite', { token: ok.json().accessToken })).statusCode).toBe(200);
    const signin = await t.api('POST', 'campus-auth/signin', {
      body: { username: 'gestionnaire.cenou', password: 'Nouveau-2026' },
    });
    expect(signin.statusCode).toBe(200);
  });
});

describe('health and docs', () => {
  it('reports the database and serves the OpenAPI description', async () => {
    const health = await t.api('GET', '/service/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const docs = await t.api('GET', '/service/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/service/api/hebergement-cenou/campus-auth/signin');
  });

  it('answers unknown API paths with a French 404', async () => {
    const res = await t.api('GET', 'campus/nexiste-pas');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('INTROUVABLE');
  });
});
