import { once } from 'node:events';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { messages } from '../../src/domain/messages';
import type { DossierDetail } from '../../src/domain/schemas/dossier';
import { rows } from '../../src/server/db/client';
import { ETUDIANT } from '../../src/domain/enums';
import type { Actor } from '../../src/server/access/actor';
import { withTransaction } from '../../src/server/db/transaction';
import { AppError } from '../../src/server/errors';
import type { DocumentStorage } from '../../src/server/files/storage';
import { runUploadCleanup } from '../../src/server/modules/televersement/job';
import { consumeUpload, copyUpload, removeKeys } from '../../src/server/modules/televersement/service';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  dossierCount,
  makeCite,
  makeCriteria,
  makeSession,
  multipart,
  pdfOfSize,
  realPdf,
  ageDocuments,
  bytesInProgress,
  storedFiles,
  studentAccount,
  textFile,
  type Criteria,
} from '../helpers/dossier';
import { describeOnPostgres } from '../helpers/postgres';
import { expectCode, expectFieldError, Fixtures } from '../helpers/resources';
import { PATIENCE_MS } from '../helpers/wait';

/**
 * Resumable proof uploads (tus 1.0.0, docs/api.md#resumable-uploads, docs/decisions/019-resumable-uploads.md):
 * creation, HEAD, PATCH in chunks, a PATCH cut half-way over a real socket (the bytes received
 * kept), resume, termination, expiry by the job, the size and type refusals, another's upload,
 * staff and anonymous refused, deposits naming uploads (consumed once, all or nothing), and the
 * real tus client. Real database, real storage.
 */
let t: TestContext;
let f: Fixtures;
let c: Criteria;
let pdf: Buffer;
let n = 0;

const BASE = 'campus/televersement';
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const metadata = (filename: string, idTypeCritere: number | string) =>
  `filename ${b64(filename)},idTypeCritere ${b64(String(idTypeCritere))}`;

const newStudent = () =>
  studentAccount(t, { ine: `TV${String((n += 1)).padStart(8, '0')}`, ville: 'Ouagadougou', sigle: 'OUA' });

