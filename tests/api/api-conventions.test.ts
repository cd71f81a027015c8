/**
 * What every API route does whatever its module (docs/api.md): a known path called with a method
 * it does not take answers 405 with `Allow`; a parameter a call does not declare is refused with
 * 400 naming it; the error answers keep the error body through the routes' declared answers (the
 * guard, the rate limit, body limits, content types); and the description says all of it (error
 * statuses, security, download types).
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { messages } from '../../src/domain/messages';
import { errorBody } from '../../src/domain/schemas/common';
import { FILE_TYPES } from '../../src/server/exports/file-types';
import type { TestContext } from '../helpers/app';
import type { OpenApiDoc, Operation } from '../helpers/openapi-fuzz';
import { expectCode, expectFieldError, useFixtures } from '../helpers/resources';

let t: TestContext;
useFixtures((c) => ({ t } = c));

const allowOf = (res: LightMyRequestResponse) =>
  String(res.headers.allow ?? '')
    .split(',')
    .map((m) => m.trim())
    .sort();

/** The answer is an error body the description declares for that call. */
async function expectDeclaredError(res: LightMyRequestResponse, method: string, path: string) {
  expect(errorBody.strict().safeParse(res.json()).success, res.body).toBe(true);
  const doc = (await t.app.inject({ url: '/service/api/docs/json' })).json() as OpenApiDoc;
  const op = doc.paths[`${API_BASE}/${path}`][method.toLowerCase()];
  expect(Object.keys(op.responses)).toContain(String(res.statusCode));
}

describe('a method the path does not take', () => {
  it('answers 405 with Allow listing the methods the path takes, and the error body', async () => {
    for (const url of ['campus/cite/1', 'campus/cite/1/']) {
      const res = await t.api('DELETE', url, { token: await t.token('admin') });
      expectCode(res, 405, 'METHODE_NON_AUTORISEE');
      expect(res.json().message).toBe(messages.erreurMethodeNonAutorisee);
      expect(allowOf(res)).toEqual(['GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT']);
    }
    const post = await t.api('POST', 'campus-auth/password');
    expectCode(post, 405, 'METHODE_NON_AUTORISEE');
    expect(allowOf(post)).toEqual(['OPTIONS', 'PUT']);
    // Also without a token: the path exists whoever asks (the description lists it).
    expect(allowOf(await t.api('GET', 'campus-auth/signin'))).toEqual(['OPTIONS', 'POST']);
    expect((await t.api('GET', 'campus-auth/signin')).statusCode).toBe(405);
  });

  it('takes HEAD where it takes GET, and answers OPTIONS with Allow', async () => {
    const head = await t.api('HEAD', 'campus/registre-etudiant/modele');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const headOnPost = await t.api('HEAD', 'campus-auth/signin');
    expect(headOnPost.statusCode).toBe(405);
    const options = await t.api('OPTIONS', 'campus/dossier/12/resultat');
    expect(options.statusCode).toBe(204);
    expect(allowOf(options)).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });

  it('still answers 404 for a path that does not exist, whatever the method', async () => {
    for (const method of ['GET', 'DELETE', 'OPTIONS']) {
      const res = await t.api(method, 'campus/nexiste-pas/1');
      expectCode(res, 404, 'INTROUVABLE');
      expect(res.json().message).toBe(messages.erreurRouteIntrouvable);
      expect(res.headers.allow).toBeUndefined();
    }
  });
});

describe('a parameter the call does not declare', () => {
  it('is refused with 400 naming it, on a call declaring its query and on one declaring none', async () => {
    const admin = { token: await t.token('admin') };
    const declared = await t.api(
      'GET',
      'campus/affectation/disponibilites?idSessionCenou=1&idCite=1&cache=123',
      admin,
    );
    expectFieldError(declared, 'cache', messages.parametreInconnu);
    const none = await t.api('GET', 'campus/affectation/etudiant?x=1', { token: await t.token('etudiant') });
    expectFieldError(none, 'x', messages.parametreInconnu);
    await expectDeclaredError(none, 'GET', 'campus/affectation/etudiant');
    // A write takes no query either.
    expectFieldError(
      await t.api('PATCH', 'campus/ville/999999?force=1', admin),
      'force',
      messages.parametreInconnu,
    );
  });

  it('is named in every refusal when there are several', async () => {
    const res = await t.api('GET', 'campus/affectation/etudiant?x=1&y=2', {
      token: await t.token('etudiant'),
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { champ: string }) => e.champ)
        .sort(),
    ).toEqual(['x', 'y']);
  });
});

