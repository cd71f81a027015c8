/**
 * The student on a weak network (issue 22): Debian's Chromium through playwright-core, its network
 * and CPU slowed by the DevTools protocol (`Network.emulateNetworkConditions`,
 * `Emulation.setCPUThrottlingRate`), against the bench's real server.
 *
 * - `weak-deposit`: a student deposits with three 1 MB proofs on 3G (750 kbps up, 1.5 Mbps down,
 *   300 ms) with the network cut twice for a few seconds during the uploads; 'Déposer' is pressed
 *   as soon as the files are chosen, then the bench only waits for the receipt.
 * - `weak-deposit-reopen`: the same, and the tab closed halfway and opened again (a new page of the
 *   same browser context, /depot): the draft kept in IndexedDB resumes and the deposit goes.
 * - `weak-deposit-helper`: a helper's session (docs/procurations.md): the student gives a
 *   procuration DEPOT, the helper's browser signs in on /aide with the INE and the code, then saves
 *   the draft with the same three proofs through the resumable uploads, on the same 3G with the same
 *   two cuts; its end is the draft shown saved.
 * - `offline-open`: after one visit (the service worker installed), four pages opened offline.
 *   `BENCH_TRACE_DIR=<folder>` keeps a DevTools trace of each opening (Chromium's JSON, for
 *   chrome://tracing or the Performance panel).
 *
 * The bytes of the proofs are counted on the wire, by a small HTTP proxy between the browser and
 * the server (`countingProxy`): every byte of a PATCH body that left Chromium reaches it (the
 * DevTools throttling paces the bytes inside Chromium, before its socket), and a request cut by the
 * emulated loss of network shows there as the bytes it really carried. The browser's own view
 * (`postDataBuffer()`, CDP's `requestWillBeSent`) gives a chunk's whole body even when only part of
 * it left, and nothing for a Blob body; the proxy also adds the `content-length` each PATCH
 * announced (what the client tried to send) for comparison.
 *
 * A cut of the network is made in two steps: the proxy cuts every open connection and refuses new
 * ones (the requests under way fail having carried what they carried, as when a phone loses its
 * link), then DevTools is told the network is offline (the page's `offline` event, new requests
 * fail at once). DevTools' offline emulation alone does not cut an upload under way: on this
 * Chromium (Debian's 156) switching to offline released the throttled PATCH at once at full speed,
 * so a cut cost nothing and even sped the deposit up (first runs: 3 MB in 25 s with 8 s offline,
 * where 750 kbps needs 32 s).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { USER_KEY } from '../../src/web/lib/auth';
import { messages } from '../../src/domain/messages';
import { procurationMessages } from '../../src/domain/messages-procurations';
import { textPdf } from '../../src/server/seed/pdf';
import { launchChromium } from '../../tests/helpers/chromium';
import { api, registrationBody } from './api';
import { chooseCriteria, PROOF_BYTES, PROOFS } from './deposit';
import { mailTo } from './lighthouse';

/** The 3G profile of issue 22: 750 kbps up, 1.5 Mbps down, 300 ms of latency. */
export const THREE_G = { upKbps: 750, downKbps: 1500, latencyMs: 300 } as const;
/** How long each cut of the network lasts. */
export const CUT_MS = 4_000;
/**
 * BENCH_WEAK_CUTS=reset (diagnostic, not a scenario of its own): each cut of `weak-deposit` resets
 * the connections under way and the link is back at once, the browser never offline.
 */
const RESETS = process.env.BENCH_WEAK_CUTS === 'reset';
/** Phone-sized viewport. */
const PHONE = { width: 360, height: 740 };
/** Upper bound of one deposit (from the files chosen to the receipt). */
const DEPOSIT_TIMEOUT_MS = 240_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------ the counting proxy

