import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  dossierCount,
  makeCite,
  makeCriteria,
  makeSession,
  multipart,
  realPdf,
  storedFiles,
  studentAccount,
  type Criteria,
} from '../helpers/dossier';
import { Fixtures } from '../helpers/resources';
import { describeOnPostgres } from '../helpers/postgres';

/**
 * Two identical deposits of one student fired at once (PostgreSQL only: PGlite has one
 * connection, so nothing runs at once there): one 201, one 409 DOUBLON, one row, no orphan file.
 */
describeOnPostgres('concurrent deposits (PostgreSQL)', () => {
  let t: TestContext;
  let c: Criteria;
  let pdf: Buffer;

  beforeAll(async () => {
    t = await setupTestApp();
    const f = await Fixtures.create(t);
    c = await makeCriteria(f);
    pdf = await realPdf('Pièce');
    await makeCite(f, 'Ouagadougou');
    await makeSession(t, f, 'OUA');
  });
  afterAll(() => t?.close());

  const json = () => ({
    listeDossierCritere: [
      { idTypeCritere: c.typeA, idCritere: c.a1, nomFichier: 'a.pdf', fichier: pdf.toString('base64') },
      { idTypeCritere: c.typeC, idCritere: c.c1, nomFichier: 'c.pdf', fichier: pdf.toString('base64') },
    ],
  });

  it('JSON: one 201, one 409, one row, only the winner’s files', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await studentAccount(t, {
        ine: `CC${String(round).padStart(8, '0')}`,
        ville: 'Ouagadougou',
        sigle: 'OUA',
      });
      const before = await storedFiles(t);
      const answers = await Promise.all(
        [1, 2].map(() => t.api('PUT', 'campus/dossier', { token: s.token, body: json() })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('DOUBLON');
      expect(await dossierCount(t, sql`id_user = ${s.idUser}`)).toBe(1);
      const added = (await storedFiles(t)).filter((k) => !before.includes(k));
      expect(added).toHaveLength(2);
      expect(added.every((k) => k.startsWith('dossier/'))).toBe(true);
    }
  });

  it('multipart: the same', async () => {
    const s = await studentAccount(t, { ine: 'CM00000001', ville: 'Ouagadougou', sigle: 'OUA' });
    const before = await storedFiles(t);
    const send = () => {
      const body = multipart([
        {
          name: 'dossier',
          value: JSON.stringify({
            listeDossierCritere: [
              { idTypeCritere: c.typeA, idCritere: c.a1 },
              { idTypeCritere: c.typeC, idCritere: c.c1 },
            ],
          }),
        },
        { name: `fichier-${c.typeA}`, value: pdf, filename: 'a.pdf' },
        { name: `fichier-${c.typeC}`, value: pdf, filename: 'c.pdf' },
      ]);
      return t.app.inject({
        method: 'PUT',
        url: '/service/api/hebergement-cenou/campus/dossier',
        headers: { authorization: `Bearer ${s.token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await dossierCount(t, sql`id_user = ${s.idUser}`)).toBe(1);
    const added = (await storedFiles(t)).filter((k) => !before.includes(k));
    expect(added).toHaveLength(2);
    expect(added.every((k) => k.startsWith('dossier/'))).toBe(true);
  });
});