/** POST: a new upload of `length` bytes; its id (the end of Location). */
async function create(token: string, length: number, opts: { name?: string; type?: number } = {}) {
  const res = await t.api('POST', BASE, {
    token,
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': metadata(opts.name ?? 'acte de naissance.pdf', opts.type ?? c.typeA),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.headers.location as string).split('/').pop()!;
}

function patch(
  token: string | null,
  id: string,
  offset: number,
  bytes: Buffer,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'PATCH',
    url: `${API_BASE}/${BASE}/${id}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...TUS,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...headers,
    },
    payload: bytes,
  });
}

const head = (token: string | null, id: string) => t.api('HEAD', `${BASE}/${id}`, { token, headers: TUS });

/** A whole upload in chunks of `chunk` bytes; its id. */
async function upload(
  token: string,
  bytes: Buffer,
  opts: { type?: number; name?: string; chunk?: number } = {},
) {
  const id = await create(token, bytes.length, opts);
  const chunk = opts.chunk ?? bytes.length;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const res = await patch(token, id, offset, bytes.subarray(offset, offset + chunk));
    expect(res.statusCode, res.body).toBe(204);
  }
  return id;
}

const uploadRow = async (id: string) =>
  (
    await rows<{ decalage: number; utilise: boolean; parts: number }>(
      t.database.db,
      sql`SELECT decalage, utilise_le IS NOT NULL AS utilise,
            (SELECT count(*)::int FROM televersement_partie p WHERE p.id_televersement = u.id_televersement) AS parts
          FROM televersement u WHERE id_televersement = ${id}`,
    )
  )[0];

const uploadFiles = async () => (await storedFiles(t)).filter((k) => k.startsWith('televersement/'));

beforeAll(async () => {
  t = await setupTestApp();
  f = await Fixtures.create(t);
  c = await makeCriteria(f);
  pdf = await realPdf('Acte de naissance téléversé');
  await makeCite(f, 'Ouagadougou');
  await makeSession(t, f, 'OUA');
});
afterAll(() => t.close());

describe('the tus protocol', () => {
  it('OPTIONS describes the server to anyone: version, extensions, largest size', async () => {
    const res = await t.api('OPTIONS', BASE);
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-version']).toBe('1.0.0');
    expect(res.headers['tus-extension']).toBe('creation,termination,expiration');
    expect(res.headers['tus-max-size']).toBe('3000000');
  });

  it('POST creates (with and without the trailing slash): 201, Location, Upload-Expires; HEAD gives offset 0', async () => {
    const s = await newStudent();
    const res = await t.api('POST', `${BASE}/`, {
      token: s.token,
      headers: {
        ...TUS,
        'upload-length': String(pdf.length),
        'upload-metadata': metadata('Acte né.pdf', c.typeA),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    const location = res.headers.location as string;
    expect(location).toMatch(new RegExp(`^${API_BASE}/campus/televersement/[0-9a-f]{32}$`));
    const expires = new Date(res.headers['upload-expires'] as string).getTime();
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    const id = location.split('/').pop()!;
    expect(res.json()).toMatchObject({
      televersement: id,
      nomFichier: 'Acte né.pdf',
      idTypeCritere: c.typeA,
      longueur: pdf.length,
      decalage: 0,
    });

    const h = await head(s.token, id);
    expect(h.statusCode).toBe(200);
    expect(h.headers['upload-offset']).toBe('0');
    expect(h.headers['upload-length']).toBe(String(pdf.length));
    expect(h.headers['upload-metadata']).toBe(metadata('Acte né.pdf', c.typeA));
    expect(h.headers['cache-control']).toBe('no-store');
    expect(h.headers['content-type']).toBeUndefined();
    expect(
      (
        await t.api('POST', BASE, {
          token: s.token,
          headers: { ...TUS, 'upload-length': '10', 'upload-metadata': metadata('a.pdf', c.typeA) },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('PATCH appends chunk after chunk, each a part of the storage; the last one finishes the upload', async () => {
    const s = await newStudent();
    const id = await create(s.token, pdf.length);
    const half = Math.floor(pdf.length / 2);
    const first = await patch(s.token, id, 0, pdf.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    expect(first.headers['upload-expires']).toBeDefined();
    expect((await head(s.token, id)).headers['upload-offset']).toBe(String(half));

    // Not where the server stopped: 409, nothing changed, and the connection closed after the
    // answer (its body unread: a browser waiting to send it all would never see the answer).
    const wrong = await patch(s.token, id, 0, pdf.subarray(0, 10));
    expectCode(wrong, 409, 'CONFLIT');
    expect(wrong.headers.connection).toBe('close');
    // More bytes than announced: 413 before reading them.
    expectCode(
      await patch(s.token, id, half, Buffer.concat([pdf.subarray(half), Buffer.from('xx')])),
      413,
      'FICHIER_TROP_GRAND',
    );
    expect((await uploadRow(id)).decalage).toBe(half);

    const last = await patch(s.token, id, half, pdf.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(pdf.length));
    expect(last.headers['upload-expires']).toBeUndefined();
    expect(await uploadRow(id)).toMatchObject({ decalage: pdf.length, parts: 2, utilise: false });
  });

  it('refuses what tus refuses: no or another version, another content type, no offset, no length', async () => {
    const s = await newStudent();
    const id = await create(s.token, 100);
    // HEAD answers without a body: the status says it.
    expect((await t.api('HEAD', `${BASE}/${id}`, { token: s.token })).statusCode).toBe(400);
    expectFieldError(await t.api('DELETE', `${BASE}/${id}`, { token: s.token }), 'Tus-Resumable');
    const v = await patch(s.token, id, 0, Buffer.from('%PDF-'), { 'tus-resumable': '0.2.2' });
    expectCode(v, 412, 'VERSION_NON_PRISE_EN_CHARGE');
    expect(v.headers['tus-version']).toBe('1.0.0');
    expectCode(
      await patch(s.token, id, 0, Buffer.from('%PDF-'), { 'content-type': 'application/octet-stream' }),
      415,
      'TYPE_FICHIER',
    );
    const noOffset = await t.app.inject({
      method: 'PATCH',
      url: `${API_BASE}/${BASE}/${id}`,
      headers: {
        authorization: `Bearer ${s.token}`,
        ...TUS,
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.from('%PDF-'),
    });
    expectFieldError(noOffset, 'Upload-Offset');
    const noLength = await t.api('POST', BASE, {
      token: s.token,
      headers: { ...TUS, 'upload-metadata': metadata('a.pdf', c.typeA) },
    });
    expectFieldError(noLength, 'Upload-Length');
    const deferred = await t.api('POST', BASE, {
      token: s.token,
      headers: { ...TUS, 'upload-defer-length': '1', 'upload-metadata': metadata('a.pdf', c.typeA) },
    });
    expectFieldError(deferred, 'Upload-Length');
    const badMeta = await t.api('POST', BASE, {
      token: s.token,
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': 'filename ***' },
    });
    expectFieldError(badMeta, 'Upload-Metadata');
    const noType = await t.api('POST', BASE, {
      token: s.token,
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': `filename ${b64('a.pdf')}` },
    });
    expectFieldError(noType, 'Upload-Metadata.idTypeCritere');
    const unknownType = await t.api('POST', BASE, {
      token: s.token,
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': metadata('a.pdf', 999_999) },
    });
    expectFieldError(unknownType, 'Upload-Metadata.idTypeCritere', messages.typeCritereInconnu);
    const post = await t.api('POST', BASE, {
      token: s.token,
      headers: { 'upload-length': '10', 'upload-metadata': metadata('a.pdf', c.typeA) },
    });
    expectFieldError(post, 'Tus-Resumable');
  });

  it('Upload-Length over 3,000,000 → 413 before a byte is stored; a name not ending in .pdf → 415', async () => {
    const s = await newStudent();
    const before = await storedFiles(t);
    const big = await t.api('POST', BASE, {
      token: s.token,
      headers: { ...TUS, 'upload-length': '3000001', 'upload-metadata': metadata('gros.pdf', c.typeA) },
    });
    expectCode(big, 413, 'FICHIER_TROP_GRAND');
    const word = await t.api('POST', BASE, {
      token: s.token,
      headers: { ...TUS, 'upload-length': '100', 'upload-metadata': metadata('lettre.docx', c.typeA) },
    });
    expectCode(word, 415, 'TYPE_FICHIER');
    const count = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM televersement WHERE id_user = ${s.idUser}`,
    );
    expect(count[0].n).toBe(0);
    expect(await storedFiles(t)).toEqual(before);
    // Exactly 3,000,000 is taken.
    await create(s.token, 3_000_000);
  });

  it('a finished upload that is not a PDF → 415 on its last PATCH, and removed with its bytes', async () => {
    const s = await newStudent();
    const text = textFile();
    const before = await uploadFiles();
    const id = await create(s.token, text.length, { name: 'faux.pdf' });
    expect((await patch(s.token, id, 0, text.subarray(0, 3))).statusCode).toBe(204);
    expect((await uploadFiles()).length).toBe(before.length + 1);
    expectCode(await patch(s.token, id, 3, text.subarray(3)), 415, 'TYPE_FICHIER');
    expect(await uploadRow(id)).toBeUndefined();
    expect(await uploadFiles()).toEqual(before);
    expect((await head(s.token, id)).statusCode).toBe(404);
  });

  it('the %PDF- check reads the first bytes across parts (a first chunk of 2 bytes)', async () => {
    const s = await newStudent();
    const id = await upload(s.token, pdf, { chunk: 2 * 1024 });
    const tiny = await create(s.token, pdf.length);
    for (const [from, to] of [
      [0, 2],
      [2, 4],
      [4, pdf.length],
    ]) {
      const res = await patch(s.token, tiny, from, pdf.subarray(from, to));
      expect(res.statusCode, res.body).toBe(204);
    }
    expect((await uploadRow(id)).decalage).toBe(pdf.length);
    expect((await uploadRow(tiny)).parts).toBe(3);
  });

  it('an upload is its creator’s alone: another student 404, staff 403, anonymous 401', async () => {
    const owner = await newStudent();
    const other = await newStudent();
    const id = await create(owner.token, pdf.length);
    expect((await head(other.token, id)).statusCode).toBe(404);
    expectCode(await patch(other.token, id, 0, pdf), 404, 'INTROUVABLE');
    expectCode(
      await t.api('DELETE', `${BASE}/${id}`, { token: other.token, headers: TUS }),
      404,
      'INTROUVABLE',
    );
    expect((await head(owner.token, 'inconnu')).statusCode).toBe(404);
    for (const staff of ['admin', 'cenou', 'dr'] as const) {
      const token = await t.token(staff);
      expectCode(await patch(token, id, 0, pdf), 403, 'INTERDIT');
      expectCode(
        await t.api('POST', BASE, {
          token,
          headers: { ...TUS, 'upload-length': '10', 'upload-metadata': metadata('a.pdf', c.typeA) },
        }),
        403,
        'INTERDIT',
      );
      expect((await head(token, id)).statusCode).toBe(403);
    }
    expectCode(await patch(null, id, 0, pdf), 401, 'NON_AUTHENTIFIE');
    expectCode(
      await t.api('POST', BASE, { headers: { ...TUS, 'upload-length': '10' } }),
      401,
      'NON_AUTHENTIFIE',
    );
    expect((await head(null, id)).statusCode).toBe(401);
    expect((await uploadRow(id)).decalage).toBe(0);
  });

  it('DELETE ends the upload: 204, its bytes removed, then 404', async () => {
    const s = await newStudent();
    const before = await uploadFiles();
    const id = await create(s.token, pdf.length);
    await patch(s.token, id, 0, pdf.subarray(0, 100));
    expect((await uploadFiles()).length).toBe(before.length + 1);
    const res = await t.api('DELETE', `${BASE}/${id}/`, { token: s.token, headers: TUS });
    expect(res.statusCode, res.body).toBe(204);
    expect(await uploadFiles()).toEqual(before);
    expect((await head(s.token, id)).statusCode).toBe(404);
    expectCode(await t.api('DELETE', `${BASE}/${id}`, { token: s.token, headers: TUS }), 404, 'INTROUVABLE');
  });
});

