/**
 * Room choice under load (PostgreSQL only; docs/room-choice.md, docs/benchmarks.md "Room choice"):
 *
 * - `room-choice-rooms`: the free rooms of a cité of 2,500 beds (5 mixed buildings × 5 levels ×
 *   25 rooms of 4 beds), read by one student through one instance: the read of the database (each
 *   call more than the instance's one-second keep after the last), the kept answer, the compressed
 *   bytes, and `304` for the tag of the last read.
 * - `room-choice-slot`: one slot of `BENCH_RC_STUDENTS` (500) students, `BENCH_RC_GROUPS` (50) of
 *   them groups of four formed through the API, on two instances behind HAProxy as the opening-day
 *   stage runs them (bench/lib/infra.ts), Redis shared. Every student arrives within the same
 *   minute (`BENCH_RC_SPREAD_SECONDS`, 60), reads its slot (`GET moi`) and the rooms, then polls
 *   the rooms every 4 seconds with their tag as the screen does until its bed is given; the holder
 *   (a student alone, or the group's first member) holds a room picked at random among the first
 *   of the list, and confirms it a second later. A `409` on a hold (the room taken meanwhile) is
 *   the expected answer of a race: counted apart, and the student reads the rooms again and tries
 *   another (at most 20 times). Afterwards the database is read: no bed held twice, none assigned
 *   twice, no student given two beds, every student given one.
 *
 * The fixtures are written by the tests' SQL helpers (tests/helpers/assignment.ts) in a direction of
 * its own (Manga, MAN), so that no other stage sees them; the students' tokens are signed with the
 * run's JWT secret (the server checks them as its own).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ETUDIANT, GESTIONNAIRE_CENOU } from '../../src/domain/enums';
import { one, rows } from '../../src/server/db/client';
import { roomsOfCiteText } from '../../src/server/modules/room-choice/repository';
import { directionId } from '../../src/server/seed/factories';
import { insertAdmitted, insertCite, type Admitted, type MadeCite } from '../../tests/helpers/assignment';
import { insertSession } from '../../tests/helpers/dossiers';
import { API_BASE } from './api';
import { cpuOf, PgBackends } from './infra';
import { benchLighthouse, type LighthouseRun } from './lighthouse';
import { benchStaff, startPair, withDatabase } from './stage';

const CALL_TIMEOUT_MS = 60_000;
const POLL_MS = 4_000;
const MAX_TRIES = 20;
/** The holder picks among this many rooms at the head of the list (as students take the first ones). */
const PICK_AMONG = 15;
/**
 * Reads of the free rooms measured one by one (`BENCH_RC_READS`, 40): a p95 of 12 reads was their
 * slowest, one scheduling hiccup of the machine; of 40 it is a p95.
 */
export const ROOM_READS = Math.max(12, Number(process.env.BENCH_RC_READS ?? 40) || 40);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export const ROOM_CHOICE_TARGETS = {
  holdP95Ms: 500,
  confirmP95Ms: 1000,
  roomsServerMs: 50,
  roomsGzipBytes: 30 * 1024,
} as const;

export interface CallStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function stats(ms: number[]): CallStats {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : 0);
  return {
    count: s.length,
    p50: round(q(0.5)),
    p95: round(q(0.95)),
    p99: round(q(0.99)),
    max: round(s.at(-1) ?? 0),
  };
}

export interface RoomsReport {
  beds: number;
  rooms: number;
  /** Reads of the database (the instance's keep expired), ms at the client on the loopback. */
  read: CallStats;
  /** The instance's kept answer, ms. */
  kept: CallStats;
  gzipBytes: number;
  jsonBytes: number;
  notModifiedStatus: number;
  /**
   * CPU of the instance and of PostgreSQL's backends a read of the database, ms (mean of `ROOM_READS`), less
   * the servers' background work over the same time (its rate measured while idle).
   */
  cpuPerReadMs: number;
  /** The same without taking the background work off. */
  cpuPerReadGrossMs: number;
  /** A hold made on the instance, then the list read again: the room has gone (the keep forgotten). */
  holdSeenAtOnce: boolean;
}