export interface ProxyCounts {
  /** Bytes of PATCH bodies to the upload endpoint that reached the proxy (left the browser). */
  patchBytes: number;
  /** The sum of the `content-length` the PATCHes announced (what the client tried to send). */
  patchAnnounced: number;
  patches: number;
  /** PATCHes whose body ended before its announced length (cut by the browser). */
  patchesCut: number;
  posts: number;
  heads: number;
  /** Every request body, every response body (informative). */
  bytesUp: number;
  bytesDown: number;
  /**
   * Each PATCH: when it began and ended (ms since the last reset; null: still open), its offset,
   * bytes carried and announced, the server's status and when it came.
   */
  patchLog: {
    startMs: number;
    endMs: number | null;
    offset: number;
    bytes: number;
    announced: number;
    cut: boolean;
    status: number | null;
    statusMs: number | null;
  }[];
}

export interface CountingProxy {
  baseUrl: string;
  counts: ProxyCounts;
  /**
   * The link down (true): every open connection is cut at once, and new ones are refused, until
   * the link is up again (false).
   */
  link(down: boolean): void;
  reset(): void;
  close(): Promise<void>;
}

const UPLOADS = '/campus/televersement';

const zeroCounts = (): ProxyCounts => ({
  patchBytes: 0,
  patchAnnounced: 0,
  patches: 0,
  patchesCut: 0,
  posts: 0,
  heads: 0,
  bytesUp: 0,
  bytesDown: 0,
  patchLog: [],
});

/** A pass-through HTTP proxy on loopback to `target`, counting bytes; a cut on either side cuts the other. */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const t = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const counts = zeroCounts();
  let since = Date.now();
  const server = http.createServer((req, res) => {
    const startMs = Date.now() - since;
    const upload = (req.url ?? '').includes(UPLOADS);
    const patch = upload && req.method === 'PATCH';
    if (patch) {
      counts.patches++;
      counts.patchAnnounced += Number(req.headers['content-length'] ?? 0);
    } else if (upload && req.method === 'POST') counts.posts++;
    else if (upload && req.method === 'HEAD') counts.heads++;
    let received = 0;
    const entry: ProxyCounts['patchLog'][number] = {
      startMs,
      endMs: null,
      offset: Number(req.headers['upload-offset'] ?? -1),
      bytes: 0,
      announced: Number(req.headers['content-length'] ?? 0),
      cut: false,
      status: null,
      statusMs: null,
    };
    if (patch) counts.patchLog.push(entry);
    const up = http.request(
      {
        host: t.hostname,
        port: t.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (ures) => {
        entry.status = ures.statusCode ?? null;
        entry.statusMs = Date.now() - since;
        res.writeHead(ures.statusCode ?? 502, ures.headers);
        ures.on('data', (c: Buffer) => (counts.bytesDown += c.length));
        ures.pipe(res);
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.on('data', (c: Buffer) => {
      received += c.length;
      counts.bytesUp += c.length;
      if (patch) counts.patchBytes += c.length;
      entry.bytes = received;
    });
    req.on('close', () => {
      const announced = Number(req.headers['content-length'] ?? 0);
      const cut = !req.complete && received < announced;
      if (patch) {
        if (cut) counts.patchesCut++;
        entry.endMs = Date.now() - since;
        entry.cut = cut;
      }
      if (!req.complete) up.destroy();
    });
    res.on('close', () => {
      if (!res.writableFinished) up.destroy();
    });
    req.pipe(up);
  });
  const sockets = new Set<import('node:net').Socket>();
  let down = false;
  server.on('connection', (socket) => {
    if (down) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    counts,
    link(d: boolean) {
      down = d;
      if (d) for (const socket of sockets) socket.destroy();
    },
    reset() {
      since = Date.now();
      Object.assign(counts, zeroCounts());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

// ------------------------------------------------------------------------------ students

export interface WeakStudent {
  ine: string;
  token: string;
  /** The sign-in answer: what the web client keeps under `cenou.utilisateur`. */
  record: unknown;
}

/**
 * `count` demo students of Ouagadougou (whose session takes deposits) without an account register
 * through the public API, read their mailed password and sign in.
 */
export async function prepareWeakStudents(
  baseUrl: string,
  dataDir: string,
  adminToken: string,
  count: number,
  label: string,
): Promise<WeakStudent[]> {
  type Row = { ine: string; dateNaissance: string; nomVille: string; compte: boolean };
  const chosen: Row[] = [];
  for (let page = 0; page < 15 && chosen.length < count; page++) {
    const res = await api<Row[]>(
      baseUrl,
      'GET',
      `campus/registre-etudiant?page=${page}&size=200&compte=false`,
      {
        token: adminToken,
      },
    );
    if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`registre : ${res.status}`);
    chosen.push(
      ...res.body.filter((r) => !r.compte && /ouagadougou/i.test(r.nomVille)).slice(0, count - chosen.length),
    );
    if (res.body.length < 200) break;
  }
  if (chosen.length < count)
    throw new Error(`${chosen.length} étudiants de Ouagadougou sans compte au lieu de ${count}`);
  const out: WeakStudent[] = [];
  for (const s of chosen) {
    const email = `${label}.${s.ine.toLowerCase()}@exemple.bf`;
    const reg = await api(baseUrl, 'POST', 'campus-auth/hebergement-etudiant', {
      body: registrationBody(s, email),
    });
    if (reg.status !== 201)
      throw new Error(`inscription refusée (${reg.status}) : ${JSON.stringify(reg.body)}`);
    const password = await mailTo(path.join(dataDir, 'mail'), email);
    const signin = await api<{ accessToken: string }>(baseUrl, 'POST', 'campus-auth/signin', {
      body: { username: s.ine, password },
    });
    if (signin.status !== 200) throw new Error(`connexion refusée (${signin.status})`);
    out.push({ ine: s.ine, token: signin.body.accessToken, record: signin.body });
  }
  return out;
}

// ------------------------------------------------------------------------------ DevTools throttling

/** The 3G profile (or offline) on one page, through its own CDP session. */
export async function throttle(
  cdp: CDPSession,
  opts: { offline?: boolean; cpuRate?: number } = {},
): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: opts.offline ?? false,
    latency: THREE_G.latencyMs,
    downloadThroughput: (THREE_G.downKbps * 1000) / 8,
    uploadThroughput: (THREE_G.upKbps * 1000) / 8,
  });
  if (opts.cpuRate) await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuRate });
}