describe('a PATCH cut half-way (a real socket)', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends the PATCH's headers and `sent` bytes of `body`, waits until the server wrote them, then cuts the connection. */
  async function cutPatch(token: string, id: string, offset: number, body: Buffer, sent: number) {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `PATCH ${API_BASE}/${BASE}/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Tus-Resumable: 1.0.0\r\nContent-Type: application/offset+octet-stream\r\nUpload-Offset: ${offset}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, sent));
    // Wait until the server's part holds the bytes sent (its temporary file, or its parts' rows with
    // the database store, grow as they arrive: `sent` is a whole number of 256 KB parts).
    for (let i = 0; i < 200; i++) {
      if ((await bytesInProgress(t, 'televersement')).includes(sent)) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    socket.destroy();
  }

  it('keeps the bytes received: HEAD right after the cut gives them, the student resumes from there', async () => {
    const s = await newStudent();
    const file = pdfOfSize(1_000_000);
    // Whole 256 KB parts, so that the bytes written can be watched with either store.
    const [FIRST, SECOND] = [2 * 262_144, 262_144];
    const id = await create(s.token, file.length);
    await cutPatch(s.token, id, 0, file, FIRST);
    // At once, as tus-js-client retries: HEAD waits for the cut PATCH to count its bytes.
    const h = await head(s.token, id);
    expect(h.statusCode).toBe(200);
    expect(h.headers['upload-offset']).toBe(String(FIRST));

    // Cut again mid-way through the resumed PATCH.
    await cutPatch(s.token, id, FIRST, file.subarray(FIRST), SECOND);
    expect((await head(s.token, id)).headers['upload-offset']).toBe(String(FIRST + SECOND));
    const res = await patch(s.token, id, FIRST + SECOND, file.subarray(FIRST + SECOND));
    expect(res.statusCode, res.body).toBe(204);
    expect(await uploadRow(id)).toMatchObject({ decalage: 1_000_000, parts: 3 });
    // Sent in all: 524,288 + 262,144 + 213,568 bytes, the file once. The deposit takes it whole.
    const deposit = await t.api('PUT', 'campus/dossier', {
      token: s.token,
      body: {
        listeDossierCritere: [
          { idTypeCritere: c.typeA, idCritere: c.a1, televersement: id },
          {
            idTypeCritere: c.typeC,
            idCritere: c.c1,
            televersement: await upload(s.token, pdf, { type: c.typeC }),
          },
        ],
      },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const d = deposit.json() as DossierDetail;
    const entry = d.listeDossierCritere.find((e) => e.idTypeCritere === c.typeA)!;
    const proof = await t.api('GET', `campus/dossier/${d.idDossier}/${entry.idDossierCritere}`, {
      token: s.token,
    });
    expect(proof.statusCode).toBe(200);
    expect(Buffer.compare(proof.rawPayload, file)).toBe(0);
  });

  it('a PATCH still open when the student resumes is taken over: its bytes do not count, it gets 409', async () => {
    const s = await newStudent();
    const file = pdfOfSize(200_000);
    const before = (await uploadFiles()).length;
    const id = await create(s.token, file.length);
    // A first PATCH whose connection stays open (half-open, as a phone that lost its network).
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write(
      `PATCH ${API_BASE}/${BASE}/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${s.token}\r\n` +
        `Tus-Resumable: 1.0.0\r\nContent-Type: application/offset+octet-stream\r\nUpload-Offset: 0\r\n` +
        `Content-Length: ${file.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(file.subarray(0, 1000));
    await new Promise((r) => setTimeout(r, 200));
    // The student resumes from 0 on a new connection: after waiting for the first, it takes over.
    const started = Date.now();
    const resumed = await patch(s.token, id, 0, file);
    expect(resumed.statusCode, resumed.body).toBe(204);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    // The first request ends later: its bytes are not counted twice.
    socket.write(file.subarray(1000));
    expect(await answer).toMatch(/^HTTP\/1\.1 409/);
    expect(await uploadRow(id)).toMatchObject({ decalage: file.length, parts: 1 });
    expect((await uploadFiles()).length).toBe(before + 1);
  });

  it('the real tus client (tus-js-client) uploads in chunks of 256 KB, one part each', async () => {
    const s = await newStudent();
    const file = pdfOfSize(700_000);
    const url = await new Promise<string>((resolve, reject) => {
      const up = new tus.Upload(file, {
        endpoint: `http://127.0.0.1:${port}${API_BASE}/${BASE}/`,
        headers: { Authorization: `Bearer ${s.token}` },
        metadata: { filename: 'relevé de notes.pdf', idTypeCritere: String(c.typeA) },
        chunkSize: 256 * 1024,
        retryDelays: [],
        onError: reject,
        onSuccess: () => resolve(up.url!),
      });
      up.start();
    });
    const id = url.split('/').pop()!;
    expect(await uploadRow(id)).toMatchObject({ decalage: file.length, parts: 3 });
  });
});