export interface SlotReport {
  students: number;
  groups: number;
  holders: number;
  spreadSeconds: number;
  instances: number;
  prepareSeconds: number;
  wallSeconds: number;
  calls: Record<'moi' | 'rooms' | 'rooms304' | 'hold' | 'confirm', CallStats>;
  holdsMade: number;
  /** 409 on a hold: the room taken meanwhile; the student tried another. Not an error. */
  holdConflicts: number;
  confirmed: number;
  /** Any other answer, socket error or timeout. */
  errors: number;
  errorSamples: string[];
  /** Read from the database afterwards. */
  checks: {
    bedsAssignedTwice: number;
    bedsHeldTwice: number;
    studentsWithTwoBeds: number;
    studentsHoused: number;
    heldAndAssigned: number;
  };
  cpuMs: { servers: number; postgres: number; haproxy: number; driver: number };
  loadAverage: number[];
}

export interface RoomChoiceReport {
  rooms?: RoomsReport;
  slot?: SlotReport;
  /** Lighthouse mobile on `/choix-chambre` for a student whose slot is open (the cité's 625 rooms). */
  lighthouse?: LighthouseRun[];
}

/** An HS256 token as the server signs it (`sub`, `role`, `tv`), with the run's secret. */
function signedToken(secret: string, idUser: number, role: string = ETUDIANT): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(idUser), role, tv: 0, iat: now, exp: now + 3 * 3600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

function call(
  agent: http.Agent,
  base: string,
  method: string,
  route: string,
  headers: Record<string, string>,
  body?: object,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) {
      h['content-type'] = 'application/json';
      h['content-length'] = String(Buffer.byteLength(payload));
    }
    const started = performance.now();
    const req = http.request(
      new URL(`${API_BASE}/${route}`, base),
      { method, headers: h, agent, timeout: CALL_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`délai dépassé (${CALL_TIMEOUT_MS / 1000} s)`)));
    req.on('error', reject);
    req.end(payload);
  });
}

const json = <T>(a: Answer): T => JSON.parse(a.body.toString('utf8')) as T;

interface Fixture {
  idSessionCenou: number;
  idDirection: number;
  cite: MadeCite;
  beds: number;
  students: Admitted[];
  /** Indexes into `students`: each group's four, the first its leader. */
  groups: number[][];
  /** A central manager of the stage's own, who makes the campaign. */
  idManager: number;
}

/**
 * A session of Manga in deliberation (its other sessions closed), the cité of 2,500 beds, the
 * admitted students who accepted (the groups' members of one sex each, the others alternately).
 */
