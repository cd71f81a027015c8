import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/server/db/client';
import type { DossierDetail } from '../../src/domain/schemas/dossier';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  makeCite,
  makeCriteria,
  makeSession,
  pdfOfSize,
  realPdf,
  storedFiles,
  studentAccount,
  type Criteria,
} from '../helpers/dossier';
import { Fixtures } from '../helpers/resources';
import { statementCounter, transactions, type Statement, type StatementCounter } from '../helpers/statements';

/**
 * The statements a deposit sends to the database (docs/operations.md, issue 23): a deposit naming
 * three finished uploads, counted at the driver (tests/helpers/statements.ts) on PGlite and on
 * PostgreSQL, with either document store. The bounds pin the merged reads and the set-based
 * consumption of the uploads; the answers are checked by the dossier and upload tests.
 */
let t: TestContext;
let c: Criteria;
let counter: StatementCounter;
let n = 0;

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

const newStudent = () =>
  studentAccount(t, { ine: `ST${String((n += 1)).padStart(8, '0')}`, ville: 'Ouagadougou', sigle: 'OUA' });

/** A finished upload (one PATCH) of `bytes` for the criterion type `type`; its id. */
async function upload(token: string, bytes: Buffer, type: number, name: string): Promise<string> {
  const res = await t.api('POST', 'campus/televersement', {
    token,
    headers: {
      ...TUS,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64(name)},idTypeCritere ${b64(String(type))}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.headers.location as string).split('/').pop()!;
  const patch = await t.app.inject({
    method: 'PATCH',
    url: `/service/api/hebergement-cenou/campus/televersement/${id}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...TUS,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    },
    payload: bytes,
  });
  expect(patch.statusCode, patch.body).toBe(204);
  return id;
}

/** The transaction that writes the dossier among a request's statements. */
const depositTransaction = (statements: Statement[]) =>
  transactions(statements).find((tx) => tx.some((s) => /insert into "?dossier"? \(/i.test(s))) ?? [];

beforeAll(async () => {
  t = await setupTestApp();
  const f = await Fixtures.create(t);
  c = await makeCriteria(f);
  await makeCite(f, 'Ouagadougou');
  await makeSession(t, f, 'OUA');
  counter = statementCounter(t.database);
});
afterAll(() => t?.close());

describe('the statements of a deposit naming three uploads', () => {
  it('its transaction sends at most 12 statements, the request at most 14 besides the store’s own', async () => {
    const s = await newStudent();
    const pdf = await realPdf('Acte de naissance');
    const ids = [
      await upload(s.token, pdf, c.typeA, 'acte.pdf'),
      await upload(s.token, pdfOfSize(5000), c.typeB, 'bourse.pdf'),
      await upload(s.token, pdfOfSize(7000), c.typeC, 'nationalité.pdf'),
    ];
    const { result: res, statements } = await counter.count(() =>
      t.api('PUT', 'campus/dossier', {
        token: s.token,
        body: {
          listeDossierCritere: [
            { idTypeCritere: c.typeA, idCritere: c.a1, televersement: ids[0] },
            { idTypeCritere: c.typeB, idCritere: c.b1, televersement: ids[1] },
            { idTypeCritere: c.typeC, idCritere: c.c1, televersement: ids[2] },
          ],
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as DossierDetail).listeDossierCritere.map((e) => e.nomFichier).sort()).toEqual([
      'acte.pdf',
      'bourse.pdf',
      'nationalité.pdf',
    ]);
    const deposit = depositTransaction(statements);
    const listed = statements.map((x) => `  ${x.text.replace(/\s+/g, ' ').slice(0, 100)}`).join('\n');
    // The document store's own statements (DOCUMENTS_STORE=database: the uploads' documents moved
    // to the rows' keys by the deposit's transaction; none with the directory store) are counted apart.
    const store = statements.filter((x) => /\bdocument\b/i.test(x.text));
    console.log(
      `deposit naming three uploads (${t.database.kind}, ${t.config.DOCUMENTS_STORE}): ` +
        `${statements.length} statements (${store.length} of the store), ${deposit.length} in its transaction`,
    );
    // 10: BEGIN, the session locked with the reads beside it, the dossier with its answers, the
    // uploads consumed, the number, the reference, the mail, the SMS, the answer read, COMMIT; and
    // with the database store, the three documents taken whole in one statement.
    expect(deposit.length, listed).toBeLessThanOrEqual(12);
    // The three uploads consumed in one statement.
    expect(
      deposit.filter((x) => /\btelevers/i.test(x)),
      listed,
    ).toHaveLength(1);
    // Outside it: the check for a second dossier, the uploads read (one statement each).
    expect(statements.length - store.length, listed).toBeLessThanOrEqual(14);
    // The database store: each upload sent in one PATCH is one document, which the deposit's
    // transaction moves to its final key (one statement for the three): no byte copied, nothing
    // removed after the commit (docs/decisions/135-journey-cpu-cut.md).
    if (t.config.DOCUMENTS_STORE === 'database') {
      expect(store.length, listed).toBe(1);
      expect(
        deposit.filter((x) => /\bdocument\b/i.test(x)),
        listed,
      ).toHaveLength(1);
    }
    // Every proof moved into place, and the uploads' parts removed.
    const files = await storedFiles(t);
    expect(files.filter((k) => !k.startsWith('dossier/'))).toEqual([]);
    expect(files).toHaveLength(3);
  });

  it('a PATCH that sends a proof’s bytes counts them with their part in one statement, no transaction', async () => {
    const s = await newStudent();
    const bytes = pdfOfSize(6000);
    const res = await t.api('POST', 'campus/televersement', {
      token: s.token,
      headers: {
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${b64('acte.pdf')},idTypeCritere ${b64(String(c.typeA))}`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.headers.location as string).split('/').pop()!;
    const patch = (payload: Buffer, offset: number) =>
      counter.count(() =>
        t.app.inject({
          method: 'PATCH',
          url: `/service/api/hebergement-cenou/campus/televersement/${id}`,
          headers: {
            authorization: `Bearer ${s.token}`,
            ...TUS,
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
          },
          payload,
        }),
      );
    // Half the bytes, then the rest: each PATCH claims the upload (its checks in the claim's
    // conditions: the row is read only when one fails), stores its bytes and counts them with
    // their part's row.
    for (const [from, to] of [
      [0, 3000],
      [3000, bytes.length],
    ]) {
      const { result, statements } = await patch(bytes.subarray(from, to), from);
      expect(result.statusCode, result.body).toBe(204);
      expect(result.headers['upload-offset']).toBe(String(to));
      const own = statements.filter((x) => !/\bdocument\b/i.test(x.text)).map((x) => x.text.slice(0, 60));
      expect(own, own.join('\n')).toHaveLength(2);
      expect(transactions(statements)).toEqual([]);
    }
    const [row] = await rows<{ decalage: number; parts: number; termine: boolean }>(
      t.database.db,
      sql`SELECT decalage, termine_le IS NOT NULL AS termine,
            (SELECT count(*)::int FROM televersement_partie p WHERE p.id_televersement = u.id_televersement) AS parts
          FROM televersement u WHERE id_televersement = ${id}`,
    );
    expect(row).toEqual({ decalage: bytes.length, termine: true, parts: 2 });
  });

  it('the deposit form reads in 2 statements without a transaction, a dossier in one statement', async () => {
    const s = await newStudent();
    // A first call checks the new token's account (kept afterwards, decision 017).
    expect((await t.api('GET', 'campus/dossier/depot', { token: s.token })).statusCode).toBe(200);
    const form = await counter.count(() => t.api('GET', 'campus/dossier/depot', { token: s.token }));
    expect(form.result.statusCode, form.result.body).toBe(200);
    // The student, then the session with the reads beside it (a read locks nothing).
    const texts = form.statements.map((x) => x.text.slice(0, 60));
    expect(texts).toHaveLength(2);
    expect(transactions(form.statements), texts.join('\n')).toEqual([]);
    const pdf = await realPdf('Pièce');
    const deposit = await t.api('PUT', 'campus/dossier', {
      token: s.token,
      body: {
        listeDossierCritere: [
          { idTypeCritere: c.typeA, idCritere: c.a2 },
          { idTypeCritere: c.typeC, idCritere: c.c1, nomFichier: 'c.pdf', fichier: pdf.toString('base64') },
        ],
      },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const { idDossier } = deposit.json() as DossierDetail;
    const read = await counter.count(() =>
      t.api('GET', `campus/dossier/depot?idDossier=${idDossier}`, { token: s.token }),
    );
    expect(read.result.statusCode, read.result.body).toBe(200);
    expect(read.result.json()).toEqual(deposit.json());
    expect(read.statements.map((x) => x.text.slice(0, 60))).toHaveLength(1);
  });

  it('the dashboard lists a student’s own dossiers in one statement; another’s INE stays a 404', async () => {
    /** A deposit of three proofs by the student of `token`: its dossier's id. */
    const deposit = async (token: string) => {
      const res = await t.api('PUT', 'campus/dossier', {
        token,
        body: {
          listeDossierCritere: [
            {
              idTypeCritere: c.typeA,
              idCritere: c.a1,
              televersement: await upload(token, await realPdf('Pièce'), c.typeA, 'a.pdf'),
            },
            {
              idTypeCritere: c.typeB,
              idCritere: c.b1,
              televersement: await upload(token, pdfOfSize(4000), c.typeB, 'b.pdf'),
            },
            {
              idTypeCritere: c.typeC,
              idCritere: c.c1,
              televersement: await upload(token, pdfOfSize(4000), c.typeC, 'c.pdf'),
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as DossierDetail).idDossier;
    };
    // Another student, with a dossier of its own: its INE is never read through the asker's rows.
    const othersIne = `ST${String((n += 1)).padStart(8, '0')}`;
    const other = await studentAccount(t, { ine: othersIne, ville: 'Ouagadougou', sigle: 'OUA' });
    await deposit(other.token);
    const ine = `ST${String((n += 1)).padStart(8, '0')}`;
    const s = await studentAccount(t, { ine, ville: 'Ouagadougou', sigle: 'OUA' });
    // Before its deposit: its own INE is an empty list (read as for anyone), another's a 404.
    expect((await t.api('GET', `campus/dossier/etudiant/${ine}`, { token: s.token })).json()).toEqual([]);
    expect((await t.api('GET', `campus/dossier/etudiant/${othersIne}`, { token: s.token })).statusCode).toBe(
      404,
    );
    const idDossier = await deposit(s.token);
    // In lower case too: the INE is compared as the registry keeps it.
    const list = await counter.count(() =>
      t.api('GET', `campus/dossier/etudiant/${ine.toLowerCase()}`, { token: s.token }),
    );
    expect(list.result.statusCode, list.result.body).toBe(200);
    expect((list.result.json() as { idDossier: number }[]).map((x) => x.idDossier)).toEqual([idDossier]);
    expect(list.statements.map((x) => x.text.slice(0, 60))).toHaveLength(1);
    // The same rows as the direction's manager reads.
    const staff = await t.api('GET', `campus/dossier/etudiant/${ine}`, { token: await t.token('dr') });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json()).toEqual(list.result.json());
    // With dossiers of its own, the asker still gets a 404 for another's INE that has one.
    const refused = await counter.count(() =>
      t.api('GET', `campus/dossier/etudiant/${othersIne}`, { token: s.token }),
    );
    expect(refused.result.statusCode).toBe(404);
  });
});