describe('the deposit naming uploads', () => {
  const entries = (a: string | null, cId: string | null, extra: Record<string, unknown> = {}) => ({
    listeDossierCritere: [
      { idTypeCritere: c.typeA, idCritere: c.a1, ...(a ? { televersement: a } : {}) },
      { idTypeCritere: c.typeC, idCritere: c.c1, ...(cId ? { televersement: cId } : {}) },
    ],
    ...extra,
  });

  it('in JSON: 201, the proofs are the uploads’ bytes, the uploads used and their parts removed; named again → 400', async () => {
    const s = await newStudent();
    const a = await upload(s.token, pdf, { chunk: 1500, name: 'Acte.pdf' });
    const cId = await upload(s.token, pdfOfSize(5000), { type: c.typeC, name: 'nationalité.pdf' });
    const res = await t.api('PUT', 'campus/dossier', { token: s.token, body: entries(a, cId) });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as DossierDetail;
    expect(d.listeDossierCritere.map((e) => e.nomFichier).sort()).toEqual(['Acte.pdf', 'nationalité.pdf']);
    const entryA = d.listeDossierCritere.find((e) => e.idTypeCritere === c.typeA)!;
    expect(entryA.tailleFichier).toBe(pdf.length);
    const proof = await t.api('GET', `campus/dossier/${d.idDossier}/${entryA.idDossierCritere}`, {
      token: s.token,
    });
    expect(Buffer.compare(proof.rawPayload, pdf)).toBe(0);
    expect(await uploadRow(a)).toMatchObject({ utilise: true, parts: 0 });
    const keys = await rows<{ cle: string }>(
      t.database.db,
      sql`SELECT cle FROM televersement_partie WHERE id_televersement IN (${a}, ${cId})`,
    );
    expect(keys).toEqual([]);
    expect((await storedFiles(t)).filter((k) => k.startsWith('pending/'))).toEqual([]);

    // Used: the edit naming it again is refused, nothing changes.
    const again = await t.api('PUT', 'campus/dossier', {
      token: s.token,
      body: entries(a, null, { idDossier: d.idDossier }),
    });
    expectFieldError(again, 'listeDossierCritere.0.televersement', messages.televersementDejaUtilise);
    expect((await head(s.token, a)).statusCode).toBe(404);

    // The same deposit sent again (its answer lost on the way): the dossier exists, said first.
    const resent = await t.api('PUT', 'campus/dossier', { token: s.token, body: entries(a, cId) });
    expect(resent.statusCode, resent.body).toBe(409);
    expect(resent.json()).toMatchObject({ code: 'DOUBLON', message: messages.dossierExistant });
  });

  it('in multipart: an upload for one type and a file part for another', async () => {
    const s = await newStudent();
    const a = await upload(s.token, pdf);
    const body = multipart([
      { name: 'dossier', value: JSON.stringify(entries(a, null)) },
      { name: `fichier-${c.typeC}`, value: pdf, filename: 'nationalite.pdf' },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API_BASE}/campus/dossier`,
      headers: { authorization: `Bearer ${s.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await uploadRow(a)).toMatchObject({ utilise: true });
  });

  it('another’s, unfinished, unknown or other-type uploads → 400 naming the entry, nothing written, nothing consumed', async () => {
    const s = await newStudent();
    const other = await newStudent();
    const mine = await upload(s.token, pdf, { type: c.typeC });
    const foreign = await upload(other.token, pdf);
    const unfinished = await create(s.token, pdf.length);
    await patch(s.token, unfinished, 0, pdf.subarray(0, 100));
    const otherType = await upload(s.token, pdf, { type: c.typeC });
    const before = await storedFiles(t);
    const cases: [string, string][] = [
      [foreign, messages.televersementIntrouvable],
      [unfinished, messages.televersementInacheve],
      ['0123456789abcdef0123456789abcdef', messages.televersementIntrouvable],
      [otherType, messages.televersementAutreType],
    ];
    for (const [id, message] of cases) {
      const res = await t.api('PUT', 'campus/dossier', { token: s.token, body: entries(id, mine) });
      expectFieldError(res, 'listeDossierCritere.0.televersement', message);
      expect(await dossierCount(t, sql`id_user = ${s.idUser}`)).toBe(0);
      expect(await storedFiles(t)).toEqual(before);
    }
    expect(await uploadRow(mine)).toMatchObject({ utilise: false, decalage: pdf.length });
    expect(await uploadRow(foreign)).toMatchObject({ utilise: false });
  });

  it('a deposit refused after the copy (a mandatory type unanswered) consumes nothing: the upload serves the next one', async () => {
    const s = await newStudent();
    const a = await upload(s.token, pdf);
    const refused = await t.api('PUT', 'campus/dossier', {
      token: s.token,
      body: { listeDossierCritere: [{ idTypeCritere: c.typeA, idCritere: c.a1, televersement: a }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(await uploadRow(a)).toMatchObject({ utilise: false, decalage: pdf.length });
    expect((await storedFiles(t)).filter((k) => k.startsWith('pending/'))).toEqual([]);
    const ok = await t.api('PUT', 'campus/dossier', {
      token: s.token,
      body: entries(a, null, {
        listeDossierCritere: [
          { idTypeCritere: c.typeA, idCritere: c.a1, televersement: a },
          { idTypeCritere: c.typeC, idCritere: c.c1, nomFichier: 'n.pdf', fichier: pdf.toString('base64') },
        ],
      }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a file and an upload for the same type → 400', async () => {
    const s = await newStudent();
    const a = await upload(s.token, pdf);
    const res = await t.api('PUT', 'campus/dossier', {
      token: s.token,
      body: {
        listeDossierCritere: [
          {
            idTypeCritere: c.typeA,
            idCritere: c.a1,
            televersement: a,
            nomFichier: 'a.pdf',
            fichier: pdf.toString('base64'),
          },
          { idTypeCritere: c.typeC, idCritere: c.c1, nomFichier: 'n.pdf', fichier: pdf.toString('base64') },
        ],
      },
    });
    expectFieldError(res, 'listeDossierCritere.0.televersement', messages.fichierEnDouble);
    expect(await uploadRow(a)).toMatchObject({ utilise: false });
  });
});

describe('expiry and limits', () => {
  it('the job removes an upload 24 hours after its last byte, with its stored bytes; not before', async () => {
    const s = await newStudent();
    const id = await create(s.token, pdf.length);
    await patch(s.token, id, 0, pdf.subarray(0, 500));
    const parts = await rows<{ cle: string }>(
      t.database.db,
      sql`SELECT cle FROM televersement_partie WHERE id_televersement = ${id}`,
    );
    expect(parts.length).toBe(1);
    const hour = 3_600_000;
    const soon = await runUploadCleanup(t.database.db, t.app.storage, {
      now: new Date(Date.now() + 23 * hour),
    });
    expect(soon.expires).toBe(0);
    expect(await uploadRow(id)).toBeDefined();
    const later = await runUploadCleanup(t.database.db, t.app.storage, {
      now: new Date(Date.now() + 24 * hour + 60_000),
    });
    expect(later.expires).toBeGreaterThanOrEqual(1);
    expect(await uploadRow(id)).toBeUndefined();
    expect(await storedFiles(t)).not.toContain(parts[0].cle);
  });

  it('the job removes old parts no row names, and leaves the named ones', async () => {
    const s = await newStudent();
    const id = await create(s.token, pdf.length);
    await patch(s.token, id, 0, pdf.subarray(0, 500));
    const orphan = await t.app.storage.put(Buffer.from('%PDF-orphelin'), { prefix: 'televersement' });
    const old = new Date(Date.now() - 2 * 3_600_000);
    await ageDocuments(t, await uploadFiles(), old);
    const result = await runUploadCleanup(t.database.db, t.app.storage);
    expect(result.orphelins).toBeGreaterThanOrEqual(1);
    expect(await uploadFiles()).not.toContain(orphan);
    expect(await uploadRow(id)).toMatchObject({ parts: 1 });
    expect((await head(s.token, id)).headers['upload-offset']).toBe('500');
  });

  it('a student has at most 30 uploads in progress (409), freed by ending one', async () => {
    const s = await newStudent();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await create(s.token, 100));
    const res = await t.api('POST', BASE, {
      token: s.token,
      headers: { ...TUS, 'upload-length': '100', 'upload-metadata': metadata('a.pdf', c.typeA) },
    });
    expectCode(res, 409, 'CONFLIT');
    await t.api('DELETE', `${BASE}/${ids[0]}`, { token: s.token, headers: TUS });
    await create(s.token, 100);
  });
});

describe('the rate limit of the upload calls', () => {
  // An app of its own with a low limit: made in a hook, whose limit fits a start on a loaded machine.
  let small: TestContext;
  beforeAll(async () => {
    small = await setupTestApp({ UPLOAD_RATE_PER_MINUTE: 5 });
  });
  afterAll(() => small?.close());

  it('counts per account: over UPLOAD_RATE_PER_MINUTE a minute → 429 with Retry-After; another student is not held', async () => {
    const sf = await Fixtures.create(small);
    const type = (await sf.create('type-critere', { statutItem: 'OBLIGATOIRE' })).idTypeCritere as number;
    const student = (ine: string) => studentAccount(small, { ine, ville: 'Ouagadougou', sigle: 'OUA' });
    const [one, two] = [await student('RL00000001'), await student('RL00000002')];
    const post = (token: string) =>
      small.api('POST', BASE, {
        token,
        headers: { ...TUS, 'upload-length': '100', 'upload-metadata': metadata('a.pdf', type) },
      });
    for (let i = 0; i < 5; i++) expect((await post(one.token)).statusCode).toBe(201);
    const over = await post(one.token);
    expectCode(over, 429, 'TROP_DE_TENTATIVES');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(two.token)).statusCode).toBe(201);
  });

  // 92 calls, each a transaction: minutes on a loaded 2-core machine.
  it(
    'a 3 MB proof in 64 KB chunks with a HEAD before each stays well under the default limit',
    { timeout: 6 * PATIENCE_MS },
    async () => {
      expect(t.config.UPLOAD_RATE_PER_MINUTE).toBe(600);
      const s = await newStudent();
      const file = pdfOfSize(3_000_000);
      const id = await create(s.token, file.length);
      const chunk = 64 * 1024;
      for (let offset = 0; offset < file.length; offset += chunk) {
        expect((await head(s.token, id)).headers['upload-offset']).toBe(String(offset));
        const res = await patch(s.token, id, offset, file.subarray(offset, offset + chunk));
        expect(res.statusCode, res.body).toBe(204);
      }
      expect(await uploadRow(id)).toMatchObject({ decalage: 3_000_000, parts: 46 });
    },
  );
});

describeOnPostgres('two edits at once naming one upload (several connections)', () => {
  it('one takes it, the other is refused with 400 in its transaction and leaves nothing', async () => {
    const s = await newStudent();
    const first = await t.api('PUT', 'campus/dossier', {
      token: s.token,
      body: {
        listeDossierCritere: [
          { idTypeCritere: c.typeA, idCritere: c.a1, televersement: await upload(s.token, pdf) },
          {
            idTypeCritere: c.typeC,
            idCritere: c.c1,
            televersement: await upload(s.token, pdf, { type: c.typeC }),
          },
        ],
      },
    });
    expect(first.statusCode, first.body).toBe(201);
    const idDossier = (first.json() as DossierDetail).idDossier;
    const a = await upload(s.token, pdfOfSize(4000));
    // Whichever comes second is refused: by the check before its transaction when the first has
    // committed, else in its transaction, under the upload's row lock.
    const edit = () =>
      t.api('PUT', 'campus/dossier', {
        token: s.token,
        body: {
          idDossier,
          listeDossierCritere: [
            { idTypeCritere: c.typeA, idCritere: c.a1, televersement: a },
            { idTypeCritere: c.typeC, idCritere: c.c1 },
          ],
        },
      });
    const answers = await Promise.all([edit(), edit()]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    expectFieldError(
      answers.find((r) => r.statusCode === 400)!,
      'listeDossierCritere.0.televersement',
      messages.televersementDejaUtilise,
    );
    expect(await uploadRow(a)).toMatchObject({ utilise: true, parts: 0 });
    expect((await storedFiles(t)).filter((k) => k.startsWith('pending/'))).toEqual([]);
  });
});

describe('a deposit whose upload another deposit takes while it copies it', () => {
  it('is refused as « déjà utilisé », not « inachevé », and keeps no copy', async () => {
    const s = await newStudent();
    const id = await upload(s.token, pdf);
    const actor: Actor = { id: s.idUser, role: ETUDIANT, idDirection: null, userName: 'étudiant' };
    const champ = 'listeDossierCritere.0.televersement';
    // The other deposit commits between this one's reads of the upload and its copy: the moment
    // two submissions at once can meet (seen once under load), here made certain.
    const storage: DocumentStorage = Object.create(t.app.storage, {
      concat: {
        value: async (keys: string[], opts: Parameters<DocumentStorage['concat']>[1]) => {
          const gone = await withTransaction(t.database.db, (tx) =>
            consumeUpload(tx, actor, { id, idTypeCritere: c.typeA, champ }),
          );
          await removeKeys(t.app.storage, gone);
          return t.app.storage.concat(keys, opts);
        },
      },
    });
    const refused = await copyUpload(t.database.db, actor, {
      id,
      idTypeCritere: c.typeA,
      champ,
      storage,
      prefix: 'pending/',
    }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errors).toEqual([{ champ, message: messages.televersementDejaUtilise }]);
    expect((await storedFiles(t)).filter((k) => k.startsWith('pending/'))).toEqual([]);
  });
});