async function prepare(databaseUrl: string, students: number, groups: number): Promise<Fixture> {
  return withDatabase(databaseUrl, 4, async (db) => {
    const idDirection = await directionId(db, 'MAN');
    await db.execute(
      sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = ${idDirection} AND statut_session <> 'FERME'`,
    );
    const idSessionCenou = await insertSession(db, idDirection, 'DELIBERATION');
    const cite = await insertCite(db, {
      ville: 'Manga',
      nom: 'Cité du banc (2 500 lits)',
      batiments: Array.from({ length: 5 }, (_, b) => ({
        code: `B${b}`,
        sexe: 'MIXTE' as const,
        niveaux: Array.from({ length: 5 }, (_, n) => ({
          code: `N${n}`,
          couloirs: [
            {
              code: 'C1',
              chambres: Array.from({ length: 25 }, (_, r) => ({
                code: `${b}${n}${String(r).padStart(2, '0')}`,
                lits: 4,
              })),
            },
          ],
        })),
      })),
    });
    const made: Admitted[] = [];
    const grouped: number[][] = [];
    for (let i = 0; i < students; i++) {
      const g = Math.floor(i / 4);
      const inGroup = g < groups;
      if (inGroup && i % 4 === 0) grouped.push([]);
      if (inGroup) grouped[g].push(i);
      made.push(
        await insertAdmitted(db, {
          idSessionCenou,
          ville: 'Manga',
          sexe: (inGroup ? g : i) % 2 ? 'M' : 'F',
          liste: 'NATIONAUX',
          rang: i + 1,
        }),
      );
    }
    const idManager = await benchStaff(db, 'banc.choix', GESTIONNAIRE_CENOU);
    await db.execute(sql`ANALYZE`);
    const beds = (await one<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM lit l JOIN chambre c ON c.id_chambre = l.id_chambre
          JOIN couloir co ON co.id_couloir = c.id_couloir JOIN niveau n ON n.id_niveau = co.id_niveau
          JOIN batiment b ON b.id_batiment = n.id_batiment WHERE b.id_cite = ${cite.idCite}`,
    ))!.n;
    return { idSessionCenou, idDirection, cite, beds, students: made, groups: grouped, idManager };
  });
}

/** The checks no load may break, read from the database. */
async function checks(
  databaseUrl: string,
  idSessionCenou: number,
  ids: number[],
): Promise<SlotReport['checks']> {
  return withDatabase(databaseUrl, 1, async (db) => {
    const n = async (q: ReturnType<typeof sql>) => (await one<{ n: number }>(db, q))!.n;
    return {
      bedsAssignedTwice: await n(
        sql`SELECT count(*)::int AS n FROM (SELECT id_lit FROM affectation WHERE id_session_cenou = ${idSessionCenou}
            AND deleted_at IS NULL GROUP BY id_lit HAVING count(*) > 1) x`,
      ),
      bedsHeldTwice: await n(
        sql`SELECT count(*)::int AS n FROM (SELECT rl.id_lit FROM reservation_lit rl
            JOIN reservation rv ON rv.id_reservation = rl.id_reservation
            WHERE rv.etat = 'ACTIVE' AND rv.expire_a > now() GROUP BY rl.id_lit HAVING count(*) > 1) x`,
      ),
      studentsWithTwoBeds: await n(
        sql`SELECT count(*)::int AS n FROM (SELECT id_etudiant FROM affectation WHERE id_session_cenou = ${idSessionCenou}
            AND deleted_at IS NULL GROUP BY id_etudiant HAVING count(*) > 1) x`,
      ),
      studentsHoused: await n(
        sql`SELECT count(DISTINCT id_etudiant)::int AS n FROM affectation WHERE id_session_cenou = ${idSessionCenou}
            AND deleted_at IS NULL AND id_etudiant IN (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
      ),
      heldAndAssigned: await n(
        sql`SELECT count(*)::int AS n FROM reservation_lit rl JOIN reservation rv ON rv.id_reservation = rl.id_reservation
            JOIN affectation a ON a.id_lit = rl.id_lit AND a.deleted_at IS NULL AND a.id_session_cenou = ${idSessionCenou}
            WHERE rv.etat = 'ACTIVE' AND rv.expire_a > now()`,
      ),
    };
  });
}

/**
 * BENCH_RC_EXPLAIN=1: the free rooms' statement explained on the fixture (`EXPLAIN (ANALYZE,
 * BUFFERS)`), prepared on one connection as the instances prepare it: its first run (a plan made
 * for the values) and its eighth (PostgreSQL's plan for any values, once it keeps one).
 */
async function explainRooms(databaseUrl: string, fx: Fixture, log: (line: string) => void) {
  await withDatabase(databaseUrl, 1, (db) =>
    db.transaction(async (tx) => {
      const q = roomsOfCiteText(tx);
      const values: Record<string, number> = { idCite: fx.cite.idCite, idSessionCenou: fx.idSessionCenou };
      const args = q.params
        .map((p) => {
          const name = (p as { name?: string }).name;
          const v = name !== undefined ? values[name] : p;
          return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
        })
        .join(', ');
      await tx.execute(sql.raw(`PREPARE banc_chambres AS ${q.sql}`));
      for (let i = 1; i <= 8; i++) {
        const plan = await rows<{ 'QUERY PLAN': string }>(
          tx,
          sql.raw(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE banc_chambres(${args})`),
        );
        if (i === 1 || i === 8)
          log(
            `   plan des chambres libres, exécution ${i} :\n${plan.map((r) => `     ${r['QUERY PLAN']}`).join('\n')}`,
          );
      }
      await tx.execute(sql.raw('DEALLOCATE banc_chambres'));
    }),
  );
}

