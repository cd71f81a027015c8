import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { RESOURCES } from '../../src/domain/resources/definitions';
import type { TestContext } from '../helpers/app';
import { expectCode, Fixtures, useFixtures } from '../helpers/resources';

let t: TestContext;
let f: Fixtures;
useFixtures((c) => ({ t, f } = c));

describe('hostile input never answers 5xx', () => {
  it.each(RESOURCES.map((d) => [d.name] as const))(
    '%s: bodies that are not objects are 400',
    async (resource) => {
      const valid = await f.payload(resource);
      for (const body of [[], [valid], 'texte', 42, true, null]) {
        const res = await t.api('POST', `/service/api/hebergement-cenou/campus/${resource}`, {
          token: await t.token('admin'),
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${resource} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION');
      }
    },
  );

  it('objects, arrays, control characters, huge texts and numbers in fields are 400', async () => {
    const body = await f.payload('cite');
    for (const change of [
      { nomCite: { $ne: 1 } },
      { nomCite: ['a', 'b'] },
      { nomCite: 'Cité\u0000nul' },
      { nomCite: 'x'.repeat(100_000) },
      { nbLit: [1] },
      { nbLit: { valeur: 1 } },
      { nbLit: 99999999999 },
      { idVille: '1; DROP TABLE cite' },
      { idVille: 99999999999 },
    ]) {
      const res = await f.call('POST', 'campus/cite', { ...body, ...change });
      expect(res.statusCode, `${JSON.stringify(change).slice(0, 80)}: ${res.body}`).toBe(400);
    }
    const inf = await t.api('POST', '/service/api/hebergement-cenou/campus/cite', {
      token: await t.token('admin'),
      body: JSON.stringify(body).replace(/"nbLit":\d+/, '"nbLit":1e400'),
      headers: { 'content-type': 'application/json' },
    });
    expect(inf.statusCode).toBe(400);
  });

  it('a body over 1 MB is 413; malformed JSON, prototype keys, deep nesting and plain text are 400; XML is 415', async () => {
    const token = await t.token('admin');
    const url = '/service/api/hebergement-cenou/campus/direction';
    const json = { 'content-type': 'application/json' };
    const big = await t.api('POST', url, {
      token,
      body: JSON.stringify({ libelleDirection: 'x'.repeat(1_100_000) }),
      headers: json,
    });
    expectCode(big, 413, 'FICHIER_TROP_GRAND');
    expectCode(
      await t.api('POST', url, { token, body: '{"libelleDirection":', headers: json }),
      400,
      'VALIDATION',
    );
    expectCode(
      await t.api('POST', url, {
        token,
        body: '{"__proto__":{"admin":true},"libelleDirection":"P"}',
        headers: json,
      }),
      400,
      'VALIDATION',
    );
    expectCode(
      await t.api('POST', url, { token, body: '['.repeat(200_000) + ']'.repeat(200_000), headers: json }),
      400,
      'VALIDATION',
    );
    const text = await t.api('POST', url, {
      token,
      body: 'libelleDirection=X',
      headers: { 'content-type': 'text/plain' },
    });
    expectCode(text, 400, 'VALIDATION');
    const xml = await t.api('POST', url, {
      token,
      body: '<direction/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectCode(xml, 415, 'TYPE_FICHIER');
  });

  it.each(RESOURCES.map((d) => [d.name] as const))(
    '%s: malformed ids in the path are 400, unknown ones 404',
    async (resource) => {
      const body = await f.payload(resource);
      for (const id of ['-1', 'abc', '99999999999', '1.5', '0x10', '1%20OR%201%3D1', '%00']) {
        for (const [method, payload] of [['GET'], ['PUT', body], ['PATCH']] as const) {
          const res = await f.call(method, `campus/${resource}/${id}`, payload);
          expect(res.statusCode, `${method} ${resource}/${id}: ${res.body}`).toBe(400);
          expect(res.json().code).toBe('VALIDATION');
        }
      }
      for (const [method, payload] of [['GET'], ['PUT', body], ['PATCH']] as const) {
        expectCode(await f.call(method, `campus/${resource}/999999999`, payload), 404, 'INTROUVABLE');
      }
    },
  );

  it('list queries: unknown parameters, bad paging, sorts and filters are 400', async () => {
    expect((await f.call('GET', 'campus/cite?idCite=')).statusCode).toBe(200);
    const unknown = await f.call('GET', 'campus/cite?inconnu=1&quota=5');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { champ: 'inconnu', message: messages.parametreInconnu },
      { champ: 'quota', message: messages.parametreInconnu },
    ]);
    for (const q of [
      'page=-1',
      'page=abc',
      'size=0',
      'size=100000',
      'page=0&sort=nomCite;DROP%20TABLE%20cite',
      'page=0&sort=nomCite,sideways',
      'page=0&sort=nom_cite',
      'filtre.nom_cite)%20OR%201=1--=x',
      'idCite=1&idCite=2',
      'idCite=-1',
      'idCite=99999999999',
    ]) {
      const res = await f.call('GET', `campus/cite?${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    for (const q of [
      'q=%25',
      'q=_',
      "q='%20OR%201=1--",
      'q=%00',
      'q=%5C',
      'filtre.nomCite=%00%25',
      'q=' + 'é'.repeat(2000),
    ]) {
      const res = await f.call('GET', `campus/cite?page=0&size=5&${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    const users = await f.call('GET', 'campus/users?username=%00%25');
    expect(users.statusCode).toBe(200);
  });

  it('a delete sent with a JSON content type and no body, or with the row as body, still deletes', async () => {
    const a = await f.create('direction');
    const res = await t.api('PATCH', `campus/direction/${a.idDirection}`, {
      token: await t.token('admin'),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = await f.create('direction');
    expect((await f.call('PATCH', `campus/direction/${b.idDirection}`, b)).statusCode).toBe(200);
  });
});