/** The student's session written in the origin's storage before any page of the app reads it. */
export async function signedIn(page: Page, baseUrl: string, record: unknown): Promise<void> {
  await page.goto(`${baseUrl}/service/api/health`);
  await page.evaluate(([k, v]) => window.localStorage.setItem(k, v), [
    USER_KEY,
    JSON.stringify(record),
  ] as const);
}

// ------------------------------------------------------------------------------ the deposit

export interface WeakDepositRun {
  id: 'weak-deposit' | 'weak-deposit-reopen' | 'weak-deposit-helper';
  completed: boolean;
  /** The dossier's reference shown on the receipt (the helper's run: null, its end is the draft saved). */
  reference: string | null;
  /**
   * The helper's run only: its sign-in on /aide (INE and code, on 3G) to the form shown, ms (inside
   * `formLoadMs`), and the draft the server holds afterwards (its proofs named by upload).
   */
  helper?: { signinMs: number; draftProofs: number };
  proofBytes: number;
  /** PATCH body bytes that left the browser (counted by the proxy). */
  patchBytes: number;
  /** patchBytes / proofBytes. */
  ratio: number;
  /** The bytes the PATCHes announced (content-length), and their ratio: what was attempted. */
  patchAnnounced: number;
  announcedRatio: number;
  patches: number;
  patchesCut: number;
  posts: number;
  heads: number;
  /** Every request body through the proxy while the deposit went (the JSON deposit included). */
  bytesUp: number;
  bytesDown: number;
  /** /depot on 3G to the form shown (ms). */
  formLoadMs: number;
  /** From the files chosen (and 'Déposer' pressed) to the receipt (ms). */
  totalMs: number;
  /** When each cut began (ms after the files were chosen) and how many proof bytes had gone. */
  cuts: { atMs: number; patchBytes: number; offlineMs: number }[];
  /** Each PATCH as the proxy saw it (ms after the files were chosen). */
  patchLog: ProxyCounts['patchLog'];
  /** Reopen only: when the tab was closed and how long until the form came back with the draft. */
  reopen?: { closedAtMs: number; patchBytes: number; restored: boolean; reopenFormMs: number };
  /** The dossier the server holds afterwards (API): its proofs' sizes as stored. */
  storedProofBytes: number[];
  error?: string;
}