describe('error answers through the declared answers', () => {
  it('keeps the error body of the guard, a body too large, a content type refused, a bad JSON', async () => {
    const anonymous = await t.api('GET', 'campus/cite/1');
    expectCode(anonymous, 401, 'NON_AUTHENTIFIE');
    await expectDeclaredError(anonymous, 'GET', 'campus/cite/{id}');

    const student = await t.api('GET', 'campus/cite/1', { token: await t.token('etudiant') });
    expectCode(student, 403, 'INTERDIT');
    await expectDeclaredError(student, 'GET', 'campus/cite/{id}');

    const admin = await t.token('admin');
    const tooLarge = await t.api('POST', 'campus/ville', {
      token: admin,
      body: { nomVille: 'x'.repeat(1_100_000), idDirection: 1 },
    });
    expectCode(tooLarge, 413, 'FICHIER_TROP_GRAND');
    await expectDeclaredError(tooLarge, 'POST', 'campus/ville');

    const xml = await t.api('POST', 'campus/ville', {
      token: admin,
      body: '<ville/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectCode(xml, 415, 'TYPE_FICHIER');
    await expectDeclaredError(xml, 'POST', 'campus/ville');

    const badJson = await t.api('POST', 'campus/ville', {
      token: admin,
      body: '{"nomVille":',
      headers: { 'content-type': 'application/json' },
    });
    expectCode(badJson, 400, 'VALIDATION');
    await expectDeclaredError(badJson, 'POST', 'campus/ville');

    const missing = await t.api('GET', 'campus/ville/999999', { token: admin });
    expectCode(missing, 404, 'INTROUVABLE');
    await expectDeclaredError(missing, 'GET', 'campus/ville/{id}');
  });

  it('keeps the error body and Retry-After of the rate limit', async () => {
    const from = { remoteAddress: '10.20.30.40' };
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i <= t.config.PUBLIC_RATE_PER_MINUTE; i++)
      res = await t.app.inject({ url: `${API_BASE}/campus/chargement-admissibles/modele`, ...from });
    expectCode(res!, 429, 'TROP_DE_TENTATIVES');
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
    await expectDeclaredError(res!, 'GET', 'campus/chargement-admissibles/modele');
  });

  it('keeps the error body of a multipart upload too large', async () => {
    const token = await t.token('etudiant');
    const boundary = '----fuzz';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="fichier-1"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.alloc(3_100_000, 0x25),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API_BASE}/campus/dossier`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expectCode(res, 413, 'FICHIER_TROP_GRAND');
    await expectDeclaredError(res, 'PUT', 'campus/dossier');
  });
});

describe('the description', () => {
  async function operation(method: string, path: string): Promise<Operation> {
    const doc = (await t.app.inject({ url: '/service/api/docs/json' })).json() as OpenApiDoc;
    return doc.paths[`${API_BASE}/${path}`][method];
  }
  const statuses = (op: Operation) => Object.keys(op.responses).sort();

  it('gives each call its error statuses with the error body, by what the call is', async () => {
    expect(statuses(await operation('get', 'campus/cite/{id}'))).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '503',
    ]);
    expect(statuses(await operation('post', 'campus-auth/signin'))).toEqual([
      '200',
      '400',
      '401',
      '413',
      '415',
      '429',
      '503',
    ]);
    const put = await operation('put', 'campus/cite/{id}');
    expect(statuses(put)).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '503']);
    expect(put.responses['409'].description).toBe(messages.erreurConflit);
    expect(put.responses['409'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
  });

  it('names the bearer token on guarded calls only', async () => {
    expect((await operation('get', 'campus/cite/{id}')).security).toEqual([{ bearer: [] }]);
    expect((await operation('put', 'campus/users/{id}/reset')).security).toEqual([{ bearer: [] }]);
    expect((await operation('post', 'campus-auth/signin')).security).toBeUndefined();
    expect((await operation('get', 'campus-auth/attestation/{code}')).security).toBeUndefined();
  });

  it('gives the content types of the files a call answers', async () => {
    const types = async (method: string, path: string) =>
      Object.keys((await operation(method, path)).responses['200'].content ?? {}).sort();
    expect(await types('get', 'campus/dossier')).toEqual(
      expect.arrayContaining([FILE_TYPES.csv, FILE_TYPES.xlsx]),
    );
    expect(await types('get', 'campus/deliberation-nationaux')).toEqual(['application/json', FILE_TYPES.pdf]);
    expect(await types('get', 'campus/registre-etudiant/modele')).toEqual([FILE_TYPES.csv]);
    expect(await types('get', 'campus/chargement-admissibles/modele')).toEqual([FILE_TYPES.csv]);
    expect(await types('get', 'campus/affectation/{id}/attestation')).toEqual([FILE_TYPES.pdf]);
    expect(await types('get', 'campus/dossier/{idDossier}/{idDossierCritere}')).toEqual([FILE_TYPES.pdf]);
  });
});
