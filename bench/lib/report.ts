/** Readable tables of a bench run, for the terminal. */
import type { LightClientReport } from './light-client';
import type { LoadResult } from './load';
import type { BenchResults, ExportRun } from './results';

function table(header: string[], rows: (string | number)[][], right = new Set<number>()): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

const kb = (n: number) => (n / 1024).toFixed(1);
const mb = (n: number | null) => (n === null ? '—' : n.toFixed(0));

function codes(s: LoadResult): string {
  return Object.entries(s.statusCodes)
    .sort()
    .map(([c, n]) => `${c}×${n}`)
    .join(' ');
}

export function loadTable(scenarios: LoadResult[]): string {
  return table(
    [
      'scénario',
      'conn',
      'req/s',
      'p50 ms',
      'p97.5 ms',
      'p99 ms',
      'max ms',
      'requêtes',
      'non-2xx',
      'err+timeout',
      'RSS Mo fin/pic',
      'boucle p50/max ms',
      'codes',
    ],
    scenarios.map((s) => [
      s.id,
      s.connections,
      s.rps.toFixed(1),
      s.latencyMs.p50,
      s.latencyMs.p97_5,
      s.latencyMs.p99,
      s.latencyMs.max,
      s.requests,
      s.non2xx,
      s.errors + s.timeouts,
      `${s.serverRssAfterMb === undefined ? '—' : s.serverRssAfterMb.toFixed(0)}/${s.serverRssPeakMb === undefined ? '—' : s.serverRssPeakMb.toFixed(0)}`,
      s.eventLoopMs ? `${s.eventLoopMs.p50.toFixed(0)}/${s.eventLoopMs.max.toFixed(0)}` : '—',
      codes(s),
    ]),
    new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
  );
}

function exportRows(label: string, runs: ExportRun[]): (string | number)[][] {
  return runs.map((e, i) => [
    `${label} ${i + 1}`,
    e.error ? `erreur : ${e.error.slice(0, 60)}` : e.status,
    e.ttfbMs.toFixed(0),
    e.ttlbMs.toFixed(0),
    kb(e.bytes),
    e.rows,
    mb(e.rssBeforeMb),
    mb(e.rssPeakMb),
    mb(e.rssAfterMb),
  ]);
}

export function exportTable(r: BenchResults): string {
  if (!r.exports) return '(exports non mesurés)';
  const { sequential, concurrent, registry } = r.exports;
  const rows = [
    ...exportRows('lit csv seul', sequential),
    ...exportRows(`lit csv ×${concurrent.count} à la fois`, concurrent.runs),
    ...(registry ? exportRows('registre csv', [registry]) : []),
  ];
  return (
    table(
      [
        'export',
        'code',
        '1er octet ms',
        'dernier octet ms',
        'Ko',
        'lignes',
        'RSS avant Mo',
        'RSS pic Mo',
        'RSS après Mo',
      ],
      rows,
      new Set([1, 2, 3, 4, 5, 6, 7, 8]),
    ) +
    `\n${concurrent.count} exports à la fois : ${concurrent.wallMs.toFixed(0)} ms au total, RSS ${mb(concurrent.rssBeforeMb)} → pic ${mb(concurrent.rssPeakMb)} Mo`
  );
}