interface DepositPlan {
  /** Cut the network when this many proof bytes have gone (fractions of the proofs' size). */
  cutsAt: number[];
  /** Close the tab at this fraction and open it again (reopen scenario). */
  reopenAt?: number;
}

/**
 * The deposit form on 3G: the student's /depot, or a helper's /aide (the student's INE and the
 * code of its procuration typed, 'Commencer', then the form limited to the draft).
 */
async function openForm(
  context: BrowserContext,
  baseUrl: string,
  firstType: number,
  helper?: { ine: string; code: string },
): Promise<{ page: Page; cdp: CDPSession; ms: number; signinMs?: number }> {
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  const t0 = Date.now();
  let signinMs: number | undefined;
  if (helper) {
    await page.goto(`${baseUrl}/aide`);
    await page.locator('#ine').fill(helper.ine);
    await page.locator('#code').fill(helper.code);
    const s0 = Date.now();
    await page.getByRole('button', { name: procurationMessages.aideConnexion }).click();
    await page.getByTestId('aide-session').waitFor();
    signinMs = Date.now() - s0;
  } else await page.goto(`${baseUrl}/depot`);
  await page.locator(`#critere-${firstType}`).waitFor();
  return { page, cdp, ms: Date.now() - t0, signinMs };
}

async function oneWeakDeposit(
  browser: Browser,
  server: string,
  student: WeakStudent,
  id: WeakDepositRun['id'],
  plan: DepositPlan,
  dir: string,
  log: (s: string) => void,
  /** A helper's run: the code of the student's procuration (DEPOT), used on /aide. */
  helperCode?: string,
): Promise<WeakDepositRun> {
  const helper = helperCode ? { ine: student.ine, code: helperCode } : undefined;
  const entries = await chooseCriteria(server, student.token, student.ine);
  const files = entries.map((e, i) => {
    const file = path.join(dir, `${id}-justificatif-${i + 1}.pdf`);
    writeFileSync(
      file,
      textPdf(`Justificatif ${i + 1} du banc d’essai`, [student.ine, id], PROOF_BYTES - 1_000),
    );
    return file;
  });
  const proofBytes = files.reduce((a, f) => a + statSync(f).size, 0);
  const proxy = await countingProxy(server);
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
  const run: WeakDepositRun = {
    id,
    completed: false,
    reference: null,
    proofBytes,
    patchBytes: 0,
    ratio: 0,
    patchAnnounced: 0,
    announcedRatio: 0,
    patches: 0,
    patchesCut: 0,
    posts: 0,
    heads: 0,
    bytesUp: 0,
    bytesDown: 0,
    formLoadMs: 0,
    totalMs: 0,
    cuts: [],
    patchLog: [],
    storedProofBytes: [],
  };
  let stop = false;
  try {
    // The helper holds no account: nothing of the student is in its browser.
    if (!helper) {
      const first = await context.newPage();
      await signedIn(first, proxy.baseUrl, student.record);
      await first.close();
    }
    const opened = await openForm(context, proxy.baseUrl, entries[0].idTypeCritere, helper);
    let { page, cdp } = opened;
    run.formLoadMs = opened.ms;
    if (helper) run.helper = { signinMs: opened.signinMs ?? 0, draftProofs: 0 };
    for (const e of entries)
      await page.locator(`#critere-${e.idTypeCritere}`).selectOption(String(e.idCritere));
    for (const select of await page.locator('select[required]').all())
      if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
    proxy.reset();
    const t0 = Date.now();
    for (const [i, e] of entries.entries())
      await page.locator(`#fichier-${e.idTypeCritere}`).setInputFiles(files[i]);
    await page
      .getByRole('button', { name: helper ? messages.enregistrerBrouillon : messages.deposer })
      .click();

    // The network cut (and the tab closed) at the planned points, while the bench waits.
    const events = [
      ...plan.cutsAt.map((f) => ({ at: f * proofBytes, kind: 'cut' as const })),
      ...(plan.reopenAt === undefined ? [] : [{ at: plan.reopenAt * proofBytes, kind: 'reopen' as const }]),
    ].sort((a, b) => a.at - b.at);
    const driver = (async () => {
      for (const ev of events) {
        while (!stop && proxy.counts.patchBytes < ev.at) await sleep(50);
        if (stop) return;
        if (ev.kind === 'cut') {
          const cut = { atMs: Date.now() - t0, patchBytes: proxy.counts.patchBytes, offlineMs: CUT_MS };
          // The link cut where it carries the bytes (the requests under way fail with what they
          // carried), then the browser told it is offline (its 'offline' event).
          proxy.link(true);
          if (RESETS) {
            // Diagnostic (BENCH_WEAK_CUTS=reset): the connections reset, the link back at once,
            // the browser not told.
            proxy.link(false);
            cut.offlineMs = 0;
          } else {
            await throttle(cdp, { offline: true });
            await sleep(CUT_MS);
            if (stop) return;
            proxy.link(false);
            await throttle(cdp, { offline: false });
          }
          run.cuts.push(cut);
          log(
            `   ${id} : réseau coupé ${cut.offlineMs / 1000} s à ${(cut.patchBytes / 1e6).toFixed(2)} Mo envoyés`,
          );
        } else {
          const closedAtMs = Date.now() - t0;
          const sent = proxy.counts.patchBytes;
          // A closed tab ends its connections. Chromium, on closing a page, lets the throttled
          // uploads under way go at full speed (as on switching to offline): the link is cut first.
          // It stays cut while the tab is closed: the closing page's network stack would otherwise
          // send the chunk again, whole, at once (it resends a request whose reused connection
          // was reset), which no phone closing a tab does.
          proxy.link(true);
          await page.close();
          log(`   ${id} : onglet fermé à ${(sent / 1e6).toFixed(2)} Mo envoyés, rouvert dans 3 s`);
          await sleep(3_000);
          proxy.link(false);
          const again = await openForm(context, proxy.baseUrl, entries[0].idTypeCritere);
          page = again.page;
          cdp = again.cdp;
          const restored = await page
            .getByTestId('saisie-restauree')
            .waitFor({ timeout: 30_000 })
            .then(
              () => true,
              () => false,
            );
          run.reopen = { closedAtMs, patchBytes: sent, restored, reopenFormMs: again.ms };
        }
      }
    })();
    // The receipt, on whichever page is open (the reopened one after a close).
    const deadline = t0 + DEPOSIT_TIMEOUT_MS;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`pas de reçu après ${DEPOSIT_TIMEOUT_MS / 1000} s`);
      const current = page;
      if (!current.isClosed()) {
        const ok = await current
          .getByTestId(helper ? 'brouillon-enregistre' : 'recu')
          .waitFor({ timeout: 1_000 })
          .then(
            () => true,
            () => false,
          );
        if (ok && !current.isClosed()) {
          if (helper) break;
          run.reference =
            (
              await current
                .getByTestId('reference-dossier')
                .textContent()
                .catch(() => null)
            )?.trim() ?? null;
          break;
        }
      } else await sleep(200);
    }
    run.totalMs = Date.now() - t0;
    run.completed = true;
    stop = true;
    await driver;
  } catch (err) {
    run.error = (err as Error).message;
  } finally {
    stop = true;
    Object.assign(run, {
      patchBytes: proxy.counts.patchBytes,
      patchAnnounced: proxy.counts.patchAnnounced,
      patches: proxy.counts.patches,
      patchesCut: proxy.counts.patchesCut,
      posts: proxy.counts.posts,
      heads: proxy.counts.heads,
      bytesUp: proxy.counts.bytesUp,
      bytesDown: proxy.counts.bytesDown,
      patchLog: proxy.counts.patchLog.map((e) => ({ ...e })),
    });
    run.ratio = Math.round((run.patchBytes / proofBytes) * 1000) / 1000;
    run.announcedRatio = Math.round((run.patchAnnounced / proofBytes) * 1000) / 1000;
    await context.close().catch(() => undefined);
    await proxy.close();
  }
  // The helper's draft as the server holds it (read by the student): its entries with a proof.
  if (run.completed && helper && run.helper) {
    const draft = await api<{
      brouillon: { listeDossierCritere: { televersement?: string | null }[] };
    } | null>(server, 'GET', 'campus/dossier/brouillon', { token: student.token });
    run.helper.draftProofs = (draft.body?.brouillon.listeDossierCritere ?? []).filter(
      (e) => e.televersement,
    ).length;
  }
  // The dossier the server holds: its proofs as stored, whole.
  if (run.completed && !helper) {
    const list = await api<{ idDossier: number }[]>(server, 'GET', `campus/dossier/etudiant/${student.ine}`, {
      token: student.token,
    });
    const idDossier = Array.isArray(list.body) ? list.body[0]?.idDossier : undefined;
    if (idDossier) {
      const detail = await api<{ listeDossierCritere: { idDossierCritere: number }[] }>(
        server,
        'GET',
        `campus/dossier/depot?ineEtudiant=${student.ine}&idDossier=${idDossier}`,
        { token: student.token },
      );
      for (const e of detail.body?.listeDossierCritere ?? []) {
        const res = await fetch(
          `${server}/service/api/hebergement-cenou/campus/dossier/${idDossier}/${e.idDossierCritere}`,
          {
            headers: { authorization: `Bearer ${student.token}` },
            signal: AbortSignal.timeout(30_000),
          },
        );
        if (res.ok) run.storedProofBytes.push((await res.arrayBuffer()).byteLength);
      }
    }
  }
  return run;
}

