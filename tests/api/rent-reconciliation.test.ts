/**
 * The daily reconciliation (docs/rent.md#daily-reconciliation): per day and account
 * that receives money (an operator, a cité's cash counter), the number and the sum of payments —
 * equal to the journal's own sums; GESTIONNAIRE_DR sees its direction's part; the one list
 * pipeline's pages, range and exports.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { rows } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { NOTIFICATION_PATH } from '../../src/server/modules/payments/routes';
import { iterateList, parseListQuery } from '../../src/server/lists/pipeline';
import { accounts, postTransactions } from '../../src/server/modules/rent/repository';
import {
  rapprochementSourceFor,
  type RapprochementRow,
} from '../../src/server/modules/rent/lists/repository';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  ControlledProvider,
  eventBody,
  housedStudents,
  paymentOperators,
  signedHeaders,
  studentToken,
  type Housed,
  type PaymentOperators,
} from '../helpers/payments';
import { readPdf } from '../helpers/pdf';
import { expectCode } from '../helpers/resources';
import { firstSheet } from '../helpers/xlsx';

const SECRET = 'wh_test_secret_rapprochement_01';
let t: TestContext;
let provider: ControlledProvider;
let ops: PaymentOperators;
let s: Housed[];
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

interface Row {
  jour: string;
  compte: string;
  typeCompte: string;
  libelleCompte: string;
  nombre: number;
  montant: number;
  nomCite: string | null;
}

async function mobile(h: Housed, idOperateur: number, montant: number, status: string) {
  const res = await t.api('POST', 'campus/paiement', {
    token: studentToken(t.app, h),
    body: { idAffectation: h.idAffectation, montant, idOperateur, telephone: '70123450' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const ref = res.json().referencePaiement as string;
  const id = [...provider.debits.entries()].find(([, d]) => d.reference === ref)![0];
  provider.truth.set(id, { status });
  const body = eventBody(id, status, ref);
  const ok = await t.app.inject({
    method: 'POST',
    url: NOTIFICATION_PATH,
    payload: body,
    headers: signedHeaders(body, SECRET),
  });
  expect(ok.statusCode, ok.body).toBe(200);
}

beforeAll(async () => {
  provider = new ControlledProvider(SECRET);
  t = await setupTestApp({}, { payments: { provider } });
  ops = await paymentOperators(t.database.db);
  s = await housedStudents(t.database.db, 5);
  await mobile(s[0], ops.orange, 7500, 'approved');
  await mobile(s[1], ops.orange, 15000, 'approved');
  await mobile(s[2], ops.moov, 7500, 'approved');
  await mobile(s[4], ops.moov, 7500, 'declined'); // failed: no line
  const cash = await t.api('POST', 'campus/paiement/especes', {
    token: await t.token('cenou'),
    body: { idAffectation: s[3].idAffectation, montant: 10000, numeroRecu: 'RAPPRO-1' },
  });
  expect(cash.statusCode, cash.body).toBe(201);
  // A payment received yesterday (its value date), posted as the recorder does.
  await withTransaction(t.database.db, (tx) =>
    postTransactions(tx, [
      {
        nature: 'PAIEMENT',
        libelle: 'Paiement Orange Money (veille)',
        dateValeur: yesterday,
        idAffectation: s[0].idAffectation,
        referencePaiement: null,
        idAuteur: null,
        lines: [
          { compte: accounts.operateur(ops.orange), debit: 7500 },
          { compte: accounts.etudiant(s[0].idAffectation), credit: 7500 },
        ],
      },
    ]),
  );
  // s[1]'s dossier belongs to another direction: the regional manager of OUA does not see it.
  await t.database.db.execute(
    sql`UPDATE dossier SET id_direction = (SELECT id_direction FROM direction WHERE sigle_direction <> 'OUA'
          AND deleted_at IS NULL ORDER BY id_direction LIMIT 1)
        WHERE id_dossier = (SELECT id_dossier FROM affectation WHERE id_affectation = ${s[1].idAffectation})`,
  );
});
afterAll(() => t?.close());

/** `2026-11-29` → `29/11/2026`, as a person reads it. */
const frDay = (iso: string) => iso.split('-').reverse().join('/');
/** `22500` → `22 500`, as the PDF writes an amount. */
const frMoney = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** Each account's name, from the settings and the cités (not from the reconciliation's own SQL). */
async function accountNames(): Promise<Map<string, string>> {
  const ops = await rows<{ id: number; libelle: string }>(
    t.database.db,
    sql`SELECT id_operateur AS id, libelle_operateur AS libelle FROM operateur`,
  );
  const cites = await rows<{ id: number; nom: string }>(
    t.database.db,
    sql`SELECT id_cite AS id, nom_cite AS nom FROM cite`,
  );
  return new Map([
    ...ops.map((o) => [`OPERATEUR:${o.id}`, `Opérateur ${o.libelle}`] as [string, string]),
    ...cites.map(
      (c) =>
        [`CAISSE:CITE:${c.id}`, `Caisse de la cité ${c.nom.replace(/^Cité\s+/, '')}`] as [string, string],
    ),
  ]);
}