export function lightClientTable(lc: LightClientReport): string {
  const entry = table(
    ['entrée (index.html + imports statiques)', 'brut Ko', 'gzip Ko', 'brotli Ko', 'précompressé'],
    [
      ...lc.entry.files.map((f) => [
        f.file,
        kb(f.raw),
        kb(f.gzip),
        kb(f.brotli),
        f.precompressed ? 'oui' : 'non (< 1 Ko)',
      ]),
      ['TOTAL', kb(lc.entry.raw), kb(lc.entry.gzip), kb(lc.entry.brotli), ''],
    ],
    new Set([1, 2, 3]),
  );
  const routes = table(
    ['chunk de route (ajouté à l’entrée)', 'fichiers', 'brut Ko', 'gzip Ko', 'brotli Ko'],
    lc.routes.map((x) => [
      x.route,
      x.files.map((f) => f.file.replace(/^assets\//, '')).join(', '),
      kb(x.raw),
      kb(x.gzip),
      kb(x.brotli),
    ]),
    new Set([2, 3, 4]),
  );
  const fonts = lc.fonts.length
    ? lc.fonts
        .map(
          (f) =>
            `  ⚠ police livrée : ${f.file} (${kb(f.raw)} Ko${f.referencedByEntryCss ? ', référencée par le CSS d’entrée' : ''})`,
        )
        .join('\n')
    : '  aucune police livrée';
  // Transfer alone on a 750 kbit/s 3G link (latency and TLS set aside).
  const threeG = ((lc.entry.brotli * 8) / 750_000).toFixed(1);
  return `${entry}\n≈ ${threeG} s de transfert de l’entrée en brotli sur une 3G à 750 kbit/s (hors latence)\n\n${routes}\n\nPolices :\n${fonts}`;
}

export function targetsTable(r: BenchResults): string {
  return table(
    ['', 'objectif', 'cible', 'mesuré'],
    r.targets.map((t) => [t.status, t.description, t.limit, t.actual]),
  );
}

/** Issue 23: the ceilings, the ratios to them, the season's steps on one and two instances. */
export function seasonTable(r: BenchResults): string {
  const out: string[] = [];
  const c = r.ceilings;
  const scen = (id: string) => r.scenarios.find((s) => s.id === id);
  const ratio = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined && b > 0 ? `${((a / b) * 100).toFixed(0)} %` : '—';
  if (c?.argon2)
    out.push(
      `argon2id brut : ${c.argon2.oneCorePerSecond}/s sur un cœur, ${c.argon2.allCoresPerSecond}/s sur ${c.argon2.concurrency} ; ` +
        `connexion (signin) ${scen('signin')?.rps ?? '—'} req/s = ${ratio(scen('signin')?.rps, c.argon2.allCoresPerSecond)} du brut`,
    );
  if (c?.bareJson)
    out.push(
      `node:http nu (JSON des cités) : ${c.bareJson.rps} req/s ; campus/cite en 304 ${scen('reference-304')?.rps ?? '—'} req/s = ${ratio(scen('reference-304')?.rps, c.bareJson.rps)} ; ` +
        `campus/cite sans ETag (staff-cite, 10 conn.) ${scen('staff-cite')?.rps ?? '—'} req/s`,
    );
  for (const s of r.season ?? []) {
    out.push(
      `\n${s.id} : ${s.instances} instance(s), ${s.connections} connexions, ${s.callsPerJourney} appels par parcours${s.error ? ` — ÉCHEC : ${s.error}` : ''}`,
    );
    out.push(
      table(
        [
          'parcours/s',
          'entiers',
          'appels/s',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'erreurs',
          'CPU serveurs ms',
          'CPU PG ms',
          'ms CPU/parcours',
          'GC complets (ms)',
          'charge',
          'tenu',
        ],
        s.steps.map((st) => [
          st.rate,
          `${st.journeysOk}/${st.journeys}`,
          st.callsPerSecond,
          st.calls.p50,
          st.calls.p95,
          st.calls.p99,
          st.calls.errors + (st.journeysFailed && !st.calls.errors ? st.journeysFailed : 0),
          st.cpuMs.servers,
          st.cpuMs.postgres,
          st.cpuPerJourneyMs ?? '—',
          st.gc ? `${st.gc.major} (${st.gc.majorMs})` : '—',
          st.loadAverage,
          `${st.held ? 'oui' : 'NON'}${st.kind === 'warm-up' ? ' (chauffe)' : st.kind === 'repeat' ? ' (2e essai)' : ''}`,
        ]),
        new Set([0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
      ),
    );
    const last = s.steps.at(-1);
    if (last)
      out.push(
        `p95 par appel au dernier palier : ${Object.entries(last.byType)
          .map(([t, l]) => `${t} ${l.p95}`)
          .join(', ')}`,
      );
    out.push(
      `tenu : ${s.held ? `${s.held.rate} parcours/s, ${s.held.callsPerSecond} appels/s, p95 ${s.held.p95} ms` : 'aucun palier'} ; ` +
        `CPU par parcours (paliers tenus) : ${s.cpuPerJourneyMs ?? '—'} ms (${s.cpuPerJourneySplitMs ? `serveurs ${s.cpuPerJourneySplitMs.servers}, PostgreSQL ${s.cpuPerJourneySplitMs.postgres}, HAProxy ${s.cpuPerJourneySplitMs.haproxy} en plus` : '—'})` +
        (c?.argon2 && s.held
          ? ` ; argon2id : ${((2 * s.held.rate * 100) / c.argon2.allCoresPerSecond).toFixed(0)} % du brut (2 par parcours)`
          : ''),
    );
    const perJourney = s.cpuPerJourneyMs ?? s.cpuPerJourneyAllStepsMs;
    if (perJourney) {
      const ceiling = (r.meta.cpus * 1000) / perJourney;
      out.push(
        `plafond CPU : ${ceiling.toFixed(1)} parcours/s (${r.meta.cpus} cœurs ÷ ${perJourney} ms${s.cpuPerJourneyMs ? '' : ', tous paliers'}) ; tenu ${s.held ? ((100 * s.held.rate) / ceiling).toFixed(0) : 0} % du plafond` +
          (c?.argon2?.cpuMsPerVerification
            ? ` ; un parcours = ${(perJourney / c.argon2.cpuMsPerVerification).toFixed(1)} vérifications argon2id (${c.argon2.cpuMsPerVerification} ms de CPU chacune)`
            : ''),
      );
    }
    if (s.perCall)
      out.push(
        `CPU par appel, parcours un par un (serveur + PostgreSQL, ms) : ${s.perCall.calls
          .map((x) => `${x.type} ${(x.serversMs + x.postgresMs).toFixed(1)}`)
          .join(
            ', ',
          )} ; entre les appels ${s.perCall.perJourneyMs.between} ; un parcours ${s.perCall.perJourneyMs.total} ; ` +
          `sans appel ${s.perCall.idleMsPerSecond.servers} + ${s.perCall.idleMsPerSecond.postgres} ms/s`,
      );
    if (s.checks) out.push(`vérifications : ${JSON.stringify(s.checks)}`);
  }
  const one = r.season?.find((s) => s.id === 'season-1')?.held;
  const two = r.season?.find((s) => s.id === 'season-2')?.held;
  if (one && two)
    out.push(
      `\ndeux instances ÷ une : ${(two.callsPerSecond / one.callsPerSecond).toFixed(2)} (appels/s tenus)`,
    );
  if (r.dbCut)
    out.push(
      `\ndb-cut : ${JSON.stringify(r.dbCut.phases)} ; 500 : ${r.dbCut.status500}, 503 : ${r.dbCut.status503}, rétabli en ${r.dbCut.recoverySeconds ?? 'jamais'} s${r.dbCut.error ? ` — ÉCHEC : ${r.dbCut.error}` : ''}`,
    );
  return out.join('\n');
}