/** `weak-deposit` and/or `weak-deposit-reopen`, each with its own student and browser context. */
export async function benchWeakDeposits(opts: {
  baseUrl: string;
  dataDir: string;
  adminToken: string;
  which: WeakDepositRun['id'][];
  log: (s: string) => void;
}): Promise<WeakDepositRun[]> {
  const students = await prepareWeakStudents(
    opts.baseUrl,
    opts.dataDir,
    opts.adminToken,
    opts.which.length,
    'faible',
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'cenou-bench-faible-'));
  const browser = await launchChromium();
  const runs: WeakDepositRun[] = [];
  try {
    for (const [i, id] of opts.which.entries()) {
      opts.log(
        `\n== ${id} : ${PROOFS} justificatifs de 1 Mo en 3G (${THREE_G.upKbps} kbps montant, ${THREE_G.downKbps} kbps descendant, ${THREE_G.latencyMs} ms)`,
      );
      // The helper's run: the student gives a procuration DEPOT through the API, the helper's
      // browser uses its code on /aide; the same proofs, network and cuts as the student's own.
      let helperCode: string | undefined;
      if (id === 'weak-deposit-helper') {
        const given = await api<{ code: string }>(opts.baseUrl, 'POST', 'campus/procuration', {
          token: students[i].token,
          body: { tache: 'DEPOT', dureeHeures: 2 },
        });
        if (given.status !== 201)
          throw new Error(`procuration refusée (${given.status}) : ${JSON.stringify(given.body)}`);
        helperCode = given.body.code;
      }
      const plan: DepositPlan =
        id === 'weak-deposit-reopen' ? { cutsAt: [0.25, 0.75], reopenAt: 0.5 } : { cutsAt: [1 / 3, 2 / 3] };
      const run = await oneWeakDeposit(
        browser,
        opts.baseUrl,
        students[i],
        id,
        plan,
        dir,
        opts.log,
        helperCode,
      );
      runs.push(run);
      opts.log(
        `   ${run.completed ? (run.helper ? `brouillon enregistré (${run.helper.draftProofs} justificatifs, connexion /aide ${run.helper.signinMs} ms)` : `reçu ${run.reference}`) : `ÉCHEC : ${run.error}`} en ${(run.totalMs / 1000).toFixed(1)} s ; ` +
          `octets des justificatifs envoyés ${run.patchBytes} pour ${run.proofBytes} (×${run.ratio}), annoncés ×${run.announcedRatio} ; ` +
          `${run.patches} PATCH (${run.patchesCut} coupés), ${run.posts} POST, ${run.heads} HEAD ; formulaire en ${run.formLoadMs} ms`,
      );
    }
  } finally {
    await browser.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  return runs;
}

