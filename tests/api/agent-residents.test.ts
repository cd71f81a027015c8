import { and, count, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { todayUtc } from '../../src/server/modules/rent/repository';
import { affectation } from '../../src/server/db/schema';
import { setupTestApp, type TestContext } from '../helpers/app';
import { deliberationSession } from '../helpers/assignment';
import { agentOf, assignedStudent, citeWithInventory } from '../helpers/cite-life';
import { expectCode } from '../helpers/resources';

/**
 * The cité agent's residents (docs/life-in-the-cite.md#the-residents): a list of the one pipeline,
 * scoped on the server to the agent's cités, searched by name, INE or room, filtered by cité and by
 * situation; and the departure offered, and taken, only once the arrival inventory is filled.
 */

const PASSWORD = 'Residents-de-cite-2026';
let t: TestContext;
const db = () => t.database.db;
type Cite = Awaited<ReturnType<typeof citeWithInventory>>;
type Resident = Awaited<ReturnType<typeof assignedStudent>>;
let citeA: Cite;
let citeB: Cite;
let citeC: Cite;
let agentA: { token: string };
let agentAB: { token: string };
let agentC: { token: string };
/** A: no key (ARRIVEE), settled (INSTALLE); B: to countersign, gone; C: departure under way, cancelled. */
const r: Record<'attendu' | 'installe' | 'aSigner' | 'parti' | 'enCours' | 'annule', Resident> = {} as never;

interface Row {
  idAffectation: number;
  idCite: number;
  nomCite: string;
  libelleChambre: string;
  libelleLit: string;
  etudiant: string;
  ine: string;
  etat: string;
  remiseLe: string | null;
  dateDepart: string | null;
  departPossible: boolean;
}

const list = async (token: string, query = '') => {
  const res = await t.api('GET', `campus/cite-agent/residents${query ? `?${query}` : ''}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Row[], total: Number(res.headers['x-total-count']) };
};
const ids = (rows: Row[]) => rows.map((x) => x.idAffectation).sort((a, b) => a - b);
const sorted = (...rs: Resident[]) => rs.map((x) => x.idAffectation).sort((a, b) => a - b);

async function agentCall(token: string, method: 'POST', url: string, body: unknown) {
  const res = await t.api(method, url, { token, body });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { idEtatDesLieux?: number };
}
const inventory = (cite: Cite, who: Resident, type: 'ENTREE' | 'SORTIE') => ({
  idAffectation: who.idAffectation,
  type,
  elements: cite.elements.map((idElementInventaire) => ({ idElementInventaire, etat: 'BON' })),
});
/** The key handed, then (as far as `to` says) the arrival inventory, its countersign, the departure's. */
async function walk(
  token: string,
  cite: Cite,
  who: Resident,
  to: 'cle' | 'entree' | 'contresigne' | 'sortie' | 'parti',
) {
  await agentCall(token, 'POST', `campus/affectation/${who.idAffectation}/arrivee`, {
    codeCle: `K-${who.ine}`,
  });
  if (to === 'cle') return;
  const entree = await agentCall(token, 'POST', 'campus/etat-des-lieux', inventory(cite, who, 'ENTREE'));
  if (to === 'entree') return;
  await agentCall(token, 'POST', `campus/etat-des-lieux/${entree.idEtatDesLieux}/validation`, {});
  if (to === 'contresigne') return;
  await agentCall(token, 'POST', 'campus/etat-des-lieux', inventory(cite, who, 'SORTIE'));
  if (to === 'sortie') return;
  await agentCall(token, 'POST', `campus/affectation/${who.idAffectation}/depart`, { date: todayUtc() });
}

async function named(who: Resident, nom: string, prenom: string) {
  await db().execute(
    sql`UPDATE registre_etudiant SET nom_etudiant = ${nom}, prenom_etudiant = ${prenom}
        WHERE id_etudiant = ${who.idEtudiant}`,
  );
}

beforeAll(async () => {
  t = await setupTestApp();
  const idSession = await deliberationSession(db());
  citeA = await citeWithInventory(db());
  citeB = await citeWithInventory(db());
  citeC = await citeWithInventory(db());
  agentA = await agentOf(t, [citeA.idCite], PASSWORD);
  agentAB = await agentOf(t, [citeA.idCite, citeB.idCite], PASSWORD);
  agentC = await agentOf(t, [citeC.idCite], PASSWORD);
  const bed = (n: 1 | 2) => `A/N1/C1/101/${n}`;
  r.attendu = await assignedStudent(t, citeA, idSession, bed(1), PASSWORD);
  r.installe = await assignedStudent(t, citeA, idSession, bed(2), PASSWORD);
  r.aSigner = await assignedStudent(t, citeB, idSession, bed(1), PASSWORD);
  r.parti = await assignedStudent(t, citeB, idSession, bed(2), PASSWORD);
  r.enCours = await assignedStudent(t, citeC, idSession, bed(1), PASSWORD);
  r.annule = await assignedStudent(t, citeC, idSession, bed(2), PASSWORD);
  await named(r.installe, 'Tiendrébéogo', 'Aminata');
  await named(r.attendu, 'Sawadogo', 'Issouf');
  await walk(agentA.token, citeA, r.installe, 'contresigne');
  await walk(agentAB.token, citeB, r.aSigner, 'entree');
  await walk(agentAB.token, citeB, r.parti, 'parti');
  await walk(agentC.token, citeC, r.enCours, 'sortie');
  // A cancelled assignment, without a departure: no resident.
  await db().execute(
    sql`UPDATE affectation SET deleted_at = now() WHERE id_affectation = ${r.annule.idAffectation}`,
  );
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the agent’s residents', () => {
  it('lists the residents of its cités alone, each with its situation, paged with a total', async () => {
    const a = await list(agentA.token);
    expect(ids(a.rows)).toEqual(sorted(r.attendu, r.installe));
    expect(a.total).toBe(2);
    const byId = new Map(a.rows.map((x) => [x.idAffectation, x]));
    expect(byId.get(r.attendu.idAffectation)).toMatchObject({
      etat: 'ARRIVEE',
      departPossible: false,
      remiseLe: null,
      dateDepart: null,
      etudiant: 'Sawadogo Issouf',
      ine: r.attendu.ine,
      idCite: citeA.idCite,
      libelleLit: expect.any(String),
    });
    expect(byId.get(r.installe.idAffectation)).toMatchObject({ etat: 'INSTALLE', departPossible: true });
    // Sorted by name by default.
    expect(a.rows.map((x) => x.etudiant)).toEqual(['Sawadogo Issouf', 'Tiendrébéogo Aminata']);
    const c = await list(agentC.token);
    expect(ids(c.rows)).toEqual(sorted(r.enCours));
    expect(c.rows[0]).toMatchObject({ etat: 'DEPART_EN_COURS', departPossible: true });
  });

  it('filters by cité and situation, and never beyond its cités', async () => {
    expect(ids((await list(agentAB.token)).rows)).toEqual(sorted(r.attendu, r.installe, r.aSigner, r.parti));
    expect(ids((await list(agentAB.token, `filtre.idCite=${citeB.idCite}`)).rows)).toEqual(
      sorted(r.aSigner, r.parti),
    );
    const gone = await list(agentAB.token, 'filtre.etat=PARTI');
    expect(ids(gone.rows)).toEqual(sorted(r.parti));
    expect(gone.rows[0]).toMatchObject({ dateDepart: todayUtc(), departPossible: false });
    expect(ids((await list(agentAB.token, 'filtre.etat=A_CONTRESIGNER')).rows)).toEqual(sorted(r.aSigner));
    // Another agent's cité, named: nothing, not an error that says it exists.
    const other = await list(agentAB.token, `filtre.idCite=${citeC.idCite}`);
    expect(other.rows).toEqual([]);
    expect(other.total).toBe(0);
    // The admin reaches every cité.
    const admin = await list(await t.token('admin'), `filtre.idCite=${citeC.idCite}`);
    expect(ids(admin.rows)).toEqual(sorted(r.enCours));
  });

  it('the dashboard counts what the list shows: per cité, all its residents and each situation', async () => {
    const dash = await t.api('GET', 'campus/cite-agent/tableau-de-bord', { token: agentAB.token });
    expect(dash.statusCode, dash.body).toBe(200);
    const figures = (
      dash.json() as {
        cites: {
          idCite: number;
          residents: number;
          arriveesAttendues: number;
          aContresigner: number;
          departsEnCours: number;
          departs: number;
        }[];
      }
    ).cites;
    expect(figures.map((c) => c.idCite).sort()).toEqual([citeA.idCite, citeB.idCite].sort());
    for (const c of figures) {
      const total = async (etat?: string) =>
        (await list(agentAB.token, `filtre.idCite=${c.idCite}${etat ? `&filtre.etat=${etat}` : ''}`)).total;
      expect(c).toEqual(
        expect.objectContaining({
          residents: await total(),
          arriveesAttendues: await total('ARRIVEE'),
          aContresigner: await total('A_CONTRESIGNER'),
          departsEnCours: await total('DEPART_EN_COURS'),
          departs: await total('PARTI'),
        }),
      );
    }
    // Cité B: one inventory to countersign and one leaver, both its residents (the database's rows).
    const [rows] = await db()
      .select({ n: count() })
      .from(affectation)
      .where(
        and(
          eq(affectation.idCite, citeB.idCite),
          or(isNull(affectation.deletedAt), isNotNull(affectation.dateDepart)),
        ),
      );
    expect(rows!.n).toBe(2);
    expect(figures.find((c) => c.idCite === citeB.idCite)).toMatchObject({
      residents: rows!.n,
      aContresigner: 1,
      departs: 1,
    });
  });

  it('searches by name (without accents), INE and room', async () => {
    expect(ids((await list(agentAB.token, 'q=tiendrebeogo')).rows)).toEqual(sorted(r.installe));
    expect(ids((await list(agentAB.token, `q=${r.parti.ine}`)).rows)).toEqual(sorted(r.parti));
    expect((await list(agentA.token, 'q=101')).total).toBe(2);
    expect((await list(agentA.token, 'q=aucun-resident-ainsi')).total).toBe(0);
  });

  it('sorts by situation, arrivals first', async () => {
    const rows = (await list(agentAB.token, 'sort=etat,asc')).rows.map((x) => x.etat);
    expect(rows).toEqual(['ARRIVEE', 'A_CONTRESIGNER', 'INSTALLE', 'PARTI']);
  });

  it('refuses the managers, the students and an unknown parameter', async () => {
    expect(
      (await t.api('GET', 'campus/cite-agent/residents', { token: await t.token('cenou') })).statusCode,
    ).toBe(403);
    expect((await t.api('GET', 'campus/cite-agent/residents', { token: r.installe.token })).statusCode).toBe(
      403,
    );
    expect(
      (await t.api('GET', 'campus/cite-agent/residents?format=csv', { token: agentA.token })).statusCode,
    ).toBe(400);
    expect((await t.api('GET', 'campus/cite-agent/residents?filtre.etat=PARTI')).statusCode).toBe(401);
  });
});

describe('the departure waits for the arrival inventory', () => {
  const read = async (token: string, who: Resident) =>
    (await t.api('GET', `campus/etat-des-lieux?idAffectation=${who.idAffectation}`, { token })).json() as {
      departPossible: boolean;
      peutRemplirSortie: boolean;
    };

  it('with the key alone, it is neither offered nor taken (409 in French)', async () => {
    await walk(agentA.token, citeA, r.attendu, 'cle');
    expect(await read(agentA.token, r.attendu)).toMatchObject({
      departPossible: false,
      peutRemplirSortie: false,
    });
    const res = await t.api('POST', 'campus/etat-des-lieux', {
      token: agentA.token,
      body: inventory(citeA, r.attendu, 'SORTIE'),
    });
    expectCode(res, 409, 'CONFLIT');
    expect((res.json() as { message: string }).message).toBe(messages.etatDesLieuxSortieSansEntree);
    const depart = await t.api('POST', `campus/affectation/${r.attendu.idAffectation}/depart`, {
      token: agentA.token,
      body: { date: todayUtc() },
    });
    expectCode(depart, 409, 'CONFLIT');
    expect((await list(agentA.token, 'filtre.etat=ARRIVEE')).rows[0]).toMatchObject({
      idAffectation: r.attendu.idAffectation,
      departPossible: false,
    });
  });

  it('once the arrival inventory is filled, both the page and the list offer it and the server takes it', async () => {
    await agentCall(agentA.token, 'POST', 'campus/etat-des-lieux', inventory(citeA, r.attendu, 'ENTREE'));
    expect(await read(agentA.token, r.attendu)).toMatchObject({
      departPossible: true,
      peutRemplirSortie: true,
    });
    expect(await read(r.attendu.token, r.attendu)).toMatchObject({
      departPossible: false,
      peutRemplirSortie: false,
    });
    const row = (await list(agentA.token, 'filtre.etat=A_CONTRESIGNER')).rows[0];
    expect(row).toMatchObject({ idAffectation: r.attendu.idAffectation, departPossible: true });
    await agentCall(agentA.token, 'POST', 'campus/etat-des-lieux', inventory(citeA, r.attendu, 'SORTIE'));
    expect(
      (await list(agentA.token, 'filtre.etat=DEPART_EN_COURS')).rows.map((x) => x.idAffectation),
    ).toEqual([r.attendu.idAffectation]);
  });
});