const list = async (who: 'cenou' | 'dr', query = '') => {
  const res = await t.api('GET', `campus/loyer/rapprochement?size=100${query}`, {
    token: await t.token(who),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Row[];
};

/** The journal's own sums of the accounts that receive money, per day and account. */
const journalSums = () =>
  rows<{ jour: string; compte: string; nombre: number; montant: number }>(
    t.database.db,
    sql`SELECT to_char(date_valeur, 'YYYY-MM-DD') AS jour, compte, count(*) FILTER (WHERE debit > 0)::int AS nombre,
          sum(debit - credit)::int AS montant
        FROM journal_ligne WHERE compte LIKE 'OPERATEUR:%' OR compte LIKE 'CAISSE:CITE:%'
        GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
  );

describe('GET campus/loyer/rapprochement', () => {
  it('GESTIONNAIRE_CENOU: every day and account, the sums equal to the journal’s', async () => {
    const got = await list('cenou');
    const journal = await journalSums();
    expect(
      got.map((r) => ({ jour: r.jour, compte: r.compte, nombre: r.nombre, montant: r.montant })),
    ).toEqual(expect.arrayContaining(journal));
    expect(got).toHaveLength(journal.length);
    const orange = got.find((r) => r.jour === today && r.compte === `OPERATEUR:${ops.orange}`)!;
    expect(orange).toMatchObject({
      typeCompte: 'OPERATEUR',
      libelleCompte: 'Opérateur Orange Money',
      nombre: 2,
      montant: 22500,
    });
    expect(got.find((r) => r.jour === yesterday && r.compte === `OPERATEUR:${ops.orange}`)).toMatchObject({
      nombre: 1,
      montant: 7500,
    });
    expect(got.find((r) => r.compte === `OPERATEUR:${ops.moov}`)).toMatchObject({ nombre: 1, montant: 7500 });
    const caisse = got.find((r) => r.typeCompte === 'CAISSE')!;
    expect(caisse).toMatchObject({ nombre: 1, montant: 10000 });
    // Named in French: « Caisse de la cité paiements 1 » for « Cité paiements 1 ».
    expect(caisse.libelleCompte).toBe(`Caisse de la cité ${caisse.nomCite!.replace(/^Cité\s+/, '')}`);
    // Newest day first.
    expect(got[0].jour).toBe(today);
    expect(got.at(-1)!.jour).toBe(yesterday);
  });

  it('GESTIONNAIRE_DR: its direction’s part only', async () => {
    const got = await list('dr');
    expect(got.find((r) => r.jour === today && r.compte === `OPERATEUR:${ops.orange}`)).toMatchObject({
      nombre: 1,
      montant: 7500,
    });
  });

  it('a range of days, filters, pages', async () => {
    const since = await list('cenou', `&du=${today}`);
    expect(since.every((r) => r.jour === today)).toBe(true);
    const until = await list('cenou', `&au=${yesterday}`);
    expect(until.map((r) => r.jour)).toEqual([yesterday]);
    const page = await t.api('GET', 'campus/loyer/rapprochement?size=1&page=1', {
      token: await t.token('cenou'),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(1);
    expect(Number(page.headers['x-total-count'])).toBe((await journalSums()).length);
    const moov = await list('cenou', '&filtre.libelleCompte=moov');
    expect(moov.map((r) => r.compte)).toEqual([`OPERATEUR:${ops.moov}`]);
    const bad = await t.api('GET', 'campus/loyer/rapprochement?du=hier', { token: await t.token('cenou') });
    expectCode(bad, 400, 'VALIDATION');
  });

  it('is read in grouped batches, each after the last one’s keys: an export by one row a batch gives the page', async () => {
    const page = await list('cenou');
    const source = rapprochementSourceFor(null);
    expect(source.grouped).toBe(true);
    const walked: RapprochementRow[] = [];
    for await (const row of iterateList(t.database.db, source, parseListQuery({}, source), [], 1))
      walked.push(row);
    expect(walked.map((r) => [r.jour, r.compte, r.nombre, r.montant])).toEqual(
      page.map((r) => [r.jour, r.compte, r.nombre, r.montant]),
    );
    // The rows carry their columns only (no key of the walk).
    expect(Object.keys(walked[0]).some((k) => k.startsWith('__'))).toBe(false);
  });

  it('exports CSV, XLSX and PDF with French headers, each account by its name, never its code', async () => {
    const token = await t.token('cenou');
    const csv = await t.api('GET', 'campus/loyer/rapprochement?format=csv', { token });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Jour;Opérateur ou caisse;Nombre de paiements;Montant net encaissé (FCFA)');
    expect(csv.body).toContain(`;Opérateur Orange Money;2;22500`);
    expect(csv.body).not.toMatch(/OPERATEUR:|CAISSE:/);
    const xlsx = await t.api('GET', 'campus/loyer/rapprochement?format=xlsx', { token });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const pdf = await t.api('GET', 'campus/loyer/rapprochement?format=pdf', { token });
    expect(pdf.statusCode).toBe(200);
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain(messages.rapprochementPdfTitre);
    expect(text).toContain('Opérateur Orange Money');
    expect(text).not.toMatch(/OPERATEUR:|CAISSE:|\d{4}-\d{2}-\d{2}/);
  });

  it('the XLSX and the PDF read back: French days, the period, the direction, the accounts, totals equal to the rows and the journal', async () => {
    const token = await t.token('cenou');
    const range = `du=${yesterday}&au=${today}`;
    const journal = (await journalSums()).filter((r) => r.jour >= yesterday && r.jour <= today);
    const names = await accountNames();
    // The list's order: newest day first, then the account's name.
    const expected = journal
      .map((r) => ({ ...r, nom: names.get(r.compte)! }))
      .sort((a, b) => (a.jour !== b.jour ? (a.jour < b.jour ? 1 : -1) : a.nom < b.nom ? -1 : 1))
      .map((r) => [frDay(r.jour), r.nom, r.nombre, r.montant]);
    const totalNombre = journal.reduce((a, r) => a + r.nombre, 0);
    const totalMontant = journal.reduce((a, r) => a + r.montant, 0);
    // The payment table agrees: succeeded payments, counted and summed, are the journal's.
    const paid = await rows<{ n: number; m: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, coalesce(sum(montant), 0)::int AS m FROM paiement
          WHERE statut = 'REUSSI' AND date_reussite::date BETWEEN ${yesterday}::date AND ${today}::date`,
    );
    expect(totalNombre).toBeGreaterThanOrEqual(paid[0].n);

    const xlsx = await t.api('GET', `campus/loyer/rapprochement?format=xlsx&${range}`, { token });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const sheet = await firstSheet(xlsx.rawPayload);
    expect(sheet.slice(0, 7)).toEqual([
      [messages.rapprochementPdfTitre],
      [`Du ${frDay(yesterday)} au ${frDay(today)}`],
      ['Toutes les directions'],
      ['Tous les opérateurs et caisses'],
      [`Édité le ${frDay(today)}`],
      [],
      ['Jour', 'Opérateur ou caisse', 'Nombre de paiements', 'Montant net encaissé (FCFA)'],
    ]);
    const body = sheet.slice(7, -1);
    expect(body.map((r) => [frDay((r[0] as Date).toISOString().slice(0, 10)), r[1], r[2], r[3]])).toEqual(
      expected,
    );
    expect(sheet.at(-1)).toEqual(['Total', null, totalNombre, totalMontant]);
    expect(body.reduce((a, r) => a + (r[3] as number), 0)).toBe(totalMontant);
    expect(JSON.stringify(sheet)).not.toMatch(/OPERATEUR:|CAISSE:/);

    const pdf = await t.api('GET', `campus/loyer/rapprochement?format=pdf&${range}`, { token });
    expect(pdf.statusCode).toBe(200);
    const { pages } = await readPdf(pdf.rawPayload);
    const lines = pages[0].lines;
    expect(lines[0]).toBe(messages.rapprochementPdfTitre);
    expect(lines[1]).toBe(
      `Du ${frDay(yesterday)} au ${frDay(today)} · Toutes les directions · Tous les opérateurs et caisses · Édité le ${frDay(today)}`,
    );
    expect(lines[2]).toBe('Jour Opérateur ou caisse Nombre de paiements Montant net encaissé (FCFA)');
    expect(lines.slice(3, 3 + expected.length)).toEqual(
      expected.map(([jour, compte, n, m]) => `${jour} ${compte} ${n} ${frMoney(m as number)}`),
    );
    expect(lines[3 + expected.length]).toBe(`Total ${totalNombre} ${frMoney(totalMontant)}`);
    expect(pages.map((p) => p.lines.join('\n')).join('\n')).not.toMatch(
      /OPERATEUR:|CAISSE:|\d{4}-\d{2}-\d{2}/,
    );
  });

  it('a regional manager’s files name its direction; a cité narrows them; another direction 403, an unknown cité 404', async () => {
    const token = await t.token('dr');
    const dir = await rows<{ libelle: string; id: number }>(
      t.database.db,
      sql`SELECT libelle_direction AS libelle, id_direction AS id FROM direction WHERE sigle_direction = 'OUA'`,
    );
    const cite = await rows<{ id: number; nom: string }>(
      t.database.db,
      sql`SELECT a.id_cite AS id, c.nom_cite AS nom FROM affectation a JOIN cite c USING (id_cite)
          WHERE a.id_affectation = ${s[0].idAffectation}`,
    );
    const pdf = await t.api('GET', `campus/loyer/rapprochement?format=pdf&du=${today}&idCite=${cite[0].id}`, {
      token,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { pages } = await readPdf(pdf.rawPayload);
    expect(pages[0].lines[1]).toBe(
      `Depuis le ${frDay(today)} · ${dir[0].libelle} · ${cite[0].nom} · Tous les opérateurs et caisses · Édité le ${frDay(today)}`,
    );
    // Its direction's part of the day only: s[1]'s dossier belongs to another one.
    const journal = await rows<{ compte: string; nombre: number; montant: number }>(
      t.database.db,
      sql`SELECT l.compte, count(*) FILTER (WHERE l.debit > 0)::int AS nombre, sum(l.debit - l.credit)::int AS montant
          FROM journal_ligne l JOIN journal_transaction tr USING (id_transaction)
          JOIN affectation a ON a.id_affectation = tr.id_affectation JOIN dossier d ON d.id_dossier = a.id_dossier
          WHERE (l.compte LIKE 'OPERATEUR:%' OR l.compte LIKE 'CAISSE:CITE:%') AND l.date_valeur = ${today}::date
            AND d.id_direction = ${dir[0].id} AND a.id_cite = ${cite[0].id}
          GROUP BY l.compte`,
    );
    const total = journal.reduce((a, r) => a + r.montant, 0);
    expect(pages[0].lines.find((l) => l.startsWith('Total '))).toBe(
      `Total ${journal.reduce((a, r) => a + r.nombre, 0)} ${frMoney(total)}`,
    );
    const xlsx = await t.api(
      'GET',
      `campus/loyer/rapprochement?format=xlsx&filtre.libelleCompte=orange&idDirection=${dir[0].id}`,
      { token },
    );
    const sheet = await firstSheet(xlsx.rawPayload);
    expect(sheet.slice(1, 4)).toEqual([
      ['Toutes les dates'],
      [dir[0].libelle],
      ['Opérateur ou caisse contenant «\u00a0orange\u00a0»'],
    ]);
    const other = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id_direction AS id FROM direction WHERE sigle_direction <> 'OUA' AND deleted_at IS NULL LIMIT 1`,
    );
    expectCode(
      await t.api('GET', `campus/loyer/rapprochement?idDirection=${other[0].id}`, { token }),
      403,
      'INTERDIT',
    );
    expectCode(await t.api('GET', 'campus/loyer/rapprochement?idCite=999999', { token }), 404, 'INTROUVABLE');
    expectCode(
      await t.api('GET', 'campus/loyer/rapprochement?idDirection=999999', { token: await t.token('cenou') }),
      404,
      'INTROUVABLE',
    );
  });

  it('students and the admin: 403; no token: 401', async () => {
    expectCode(
      await t.api('GET', 'campus/loyer/rapprochement', { token: studentToken(t.app, s[0]) }),
      403,
      'INTERDIT',
    );
    expectCode(
      await t.api('GET', 'campus/loyer/rapprochement', { token: await t.token('admin') }),
      403,
      'INTERDIT',
    );
    expectCode(await t.api('GET', 'campus/loyer/rapprochement'), 401, 'NON_AUTHENTIFIE');
  });
});
