/**
 * The deliberation at national scale (PostgreSQL only: the dossiers are written straight into the
 * bench's throw-away database with generate_series). One direction (Dori) gets a session in
 * DELIBERATION, criteria with their lists and quotas, and BENCH_DELIBERATION_SIZE (100,000)
 * analysed dossiers of registered students; then the preview, the publication and the XLSX of the
 * admissible list are each timed to the last byte with the server's memory sampled every 20 ms.
 * The agency's rules at work (issue 25, docs/agency-rules.md): half the students are women, 6 % of
 * the dossiers ask for re-admission (their students housed the year before in a closed session of
 * Dori, with a bed), the session gives 5 % of n re-admission places and keeps 60 % of each later list
 * for women; 1 % of the students have a year imported from the registry, 0.1 % two (over the limit).
 * NATIONAUX takes 70 % of n, so that the share binds (men passed over) and a waiting list exists; the
 * admissible list holds about 85 % of the dossiers.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { API_BASE } from './api';
import type { BenchResults, TargetOutcome } from './results';
import { readRss } from './server';

export interface TimedCall {
  status: number;
  ms: number;
  bytes: number;
  rssBeforeMb: number | null;
  rssPeakMb: number | null;
  /** The server's CPU time (user + system) during the call: its own work, whatever the machine's load. */
  cpuMs: number | null;
  /** The CPU time of PostgreSQL's backends of the bench's database during the call (same machine). */
  dbCpuMs?: number | null;
  error?: string;
}

export interface DeliberationReport {
  dossiers: number;
  seedSeconds: number;
  preview: TimedCall;
  publication: TimedCall;
  admisXlsx: TimedCall;
  admisRows: number;
  mailsQueued: number;
  /** The published run's women and men per list (docs/agency-rules.md), and the waiting list's length. */
  effectifs: Record<string, { F: number; M: number }> | null;
  attente: number;
  /** The session's re-admission requests. */
  renouvellements: number;
}

