/**
 * Rent at scale (issue 26, PostgreSQL only, docs/benchmarks.md): the assignment stage's fixture (a
 * generated cité of 6,000 beds, 6,150 admitted students: bench/lib/assignment.ts) with its
 * session's first instalment four months back, then the product's own automatic fill
 * (`POST campus/affectation`, timed: it posts the 60,000 instalments and their 120,000 journal lines
 * in its transaction), a few cancellations through the API, and cash payments written by SQL exactly
 * as `recordPayment` writes them (the payment row, its PAIEMENT transaction and two lines, checked
 * by the journal's own triggers), so that arrears vary: nothing paid, part of what is due, all of
 * it, ahead. Then, as GESTIONNAIRE_CENOU, the arrears list `GET campus/loyer`: its first page, a
 * cité's page sorted by arrears, a filtered page sorted by balance, each called `RENT_CALLS` times
 * after a warm-up (the median and the slowest; the server's and PostgreSQL's CPU time a call: the
 * server-side work, as the deliberation stage reads it, whatever else runs on the machine), and its
 * XLSX to the last byte, read back with exceljs. The fill and the XLSX get their CPU times too.
 */
import ExcelJS from 'exceljs';
import pg from 'pg';
import { fill, messages } from '../../src/domain/messages';
import { hashPassword } from '../../src/server/security/passwords';
import { api, API_BASE, signin } from './api';
import { prepareAssignment } from './assignment';
import { cpuMs, PgBackends } from './infra';

/** Calls of each page measured (after `WARMUP_CALLS`). */
const RENT_CALLS = 20;
const WARMUP_CALLS = 5;

export interface RentPageTiming {
  path: string;
  status: number;
  rows: number;
  total: number;
  /** Each call to its last byte on loopback (the bench and the server on one machine), ms. */
  medianMs: number;
  maxMs: number;
  /** The server's CPU time a call (user + system, /proc), ms. */
  serverCpuMs: number;
  /** PostgreSQL's backends of the bench's database, CPU time a call, ms. */
  dbCpuMs: number;
}

export interface RentReport {
  assignments: number;
  instalmentsPerAssignment: number;
  /** Journal transactions and lines of the bench's session. */
  transactions: number;
  lines: number;
  payments: number;
  cancelled: number;
  prepareSeconds: number;
  /** The automatic fill of 6,000 beds, instalments and journal included, to its last byte. */
  fillMs: number;
  /** The server's and PostgreSQL's CPU time during the fill (the work, whatever the machine's load). */
  fillCpuMs: { server: number; db: number };
  /** Assignments per arrears band (nothing late, late by less than a month, by more). */
  arrears: { none: number; underOneMonth: number; more: number };
  pages: RentPageTiming[];
  xlsx: {
    status: number;
    ms: number;
    bytes: number;
    rows: number;
    expectedRows: number;
    cpuMs: { server: number; db: number };
  };
}