// ------------------------------------------------------------------------------ offline

export interface OfflineOpenRun {
  path: string;
  /** The student signed in, or a visitor (who has only visited `/` once). */
  signedIn: boolean;
  /** CPU slowdown of this measure (1: none). */
  cpuRate: number;
  /** From the navigation's start to the page's main heading visible (ms), null when it never showed. */
  headingMs: number | null;
  /** The page's own Navigation Timing: the document answered (by the worker), DOMContentLoaded ended (ms). */
  responseEndMs: number | null;
  domContentLoadedMs: number | null;
  /**
   * Diagnostic, read in the page (ms from its navigation start, a look before each frame is drawn):
   * the frame that first draws its first `h1` with a box (taken after the layout that frame needs),
   * and the first that draws a 'Chargement…' spinner (`.loading`; null: never): a Suspense
   * fallback before the heading, or the page's own spinner for its data, in the heading's frame. `headingMs` is the bench's own look once per frame
   * from outside the page (it used Playwright's wait for 'visible' until 27 November, which looked
   * again 0, 20, 70, 170, 270 ms, then every 500 ms: up to half a second late).
   */
  inPageHeadingMs: number | null;
  inPageSpinnerMs: number | null;
  /**
   * Diagnostic: the client's User Timing mark `cenou-first-render` (src/web/main.tsx), when React's
   * first render began and why then (`page-code`: the page's code was there; `wait-over`: not
   * within its 500 ms; `no-page-code`: it failed to load).
   */
  firstRender: string | null;
  heading: string | null;
  finalPath: string;
  error?: string;
}