/** The process's CPU time so far (user + system, /proc/<pid>/stat), in milliseconds. */
function cpuOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are the 14th and 15th fields of the line: 12th and 13th after the command.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** PostgreSQL's backends of the bench's database (the server's pool), by process id. */
async function backends(c: pg.Client): Promise<number[]> {
  const r = await c.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return r.rows.map((x) => x.pid);
}

/** `timed`, with the CPU time PostgreSQL's backends spent meanwhile (a backend opened during the call counts from 0). */
async function timedWithDb(c: pg.Client, url: string, init: RequestInit, pid: number | undefined) {
  const before = new Map((await backends(c)).map((p) => [p, cpuOf(p) ?? 0]));
  const call = await timed(url, init, pid);
  let db = 0;
  for (const p of new Set([...before.keys(), ...(await backends(c))])) {
    const now = cpuOf(p);
    if (now !== null) db += now - (before.get(p) ?? 0);
  }
  return { ...call, dbCpuMs: Math.round(db) };
}

const mb = (b: number | undefined | null) => (b == null ? null : Math.round((b / 1024 / 1024) * 10) / 10);

/** A call read to its last byte, timed, with the server's peak memory meanwhile. */
async function timed(
  url: string,
  init: RequestInit,
  pid: number | undefined,
  timeoutMs = 120_000,
): Promise<TimedCall> {
  const before = readRss(pid);
  let peak = before?.rss ?? 0;
  const sampler = setInterval(() => {
    const m = readRss(pid);
    if (m && m.rss > peak) peak = m.rss;
  }, 20);
  const t0 = performance.now();
  const cpu0 = cpuOf(pid);
  const cpu = () => {
    const now = cpuOf(pid);
    return now === null || cpu0 === null ? null : Math.round(now - cpu0);
  };
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    return {
      status: res.status,
      ms: Math.round(performance.now() - t0),
      bytes,
      rssBeforeMb: mb(before?.rss),
      rssPeakMb: before ? mb(peak) : null,
      cpuMs: cpu(),
    };
  } catch (err) {
    return {
      status: 0,
      ms: Math.round(performance.now() - t0),
      bytes: 0,
      rssBeforeMb: mb(before?.rss),
      rssPeakMb: null,
      cpuMs: cpu(),
      error: (err as Error).message,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Types, criteria, a session OUVERT in DELIBERATION, quotas and `n` analysed dossiers (SQL only), each
 * with the score its analysis stored.
 */
export async function seed(
  c: pg.Client,
  n: number,
  rules = true,
): Promise<{ idSession: number; idDirection: number }> {
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await c.query<T>(text, values)).rows;
  const [{ id: idDirection }] = await q<{ id: number }>(
    `SELECT id_direction AS id FROM direction WHERE sigle_direction = 'DOR'`,
  );
  const [{ id: idVille }] = await q<{ id: number }>(
    `SELECT id_ville AS id FROM ville WHERE id_direction = $1 ORDER BY id_ville LIMIT 1`,
    [idDirection],
  );
  const type = async (libelle: string, coefficient: number, obligatoire: boolean) =>
    (
      await q<{ id: number }>(
        `INSERT INTO type_critere (libelle_type_critere, coefficient, statut_item) VALUES ($1, $2, $3)
         RETURNING id_type_critere AS id`,
        [libelle, coefficient, obligatoire ? 'OBLIGATOIRE' : 'FACULTATIF'],
      )
    )[0].id;
  const critere = async (idType: number, libelle: string, note: number, liste: string | null) =>
    (
      await q<{ id: number }>(
        `INSERT INTO critere (id_type_critere, libelle_critere, note, liste_deliberation) VALUES ($1, $2, $3, $4)
         RETURNING id_critere AS id`,
        [idType, libelle, note, liste],
      )
    )[0].id;
  const tNat = await type('Banc : nationalité', 0, true);
  const tPup = await type('Banc : pupille', 1, false);
  const tSoc = await type('Banc : situation sociale', 3, true);
  const tBou = await type('Banc : bourse', 1, false);
  const cBf = await critere(tNat, 'Banc : burkinabè', 0, 'NATIONAUX');
  const cEt = await critere(tNat, 'Banc : étranger', 0, 'ETRANGERS');
  const cPu = await critere(tPup, 'Banc : pupille', 20, 'PUPILLES');
  const cNp = await critere(tPup, 'Banc : non pupille', 0, null);
  const cOr = await critere(tSoc, 'Banc : orphelin', 18, null);
  const cPa = await critere(tSoc, 'Banc : parents', 10, null);
  const cBo = await critere(tBou, 'Banc : boursier', 12, null);
  await q(
    `UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = $1 AND statut_session IN ('OUVERT', 'SUSPENDU')`,
    [idDirection],
  );
  const [{ id: idSession }] = await q<{ id: number }>(
    `INSERT INTO session_cenou (id_direction, etat_session, statut_session, date_ouverture, annee_debut,
       places_readmission, part_femmes)
     VALUES ($1, 'DELIBERATION', 'OUVERT', '2026-09-01', 2026, $2, $3) RETURNING id_session_cenou AS id`,
    [idDirection, rules ? Math.ceil(n / 20) : 0, rules ? 60 : 0],
  );
  for (const [cr, v] of [
    [cPu, Math.ceil(n / 20)],
    [cEt, Math.ceil(n / 10)],
    [cBf, rules ? Math.ceil((n * 7) / 10) : n],
  ])
    await q(`INSERT INTO quota (id_session_cenou, id_critere, valeur_quota) VALUES ($1, $2, $3)`, [
      idSession,
      cr,
      v,
    ]);
  await q(
    `WITH s AS (SELECT g FROM generate_series(1, $1::int) g),
     reg AS (
       INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance,
         lieu_naissance, tel_etudiant, ville_orientation, id_ville, annee_bac, moyenne_bac, recherche)
       SELECT 'DB' || lpad(g::text, 10, '0'), 'Nom' || (g % 997), 'Prénom' || (g % 1009),
         CASE WHEN g % 2 = 0 THEN 'M' ELSE 'F' END, DATE '2003-01-01' + (g % 700), 'Dori',
         '70 ' || lpad((g % 1000000)::text, 6, '0'), 'Dori', $2, 2025,
         CASE WHEN g % 7 = 0 THEN NULL ELSE 10 + (g % 90) / 10.0 END, ''
       FROM s RETURNING id_etudiant, ine),
     usr AS (
       INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
       SELECT $3, ine, 'Nom', 'Prénom', lower(ine) || '@exemple.bf', 'ROLE_HEBERGEMENT_ETUDIANT', 'x' FROM reg
       RETURNING id, user_name)
     INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user,
       type_dossier, statut_dossier, date_depot, moyenne, date_analyse)
     SELECT 'DOR-2026-' || substr(reg.ine, 3), $4, $3, reg.id_etudiant, usr.id,
       CASE WHEN $5 AND g.g % 50 IN (1, 2, 26) THEN 'RENOUVELLEMENT' ELSE 'NOUVEAU' END, 'ANALYSE',
       TIMESTAMPTZ '2026-09-02 08:00:00+00' + ((substr(reg.ine, 3)::int % 5000) * interval '1 minute'),
       -- The score the analysis stores (docs/score.md), for the criteria written below: integers summed,
       -- one division, so the very value computeScore gives.
       (1 * CASE WHEN g.g % 20 = 3 THEN 20 ELSE 0 END + 3 * CASE WHEN g.g % 2 = 0 THEN 18 ELSE 10 END
         + 1 * CASE WHEN g.g % 3 = 0 THEN 12 ELSE 0 END)::float8
         / (SELECT sum(coefficient)::float8 FROM type_critere WHERE deleted_at IS NULL),
       TIMESTAMPTZ '2026-10-01 08:00:00+00'
     FROM reg JOIN usr ON usr.user_name = reg.ine
     CROSS JOIN LATERAL (SELECT substr(reg.ine, 3)::int AS g) g`,
    [n, idVille, idDirection, idSession, rules],
  );
  await q(
    `INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, valeur_analyse)
     SELECT d.id_dossier, x.t, x.c, x.v
     FROM dossier d
     CROSS JOIN LATERAL (SELECT substr(d.reference_dossier, 10)::int AS g) k
     CROSS JOIN LATERAL (VALUES
       ($2::int, CASE WHEN k.g % 10 = 0 THEN $3::int ELSE $4::int END, 'VALIDE'),
       ($5::int, CASE WHEN k.g % 20 = 3 THEN $6::int ELSE $7::int END, 'VALIDE'),
       ($8::int, CASE WHEN k.g % 2 = 0 THEN $9::int ELSE $10::int END, 'VALIDE'),
       ($11::int, $12::int, CASE WHEN k.g % 3 = 0 THEN 'VALIDE' ELSE 'INJUSTIFIE' END)
     ) AS x(t, c, v)
     WHERE d.id_session_cenou = $1`,
    [idSession, tNat, cEt, cBf, tPup, cPu, cNp, tSoc, cOr, cPa, tBou, cBo],
  );
  // The agency's rules: the re-admission requests' students were housed in Dori last year (a closed
  // session, an admitted dossier, a bed of the demo's: one session holds each bed once); some
  // students have years imported from the registry.
  if (rules) await lastYearAndRegistry(q, idDirection, idSession);
  await q('ANALYZE registre_etudiant');
  await q('ANALYZE users');
  await q('ANALYZE dossier');
  await q('ANALYZE dossier_critere');
  return { idSession, idDirection };
}

async function lastYearAndRegistry(
  q: <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>,
  idDirection: number,
  idSession: number,
) {
  const [{ id: lastYear }] = await q<{ id: number }>(
    `INSERT INTO session_cenou (id_direction, etat_session, statut_session, date_ouverture, annee_debut)
     VALUES ($1, 'DELIBERATION', 'FERME', '2025-09-01', 2025) RETURNING id_session_cenou AS id`,
    [idDirection],
  );
  await q(
    `WITH prev AS (
       INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier,
         date_depot, moyenne, liste_deliberation, reponse)
       SELECT 'DOR-2025-' || substr(d.reference_dossier, 10), $2, d.id_direction, d.id_etudiant, d.id_user, 'ADMIS',
         TIMESTAMPTZ '2025-09-02 08:00:00+00', d.moyenne, 'NATIONAUX', 'ACCEPTE'
       FROM dossier d WHERE d.id_session_cenou = $1 AND d.type_dossier = 'RENOUVELLEMENT'
       RETURNING id_dossier, id_etudiant),
     p AS (SELECT prev.*, row_number() OVER (ORDER BY id_dossier) AS k FROM prev),
     b AS (
       SELECT l.id_lit, l.id_chambre, bt.id_cite, row_number() OVER (ORDER BY l.id_lit) AS k
       FROM lit l JOIN chambre ch ON ch.id_chambre = l.id_chambre JOIN couloir co ON co.id_couloir = ch.id_couloir
       JOIN niveau nv ON nv.id_niveau = co.id_niveau JOIN batiment bt ON bt.id_batiment = nv.id_batiment
       WHERE l.deleted_at IS NULL)
     INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, code_verification)
     SELECT $2, p.id_dossier, p.id_etudiant, b.id_cite, b.id_chambre, b.id_lit, 'BANC' || lpad(p.k::text, 8, '0')
     FROM p JOIN b USING (k)`,
    [idSession, lastYear],
  );
  await q(
    `UPDATE registre_etudiant SET annees_hebergement_anterieures = CASE WHEN substr(ine, 3)::int % 1000 = 13 THEN 2 ELSE 1 END
     WHERE ine LIKE 'DB%' AND (substr(ine, 3)::int % 100 = 7 OR substr(ine, 3)::int % 1000 = 13)`,
  );
  await q('ANALYZE affectation');
}

export async function benchDeliberation(opts: {
  baseUrl: string;
  token: string;
  databaseUrl: string;
  pid: number | undefined;
  size: number;
  /** The agency's rules in the fixture (default); false: the fixture of before them, for comparison. */
  rules?: boolean;
  log: (s: string) => void;
}): Promise<DeliberationReport> {
  const c = new pg.Client({ connectionString: opts.databaseUrl });
  await c.connect();
  try {
    const t0 = performance.now();
    const { idSession, idDirection } = await seed(c, opts.size, opts.rules ?? true);
    const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
    opts.log(`   ${opts.size} dossiers analysés écrits en ${seedSeconds} s`);
    const headers = { authorization: `Bearer ${opts.token}` };
    const base = `${opts.baseUrl}${API_BASE}/campus`;
    const target = `idSessionCenou=${idSession}&idDirection=${idDirection}`;
    const preview = await timedWithDb(
      c,
      `${base}/deliberation-nationaux?${target}&seed=banc`,
      { headers },
      opts.pid,
    );
    const publication = await timedWithDb(
      c,
      `${base}/deliberation`,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ idSessionCenou: idSession, idDirection, seed: 'banc' }),
      },
      opts.pid,
    );
    // The mail worker would now expand the result lot and write one .eml per student: the lot is
    // stopped and what it gave marked sent, so that the export below is measured alone (the mailer
    // has its own figures). Counted: the mails the lot stands for (the run's students with an e-mail).
    await c.query(`UPDATE outbox_lot SET termine_le = now() WHERE kind = 'RESULTAT' AND termine_le IS NULL`);
    await c.query(`UPDATE outbox_mail SET sent_at = now() WHERE kind = 'RESULTAT' AND sent_at IS NULL`);
    const mails = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deliberation r
       JOIN deliberation_candidat x ON x.id_deliberation = r.id_deliberation
       JOIN dossier d ON d.id_dossier = x.id_dossier
       JOIN users u ON u.id = d.id_user AND u.email IS NOT NULL AND u.email <> ''
       WHERE r.id_session_cenou = $1 AND r.courante`,
      [idSession],
    );
    const admis = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dossier WHERE id_session_cenou = $1 AND statut_dossier = 'ADMIS'`,
      [idSession],
    );
    const run = await c.query<{ effectifs: Record<string, { F: number; M: number }> | null }>(
      `SELECT effectifs FROM deliberation WHERE id_session_cenou = $1 AND courante`,
      [idSession],
    );
    const counts = await c.query<{ attente: number; renouvellements: number }>(
      `SELECT count(*) FILTER (WHERE statut_dossier = 'LISTE_ATTENTE')::int AS attente,
              count(*) FILTER (WHERE type_dossier = 'RENOUVELLEMENT')::int AS renouvellements
       FROM dossier WHERE id_session_cenou = $1`,
      [idSession],
    );
    const admisXlsx = await timed(`${base}/etudiant-admis?${target}&format=xlsx`, { headers }, opts.pid);
    return {
      dossiers: opts.size,
      seedSeconds,
      preview,
      publication,
      admisXlsx,
      admisRows: admis.rows[0].n,
      mailsQueued: mails.rows[0].n,
      effectifs: run.rows[0]?.effectifs ?? null,
      attente: counts.rows[0].attente,
      renouvellements: counts.rows[0].renouvellements,
    };
  } finally {
    await c.end();
  }
}