interface RoomRowLite {
  idChambre: number;
  litsLibres: number;
}

export interface RoomChoiceOptions {
  databaseUrl: string;
  dbName: string;
  jwtSecret: string;
  which: ('room-choice-rooms' | 'room-choice-lighthouse' | 'room-choice-slot')[];
  /** Chromium's profiles and temporary folders (Lighthouse). */
  tmpDir: string;
  students: number;
  groups: number;
  spreadSeconds: number;
  /** First of the ports to use (instances, then HAProxy), or undefined for free ones. */
  basePort?: number;
  log: (line: string) => void;
}

export async function benchRoomChoice(opts: RoomChoiceOptions): Promise<RoomChoiceReport> {
  const { log } = opts;
  const t0 = performance.now();
  log(`   préparation : cité de 2 500 lits, ${opts.students} admis (${opts.groups} groupes de quatre)…`);
  const fx = await prepare(opts.databaseUrl, opts.students, opts.groups);
  const prepareSeconds = round((performance.now() - t0) / 1000);
  log(`   prêts en ${prepareSeconds} s (${fx.beds} lits, session ${fx.idSessionCenou})`);
  const token = (i: number) => signedToken(opts.jwtSecret, fx.students[i].idUser);
  const report: RoomChoiceReport = {};
  const pair = await startPair({ databaseUrl: opts.databaseUrl, basePort: opts.basePort, log });
  const { servers, haproxy } = pair;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 600, scheduling: 'fifo' });
  const backends = new PgBackends(opts.databaseUrl, opts.dbName);
  try {
    const lb = haproxy.url;
    await backends.open();

    // The campaign, made by the central manager: one slot for every student, open now.
    const admin = {
      authorization: `Bearer ${signedToken(opts.jwtSecret, fx.idManager, GESTIONNAIRE_CENOU)}`,
    };
    const campaign = await call(agent, lb, 'POST', 'campus/choix-chambre/campagne', admin, {
      idSessionCenou: fx.idSessionCenou,
      idDirection: fx.idDirection,
      debut: new Date(Date.now() + 1_000).toISOString(),
      fin: new Date(Date.now() + 3 * 3600_000).toISOString(),
      etudiantsParCreneau: opts.students,
      dureeReservationMinutes: 5,
    });
    if (campaign.status !== 201)
      throw new Error(`campagne : ${campaign.status} ${campaign.body.toString('utf8').slice(0, 400)}`);
    await sleep(1_500);

    if (opts.which.includes('room-choice-rooms')) {
      if (process.env.BENCH_RC_EXPLAIN === '1') await explainRooms(opts.databaseUrl, fx, log);
      const direct = servers[0].baseUrl;
      const h = { authorization: `Bearer ${token(fx.students.length - 1)}`, 'accept-encoding': 'gzip' };
      const route = `campus/choix-chambre/chambres?idCite=${fx.cite.idCite}`;
      await call(agent, direct, 'GET', route, h); // the plan and the modules warm
      const read: number[] = [];
      const kept: number[] = [];
      let last: Answer | undefined;
      // CPU of the instance and of PostgreSQL's backends around each read of the database: what the
      // read costs, whatever else the machine runs (/proc counts in 10 ms ticks: summed over the reads).
      // The servers' own background work (their queues' polls) runs meanwhile: its rate, measured
      // over the idle second before each read, is taken off the read's window.
      let cpuRead = 0;
      let cpuIdle = 0;
      let idleMs = 0;
      for (let i = 0; i < ROOM_READS; i++) {
        const idle = { node: cpuOf([servers[0].pid]), pg: await backends.snapshot(), at: performance.now() };
        await sleep(1_100);
        const before = { node: cpuOf([servers[0].pid]), pg: await backends.snapshot() };
        cpuIdle += before.node - idle.node + PgBackends.delta(idle.pg, before.pg).ms;
        idleMs += performance.now() - idle.at;
        last = await call(agent, direct, 'GET', route, h);
        cpuRead +=
          cpuOf([servers[0].pid]) - before.node + PgBackends.delta(before.pg, await backends.snapshot()).ms;
        if (last.status !== 200) throw new Error(`chambres : ${last.status}`);
        read.push(last.ms);
        kept.push((await call(agent, direct, 'GET', route, h)).ms);
      }
      const etag = String(last!.headers.etag ?? '');
      const same = await call(agent, direct, 'GET', route, { ...h, 'if-none-match': etag });
      const { gunzipSync } = await import('node:zlib');
      const body = last!.headers['content-encoding'] === 'gzip' ? gunzipSync(last!.body) : last!.body;
      const list = JSON.parse(body.toString('utf8')) as RoomRowLite[];
      // A hold on that instance: the next read no longer lists the room.
      const holder = fx.students.length - 1;
      const made = await call(agent, direct, 'POST', 'campus/choix-chambre/reservation', h, {
        idChambre: list[0].idChambre,
      });
      const after = await call(agent, direct, 'GET', route, { ...h, 'accept-encoding': 'identity' });
      const stillListed = json<RoomRowLite[]>(after).find((r) => r.idChambre === list[0].idChambre);
      if (made.status === 201) {
        await call(
          agent,
          direct,
          'DELETE',
          `campus/choix-chambre/reservation/${json<{ idReservation: number }>(made).idReservation}`,
          { authorization: `Bearer ${token(holder)}` },
        );
      }
      report.rooms = {
        beds: fx.beds,
        rooms: list.length,
        read: stats(read),
        kept: stats(kept),
        gzipBytes: last!.body.length,
        jsonBytes: body.length,
        notModifiedStatus: same.status,
        cpuPerReadMs: round(
          Math.max(0, cpuRead - (cpuIdle / idleMs) * read.reduce((a, b) => a + b, 0)) / ROOM_READS,
        ),
        cpuPerReadGrossMs: round(cpuRead / ROOM_READS),
        holdSeenAtOnce: made.status === 201 && (stillListed?.litsLibres ?? 0) < 4,
      };
      log(
        `   chambres libres : ${list.length} chambres, lecture p50 ${report.rooms.read.p50} ms p95 ${report.rooms.read.p95} ms (CPU ${report.rooms.cpuPerReadMs} ms, ${report.rooms.cpuPerReadGrossMs} ms avant le travail de fond), gardée p50 ${report.rooms.kept.p50} ms, ${last!.body.length} o gzip, If-None-Match → ${same.status}`,
      );
    }

    if (opts.which.includes('room-choice-lighthouse')) {
      // A student alone whose slot is open, signed in as the web client stores it.
      const who = fx.students[fx.students.length - 2];
      report.lighthouse = await benchLighthouse({
        baseUrl: servers[0].baseUrl,
        dataDir: servers[0].dataDir,
        adminToken: '',
        tmpDir: opts.tmpDir,
        log,
        only: {
          routes: [{ path: '/choix-chambre', signedIn: true }],
          record: {
            username: who.ine,
            accessToken: signedToken(opts.jwtSecret, who.idUser),
            roles: [ETUDIANT],
            idDirection: fx.idDirection,
            nom: 'Ouédraogo',
            prenom: 'Étudiante',
            libelleDirection: null,
          },
        },
      });
    }

    if (opts.which.includes('room-choice-slot')) {
      // The groups, formed through the API: the leader invites three, each accepts.
      for (const g of fx.groups) {
        const made = await call(
          agent,
          lb,
          'POST',
          'campus/choix-chambre/groupe',
          { authorization: `Bearer ${token(g[0])}` },
          {
            ines: g.slice(1).map((i) => fx.students[i].ine),
          },
        );
        if (made.status !== 201) throw new Error(`groupe : ${made.status} ${made.body.toString('utf8')}`);
        const idGroupe = json<{ idGroupe: number }>(made).idGroupe;
        for (const m of g.slice(1)) {
          const ok = await call(
            agent,
            lb,
            'POST',
            `campus/choix-chambre/groupe/${idGroupe}/reponse`,
            { authorization: `Bearer ${token(m)}` },
            { reponse: 'ACCEPTE' },
          );
          if (ok.status !== 200)
            throw new Error(`réponse au groupe : ${ok.status} ${ok.body.toString('utf8')}`);
        }
      }
      const groupOf = new Map<number, number[]>();
      for (const g of fx.groups) for (const m of g) groupOf.set(m, g);
      const leaders = new Set(fx.groups.map((g) => g[0]));
      const holders = fx.students.map((_, i) => i).filter((i) => !groupOf.has(i) || leaders.has(i));
      const holderSet = new Set(holders);
      const done = new Set<number>(); // students whose bed is given
      const times = {
        moi: [] as number[],
        rooms: [] as number[],
        rooms304: [] as number[],
        hold: [] as number[],
        confirm: [] as number[],
      };
      let holdsMade = 0;
      let holdConflicts = 0;
      let confirmed = 0;
      let errors = 0;
      const errorSamples: string[] = [];
      const fail = (what: string, a: Answer | Error) => {
        errors++;
        if (errorSamples.length < 10)
          errorSamples.push(
            a instanceof Error
              ? `${what} : ${a.message}`
              : `${what} : ${a.status} ${a.body.toString('utf8').slice(0, 200)}`,
          );
      };
      const route = `campus/choix-chambre/chambres?idCite=${fx.cite.idCite}`;

      const journey = async (i: number) => {
        const h = { authorization: `Bearer ${token(i)}`, 'accept-encoding': 'gzip' };
        const { gunzipSync } = await import('node:zlib');
        let tag = '';
        let list: RoomRowLite[] = [];
        const readRooms = async () => {
          const a = await call(agent, lb, 'GET', route, tag ? { ...h, 'if-none-match': tag } : h);
          if (a.status === 304) return void times.rooms304.push(a.ms);
          if (a.status !== 200) return fail('chambres', a);
          times.rooms.push(a.ms);
          tag = String(a.headers.etag ?? '');
          const body = a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body;
          list = JSON.parse(body.toString('utf8')) as RoomRowLite[];
        };
        const isHolder = holderSet.has(i);
        try {
          const me = await call(agent, lb, 'GET', 'campus/choix-chambre/moi', h);
          if (me.status !== 200) return fail('moi', me);
          times.moi.push(me.ms);
          await readRooms();
          if (!isHolder) {
            // A member of a group: the screen polls the rooms until its leader confirms.
            while (!done.has(i)) {
              await sleep(POLL_MS);
              await readRooms();
            }
            return;
          }
          const tried = new Set<number>();
          for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
            const choices = list.filter((r) => !tried.has(r.idChambre)).slice(0, PICK_AMONG);
            if (!choices.length) {
              await sleep(POLL_MS);
              await readRooms();
              continue;
            }
            const room = choices[Math.floor(Math.random() * choices.length)];
            tried.add(room.idChambre);
            await sleep(500 + Math.random() * 1_000); // a look at the room before holding it
            const held = await call(agent, lb, 'POST', 'campus/choix-chambre/reservation', h, {
              idChambre: room.idChambre,
            });
            times.hold.push(held.ms);
            if (held.status === 409) {
              holdConflicts++;
              await readRooms();
              continue;
            }
            if (held.status !== 201) return fail('réservation', held);
            holdsMade++;
            await sleep(1_000); // the held beds read, « Confirmer ce choix »
            const id = json<{ idReservation: number }>(held).idReservation;
            const ok = await call(
              agent,
              lb,
              'POST',
              `campus/choix-chambre/reservation/${id}/confirmation`,
              h,
            );
            times.confirm.push(ok.ms);
            if (ok.status !== 200) return fail('confirmation', ok);
            confirmed++;
            for (const m of groupOf.get(i) ?? [i]) done.add(m);
            return;
          }
          fail('réservation', new Error(`aucune chambre après ${MAX_TRIES} essais`));
        } catch (e) {
          fail('appel', e as Error);
        } finally {
          // Whatever the holder's outcome, its group's members stop polling.
          if (isHolder) for (const m of groupOf.get(i) ?? [i]) done.add(m);
        }
      };

      const cpuBefore = {
        servers: cpuOf(servers.map((s) => s.pid)),
        haproxy: cpuOf([haproxy.pid]),
        pg: await backends.snapshot(),
        driver: process.cpuUsage(),
      };
      const started = performance.now();
      const order = fx.students.map((_, i) => i).sort(() => Math.random() - 0.5);
      const journeys = order.map((i, k) =>
        sleep((k / order.length) * opts.spreadSeconds * 1000).then(() => journey(i)),
      );
      await Promise.all(journeys);
      const wallSeconds = round((performance.now() - started) / 1000);
      const driver = process.cpuUsage(cpuBefore.driver);
      const cpu = {
        servers: Math.round(cpuOf(servers.map((s) => s.pid)) - cpuBefore.servers),
        postgres: Math.round(PgBackends.delta(cpuBefore.pg, await backends.snapshot()).ms),
        haproxy: Math.round(cpuOf([haproxy.pid]) - cpuBefore.haproxy),
        driver: Math.round((driver.user + driver.system) / 1000),
      };
      report.slot = {
        students: fx.students.length,
        groups: fx.groups.length,
        holders: holders.length,
        spreadSeconds: opts.spreadSeconds,
        instances: servers.length,
        prepareSeconds,
        wallSeconds,
        calls: {
          moi: stats(times.moi),
          rooms: stats(times.rooms),
          rooms304: stats(times.rooms304),
          hold: stats(times.hold),
          confirm: stats(times.confirm),
        },
        holdsMade,
        holdConflicts,
        confirmed,
        errors,
        errorSamples,
        checks: await checks(
          opts.databaseUrl,
          fx.idSessionCenou,
          fx.students.map((s) => s.idEtudiant),
        ),
        cpuMs: cpu,
        loadAverage: (await import('node:os')).loadavg().map((l) => round(l, 2)),
      };
      const s = report.slot;
      log(
        `   créneau : ${s.students} étudiants en ${wallSeconds} s ; réservations ${holdsMade} (+${holdConflicts} 409 « plus libre », réessayées) p95 ${s.calls.hold.p95} ms ; confirmations ${confirmed} p95 ${s.calls.confirm.p95} ms ; erreurs ${errors}`,
      );
      log(`   contrôles : ${JSON.stringify(s.checks)} ; CPU ${JSON.stringify(cpu)}`);
      if (errorSamples.length) log(`   erreurs : ${errorSamples.join(' | ')}`);
    }
    return report;
  } finally {
    await backends.close();
    agent.destroy();
    await pair.stop();
  }
}