/** The server's and PostgreSQL's CPU time spent during `work` (ms). */
async function withCpu<T>(
  pid: number | undefined,
  backends: PgBackends,
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: { server: number; db: number } }> {
  const cpu0 = cpuMs(pid) ?? 0;
  const db0 = await backends.snapshot();
  const result = await work();
  const server = Math.round((cpuMs(pid) ?? 0) - cpu0);
  return { result, cpuMs: { server, db: Math.round(PgBackends.delta(db0, await backends.snapshot()).ms) } };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** A GESTIONNAIRE_CENOU account of the bench's own, signed in. */
async function cenouToken(c: pg.Client, baseUrl: string, tag: string): Promise<string> {
  const password = `Banc-${tag}-loyers`;
  const userName = `banc.loyers.${tag.toLowerCase()}`;
  await c.query(
    `INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
     SELECT id_direction, $1, 'Banc', 'Loyers', $1 || '@exemple.bf', 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU', $2
     FROM direction ORDER BY id_direction LIMIT 1`,
    [userName, await hashPassword(password)],
  );
  return signin(baseUrl, userName, password);
}

/**
 * Cash at the counter for each live assignment of the session, as `recordPayment` writes it: k-th
 * assignment pays k mod 9 instalments' worth (0 to 8: nothing, part of what is due, all, ahead),
 * 2,500 FCFA less every fifth. One statement: the payments, their transactions, their lines.
 */
async function payments(c: pg.Client, idSession: number, tag: string): Promise<number> {
  const r = await c.query<{ n: number }>(
    `WITH op AS (
       SELECT o.id_operateur FROM operateur o JOIN type_paiement tp ON tp.id_type_paiement = o.id_type_paiement
       WHERE tp.code_type_paiement = 'ESPECES' AND o.deleted_at IS NULL AND tp.deleted_at IS NULL AND o.actif AND tp.actif
       ORDER BY o.id_operateur LIMIT 1
     ), a AS (
       SELECT a.id_affectation, a.id_cite, row_number() OVER (ORDER BY a.id_affectation) AS k
       FROM affectation a WHERE a.id_session_cenou = $1 AND a.deleted_at IS NULL
     ), p AS (
       SELECT a.*, (a.k % 9) * 7500 - CASE WHEN a.k % 5 = 0 AND a.k % 9 > 0 THEN 2500 ELSE 0 END AS montant,
              'ESP-' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD') || '-B' || lpad(a.k::text, 7, '0') AS ref,
              'BANC ' || $2 || ' ' || a.k AS recu
       FROM a WHERE a.k % 9 > 0
     ), t AS (
       INSERT INTO journal_transaction (nature, libelle, date_valeur, id_affectation, reference_paiement)
       SELECT 'PAIEMENT', replace($3, '{numero}', p.recu), (now() AT TIME ZONE 'UTC')::date, p.id_affectation, p.ref
       FROM p ORDER BY p.k
       RETURNING id_transaction, id_affectation, reference_paiement
     ), l AS (
       INSERT INTO journal_ligne (id_transaction, compte, debit, credit)
       SELECT t.id_transaction, x.compte, x.debit, x.credit
       FROM t JOIN p ON p.ref = t.reference_paiement
       CROSS JOIN LATERAL (VALUES ('CAISSE:CITE:' || p.id_cite, p.montant, 0),
                                  ('ETUDIANT:' || p.id_affectation, 0, p.montant)) x(compte, debit, credit)
     )
     INSERT INTO paiement (reference_paiement, id_affectation, id_operateur, montant, statut, numero_recu,
       id_transaction, date_reussite)
     SELECT p.ref, p.id_affectation, (SELECT id_operateur FROM op), p.montant, 'REUSSI', p.recu, t.id_transaction, now()
     FROM p JOIN t ON t.reference_paiement = p.ref
     RETURNING 1`,
    [idSession, tag, fill(messages.loyerJournalEspeces, { numero: '{numero}' })],
  );
  return r.rowCount ?? 0;
}

async function timePage(
  baseUrl: string,
  token: string,
  route: string,
  pid: number | undefined,
  backends: PgBackends,
): Promise<RentPageTiming> {
  const url = `${baseUrl}${API_BASE}/${route}`;
  const headers = { authorization: `Bearer ${token}` };
  let status = 0;
  let rows = 0;
  let total = 0;
  for (let i = 0; i < WARMUP_CALLS; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  const cpu0 = cpuMs(pid) ?? 0;
  const db0 = await backends.snapshot();
  for (let i = 0; i < RENT_CALLS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as unknown[];
    times.push(performance.now() - t0);
    status = res.status;
    rows = Array.isArray(body) ? body.length : 0;
    total = Number(res.headers.get('x-total-count') ?? NaN);
  }
  const cpu = (cpuMs(pid) ?? 0) - cpu0;
  const db = PgBackends.delta(db0, await backends.snapshot()).ms;
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    path: route,
    status,
    rows,
    total,
    medianMs: round(median(times)),
    maxMs: round(Math.max(...times)),
    serverCpuMs: round(cpu / RENT_CALLS),
    dbCpuMs: round(db / RENT_CALLS),
  };
}

export async function benchRent(opts: {
  databaseUrl: string;
  dbName: string;
  baseUrl: string;
  adminToken: string;
  pid: number | undefined;
  log: (line: string) => void;
  students?: number;
}): Promise<RentReport> {
  const students = opts.students ?? 6000;
  const c = new pg.Client({ connectionString: opts.databaseUrl });
  await c.connect();
  const backends = new PgBackends(opts.databaseUrl, opts.dbName);
  await backends.open();
  try {
    const started = performance.now();
    const p = await prepareAssignment(c, students, 0);
    // The first instalment on the 5th four months back: about half of the ten are due today.
    await c.query(
      `UPDATE session_cenou SET premiere_echeance = (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '4 months')::date + 4
       WHERE id_session_cenou = $1`,
      [p.idSession],
    );
    const prepareSeconds = (performance.now() - started) / 1000;
    const t0 = performance.now();
    const { result: fillRes, cpuMs: fillCpuMs } = await withCpu(opts.pid, backends, () =>
      api<{ affectes: { idAffectation: number }[] }>(opts.baseUrl, 'POST', 'campus/affectation', {
        token: opts.adminToken,
        body: { idSessionCenou: p.idSession, idCite: p.big },
        timeoutMs: 120_000,
      }),
    );
    const fillMs = Math.round(performance.now() - t0);
    if (fillRes.status !== 200)
      throw new Error(`affectation automatique : ${fillRes.status} ${JSON.stringify(fillRes.body)}`);
    opts.log(
      `   ${fillRes.body.affectes.length} affectations et leurs échéances en ${fillMs} ms (CPU serveur ${fillCpuMs.server} ms + PostgreSQL ${fillCpuMs.db} ms)`,
    );
    // A few cancellations through the product (the instalments not yet due reversed): those still
    // owing stay on the list, marked cancelled.
    const cancelled = fillRes.body.affectes.filter((_, i) => i % 300 === 7).map((a) => a.idAffectation);
    for (const id of cancelled) {
      const res = await api(opts.baseUrl, 'PATCH', `campus/affectation/${id}`, {
        token: opts.adminToken,
        body: { motif: 'Banc d’essai' },
      });
      if (res.status !== 200) throw new Error(`annulation ${id} : ${res.status} ${JSON.stringify(res.body)}`);
    }
    const paid = await payments(c, p.idSession, p.tag);
    // The fill's 6,000 mails are left to the mail worker's figures: marked sent, so that the list is
    // measured alone. Then what autovacuum does within its first minute after such inserts (its
    // insert threshold): the tables analysed and their visibility maps set (index-only scans).
    await c.query(`UPDATE outbox_mail SET sent_at = now() WHERE sent_at IS NULL`);
    await c.query('VACUUM (ANALYZE) journal_transaction, journal_ligne, loyer_compte, paiement, affectation');
    const [counts] = (
      await c.query<{ transactions: number; lines: number }>(
        `SELECT count(DISTINCT t.id_transaction)::int AS transactions, count(*)::int AS lines
         FROM journal_transaction t JOIN affectation a ON a.id_affectation = t.id_affectation
         JOIN journal_ligne l ON l.id_transaction = t.id_transaction WHERE a.id_session_cenou = $1`,
        [p.idSession],
      )
    ).rows;
    const token = await cenouToken(c, opts.baseUrl, p.tag);
    const base = `campus/loyer?idSessionCenou=${p.idSession}`;
    const pages: RentPageTiming[] = [];
    for (const route of [
      base,
      `${base}&idCite=${p.big}&sort=arriere,desc`,
      `${base}&filtre.nomEtudiant=sawadogo&sort=solde,desc&page=2`,
    ]) {
      const t = await timePage(opts.baseUrl, token, route, opts.pid, backends);
      opts.log(
        `   ${route} : ${t.status}, ${t.rows} lignes sur ${t.total}, médiane ${t.medianMs} ms (max ${t.maxMs}), CPU serveur ${t.serverCpuMs} ms + PostgreSQL ${t.dbCpuMs} ms par appel`,
      );
      pages.push(t);
    }
    // Arrears bands, read from the first page's own list (every row, 200 a page, sorted by arrears).
    const all: { arriere: number }[] = [];
    for (let page = 0; ; page++) {
      const res = await api<{ arriere: number }[]>(
        opts.baseUrl,
        'GET',
        `${base}&sort=arriere,desc&size=200&page=${page}`,
        { token },
      );
      all.push(...res.body);
      if (res.body.length < 200) break;
    }
    const arrears = {
      none: all.filter((r) => r.arriere === 0).length,
      underOneMonth: all.filter((r) => r.arriere > 0 && r.arriere < 7500).length,
      more: all.filter((r) => r.arriere >= 7500).length,
    };
    const expectedRows = pages[0].total;
    const x0 = performance.now();
    const {
      result: { xres, buffer },
      cpuMs: xlsxCpuMs,
    } = await withCpu(opts.pid, backends, async () => {
      const res = await fetch(`${opts.baseUrl}${API_BASE}/${base}&format=xlsx`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(120_000),
      });
      return { xres: res, buffer: Buffer.from(await res.arrayBuffer()) };
    });
    const xlsxMs = Math.round(performance.now() - x0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    // The table's rows: under its header (the first row with a cell in every column: the heading's
    // lines above it have one), down to its totals' row (« Total ») or a blank row; the notes under
    // it (what the files say of a departure, the damage, the search) are no rows of the list.
    const sheet = book.worksheets[0];
    let xlsxRows = 0;
    if (sheet) {
      let header = 1;
      while (header < sheet.rowCount && sheet.getRow(header).actualCellCount < sheet.columnCount) header += 1;
      for (let r = header + 1; r <= sheet.rowCount; r++) {
        const row = sheet.getRow(r);
        if (!row.hasValues || row.getCell(1).text === messages.colonneTotal) break;
        xlsxRows += 1;
      }
    }
    opts.log(
      `   XLSX : ${xres.status}, ${xlsxRows} lignes (${expectedRows} attendues) en ${xlsxMs} ms (CPU serveur ${xlsxCpuMs.server} ms + PostgreSQL ${xlsxCpuMs.db} ms)`,
    );
    return {
      assignments: fillRes.body.affectes.length,
      instalmentsPerAssignment: 10,
      transactions: counts.transactions,
      lines: counts.lines,
      payments: paid,
      cancelled: cancelled.length,
      prepareSeconds: Math.round(prepareSeconds * 10) / 10,
      fillMs,
      fillCpuMs,
      arrears,
      pages,
      xlsx: {
        status: xres.status,
        ms: xlsxMs,
        bytes: buffer.length,
        rows: xlsxRows,
        expectedRows,
        cpuMs: xlsxCpuMs,
      },
    };
  } finally {
    await backends.close();
    await c.end();
  }
}