export function deliberationTable(r: DeliberationReport): string {
  const line = (name: string, x: TimedCall) =>
    `   ${name.padEnd(34)} ${String(x.status).padStart(4)} ${String(x.ms).padStart(7)} ms ${String(
      Math.round(x.bytes / 1024),
    ).padStart(
      8,
    )} Ko   RSS ${x.rssBeforeMb ?? '?'} → pic ${x.rssPeakMb ?? '?'} Mo   CPU serveur ${x.cpuMs ?? '?'} ms${x.dbCpuMs != null ? `, PostgreSQL ${x.dbCpuMs} ms` : ''}${x.error ? `  (${x.error})` : ''}`;
  return [
    `   ${r.dossiers} dossiers (${r.renouvellements} demandes de réadmission), ${r.admisRows} admis, ` +
      `${r.attente} en liste d'attente, ${r.mailsQueued} mails de résultat en file`,
    `   étudiantes / étudiants par liste : ${Object.entries(r.effectifs ?? {})
      .map(([l, e]) => `${l} ${e.F} / ${e.M}`)
      .join(', ')}`,
    line('aperçu (GET deliberation-nationaux)', r.preview),
    line('publication (POST deliberation)', r.publication),
    line('liste des admis XLSX', r.admisXlsx),
  ].join('\n');
}