export const OFFLINE_ROUTES = ['/', '/connexion', '/depot', '/tableau-de-bord'] as const;

/**
 * The diagnostic of `OfflineOpenRun.inPageHeadingMs`, run in the page before its scripts: a look
 * at each frame, before it is drawn (a frame's layout is done then anyway: the look costs the page
 * next to nothing, where a MutationObserver forcing a layout at each change cost it 20–60 ms).
 * A string, so that the bench's TypeScript loader adds nothing to it.
 */
const WATCH_HEADING = `(() => {
  const seen = (window.__cenouHeading = {});
  const look = () => {
    if (seen.spinner === undefined && document.querySelector('.loading')) seen.spinner = performance.now();
    const h = document.querySelector('h1');
    const box = h && h.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0) seen.heading = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

/**
 * One visit of `/` (the service worker installs and takes the page), then each route opened in a
 * new page of that context with the network offline (3G profile otherwise), at 1× and 4× CPU: time
 * from the navigation's start to its first `h1` visible. The student signed in opens the four
 * routes (/connexion sends it to its dashboard); a visitor, after its own one visit, opens /connexion.
 */
export async function benchOfflineOpen(opts: {
  baseUrl: string;
  dataDir: string;
  adminToken: string;
  log: (s: string) => void;
}): Promise<{ swInstallMs: number; runs: OfflineOpenRun[] }> {
  const [student] = await prepareWeakStudents(opts.baseUrl, opts.dataDir, opts.adminToken, 1, 'horsligne');
  const browser = await launchChromium();
  const runs: OfflineOpenRun[] = [];
  let swInstallMs = 0;
  const traceDir = process.env.BENCH_TRACE_DIR;
  try {
    // The student (signed in) and a visitor (not signed in: /connexion is its page; a student
    // opening it is sent to its dashboard), each after one visit of `/`.
    for (const who of ['student', 'visitor'] as const) {
      const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR', serviceWorkers: 'allow' });
      try {
        const first = await context.newPage();
        first.setDefaultTimeout(60_000);
        if (who === 'student') await signedIn(first, opts.baseUrl, student.record);
        const t0 = Date.now();
        await first.goto(`${opts.baseUrl}/`);
        await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
          timeout: 60_000,
        });
        if (who === 'student') swInstallMs = Date.now() - t0;
        await first.close();
        for (const cpuRate of [1, 4]) {
          for (const route of who === 'student' ? OFFLINE_ROUTES : (['/connexion'] as const)) {
            const page = await context.newPage();
            const run: OfflineOpenRun = {
              path: route,
              signedIn: who === 'student',
              cpuRate,
              headingMs: null,
              responseEndMs: null,
              domContentLoadedMs: null,
              inPageHeadingMs: null,
              inPageSpinnerMs: null,
              firstRender: null,
              heading: null,
              finalPath: '',
            };
            try {
              const cdp = await context.newCDPSession(page);
              await throttle(cdp, { offline: true, cpuRate });
              await page.addInitScript(WATCH_HEADING);
              if (traceDir)
                await browser.startTracing(page, {
                  path: `${traceDir}/${who}-${cpuRate}-${route.replace(/\//g, '_')}.json`,
                });
              const start = Date.now();
              await page.goto(`${opts.baseUrl}${route}`, { waitUntil: 'commit', timeout: 20_000 });
              const h1 = page.locator('h1').first();
              // Looked at once per frame: Playwright's own wait for 'visible' polls at 0, 20, 70,
              // 170 and 270 ms, then every 500 ms, and so added up to half a second to a heading
              // drawn after 270 ms. Visible as Playwright means it: a box, and not hidden.
              await page.waitForFunction(
                () => {
                  const h = document.querySelector('h1');
                  if (!h) return false;
                  const box = h.getBoundingClientRect();
                  return box.width > 0 && box.height > 0 && getComputedStyle(h).visibility !== 'hidden';
                },
                undefined,
                { polling: 'raf', timeout: 20_000 },
              );
              run.headingMs = Date.now() - start;
              run.heading = (await h1.textContent())?.trim() ?? null;
              run.finalPath = new URL(page.url()).pathname;
              const nav = await page.evaluate(() => {
                const n = performance.getEntriesByType('navigation')[0] as
                  PerformanceNavigationTiming | undefined;
                const w = (window as unknown as { __cenouHeading?: { heading?: number; spinner?: number } })
                  .__cenouHeading;
                // No helper function here: the bench's loader would name it with code the page lacks.
                return n
                  ? {
                      r: Math.round(n.responseEnd),
                      d: Math.round(n.domContentLoadedEventEnd),
                      h: w?.heading === undefined ? null : Math.round(w.heading),
                      s: w?.spinner === undefined ? null : Math.round(w.spinner),
                      f: performance
                        .getEntriesByName('cenou-first-render')
                        .map(
                          (m) => `${Math.round(m.startTime)} ms (${String((m as PerformanceMark).detail)})`,
                        )[0],
                    }
                  : null;
              });
              run.responseEndMs = nav?.r ?? null;
              run.domContentLoadedMs = nav?.d ?? null;
              run.inPageHeadingMs = nav?.h ?? null;
              run.inPageSpinnerMs = nav?.s ?? null;
              run.firstRender = nav?.f ?? null;
            } catch (err) {
              run.error = (err as Error).message.split('\n')[0];
              run.finalPath = page.isClosed() ? '' : new URL(page.url()).pathname;
            } finally {
              if (traceDir) await browser.stopTracing().catch(() => undefined);
              await page.close().catch(() => undefined);
            }
            runs.push(run);
            opts.log(
              `   hors ligne, ${who === 'student' ? 'étudiant' : 'visiteur'}, CPU ×${cpuRate} ${route.padEnd(17)} ${run.headingMs ?? '?'} ms (document ${run.responseEndMs ?? '?'} ms, DOMContentLoaded ${run.domContentLoadedMs ?? '?'} ms, h1 vu dans la page à ${run.inPageHeadingMs ?? '?'} ms, « Chargement… » ${run.inPageSpinnerMs === null ? 'jamais' : `à ${run.inPageSpinnerMs} ms`}, premier rendu ${run.firstRender ?? '?'}) → ${run.finalPath} « ${run.heading ?? run.error} »`,
            );
          }
        }
      } finally {
        await context.close().catch(() => undefined);
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
  }
  return { swInstallMs, runs };
}