/** Targets of the deliberation (skipped without PostgreSQL). */
export const DELIBERATION_TARGETS = [
  { id: 'delib.preview.s', description: 'Aperçu de 100 000 candidats', limit: 3, unit: 's', key: 'preview' },
  {
    id: 'delib.publish.s',
    description: 'Publication de 100 000 candidats',
    limit: 3,
    unit: 's',
    key: 'publication',
  },
  {
    id: 'delib.xlsx.s',
    description: 'Liste des admis XLSX (100 000 lignes)',
    limit: 15,
    unit: 's',
    key: 'admisXlsx',
  },
] as const;

export function evaluateDeliberation(
  r: BenchResults & { deliberation?: DeliberationReport | null },
): TargetOutcome[] {
  const d = r.deliberation;
  const out: TargetOutcome[] = DELIBERATION_TARGETS.map((t) => {
    const call = d?.[t.key];
    if (!call)
      return {
        id: t.id,
        description: t.description,
        limit: `≤ ${t.limit} s`,
        actual: 'non mesuré',
        status: 'SKIP',
      };
    const s = call.ms / 1000;
    const ok = call.status === 200 && s <= t.limit;
    return {
      id: t.id,
      description: t.description,
      limit: `≤ ${t.limit} s`,
      actual: `${s.toFixed(1)} s (${call.status})`,
      status: ok ? 'PASS' : 'FAIL',
    };
  });
  const peak = d ? Math.max(...[d.preview, d.publication, d.admisXlsx].map((x) => x.rssPeakMb ?? 0)) : null;
  out.push(
    peak === null || peak === 0
      ? {
          id: 'delib.rss',
          description: 'Mémoire du serveur pendant la délibération',
          limit: '≤ 300 Mo',
          actual: 'non mesuré',
          status: 'SKIP',
        }
      : {
          id: 'delib.rss',
          description: 'Mémoire du serveur pendant la délibération',
          limit: '≤ 300 Mo',
          actual: `${peak} Mo`,
          status: peak <= 300 ? 'PASS' : 'FAIL',
        },
  );
  return out;
}
