import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { rows } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { accountSums, journalCheck, todayUtc } from '../../src/server/modules/rent/repository';
import { issueInstalments, recordPayment } from '../../src/server/modules/rent/service';
import { paymentOperators } from '../helpers/payments';
import { setupTestApp, type TestContext } from '../helpers/app';
import { deliberationSession, insertAdmitted } from '../helpers/assignment';
import { agentOf, assignedStudent, citeWithInventory, uploadPhoto } from '../helpers/cite-life';
import { expectFieldError } from '../helpers/resources';
import { checkPdfReadable, pdfHasQrOf, readPdf } from '../helpers/pdf';
import { recuUrl } from '../../src/server/config/urls';
import { formatFcfa } from '../../src/domain/money';

/**
 * The departure from the cité (docs/life-in-the-cite.md#departure): the agent fills the departure
 * inventory, both inventories read side by side, an element found worse is charged (a balanced
 * DEGRADATION on the resident's account, its receipt), then the departure frees the bed and
 * cancels the instalments of the months after it; the rent page keeps the ended assignment.
 */

const PASSWORD = 'Depart-de-cite-2026';
let t: TestContext;
const db = () => t.database.db;
let idSession: number;
let citeA: Awaited<ReturnType<typeof citeWithInventory>>;
let citeB: Awaited<ReturnType<typeof citeWithInventory>>;
let agentA: { id: number; token: string };
let agentB: { id: number; token: string };
let resident: Awaited<ReturnType<typeof assignedStudent>>;
let neighbour: Awaited<ReturnType<typeof assignedStudent>>;
let waiting: Awaited<ReturnType<typeof insertAdmitted>>;

interface Comparison {
  idEntree: number | null;
  idSortie: number | null;
  dateDepart: string | null;
  solde: number;
  elements: {
    idElementInventaire: number;
    entree: { etat: string; photos: number[] } | null;
    sortie: { etat: string; photos: number[] } | null;
    degrade: boolean;
    idDegradation: number | null;
  }[];
  degradations: { idDegradation: number; montant: number; reference: string }[];
}

const inventory = (type: 'ENTREE' | 'SORTIE', etats: string[], photos: Record<number, string[]> = {}) => ({
  idAffectation: resident.idAffectation,
  type,
  elements: citeA.elements.map((idElementInventaire, i) => ({
    idElementInventaire,
    etat: etats[i],
    ...(photos[i] ? { photos: photos[i] } : {}),
  })),
});
const compare = (token: string, idAffectation = resident.idAffectation) =>
  t.api('GET', `campus/etat-des-lieux/comparaison?idAffectation=${idAffectation}`, { token });
const depart = (token: string, date: string, id = resident.idAffectation) =>
  t.api('POST', `campus/affectation/${id}/depart`, { token, body: { date } });
const charge = (token: string, idElementInventaire: number, montant = 15_000) =>
  t.api('POST', `campus/affectation/${resident.idAffectation}/degradation`, {
    token,
    body: { idElementInventaire, montant, motif: 'Matelas déchiré' },
  });
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await setupTestApp();
  idSession = await deliberationSession(db());
  citeA = await citeWithInventory(db());
  citeB = await citeWithInventory(db());
  agentA = await agentOf(t, [citeA.idCite], PASSWORD);
  agentB = await agentOf(t, [citeB.idCite], PASSWORD);
  resident = await assignedStudent(t, citeA, idSession, 'A/N1/C1/101/1', PASSWORD);
  neighbour = await assignedStudent(t, citeA, idSession, 'A/N1/C1/101/2', PASSWORD);
  await withTransaction(db(), (tx) => issueInstalments(tx, null, [resident.idAffectation]));
  // The arrival: the key, the resident's inventory (all in good state, a photo of the bed), countersigned.
  const key = await t.api('POST', `campus/affectation/${resident.idAffectation}/arrivee`, {
    token: agentA.token,
    body: { codeCle: 'D-101-1' },
  });
  if (key.statusCode !== 201) throw new Error(key.body);
  const photo = await uploadPhoto(t, resident.token);
  const entree = await t.api('POST', 'campus/etat-des-lieux', {
    token: resident.token,
    body: inventory('ENTREE', ['BON', 'BON', 'USE'], { 0: [photo] }),
  });
  if (entree.statusCode !== 201) throw new Error(entree.body);
  const id = (entree.json() as { idEtatDesLieux: number }).idEtatDesLieux;
  const sign = await t.api('POST', `campus/etat-des-lieux/${id}/validation`, { token: agentA.token });
  if (sign.statusCode !== 200) throw new Error(sign.body);
  // The session's offers run (DELIBERATION, open): first on its waiting list, a student holding a
  // VALIDE criterion of NATIONAUX, to whom the resident's freed place is offered at its departure.
  waiting = await insertAdmitted(db(), {
    idSessionCenou: idSession,
    sexe: 'M',
    statutDossier: 'LISTE_ATTENTE',
    liste: null,
    rang: 1,
    reponse: null,
  });
  const [type] = await rows<{ id: number }>(
    db(),
    sql`INSERT INTO type_critere (libelle_type_critere, coefficient, statut_item)
        VALUES ('Nationalité (départ)', 1, 'FACULTATIF') RETURNING id_type_critere AS id`,
  );
  const [crit] = await rows<{ id: number }>(
    db(),
    sql`INSERT INTO critere (id_type_critere, libelle_critere, note, liste_deliberation)
        VALUES (${type.id}, 'Burkinabè (départ)', 1, 'NATIONAUX') RETURNING id_critere AS id`,
  );
  await db().execute(
    sql`INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, valeur_analyse)
        VALUES (${waiting.idDossier}, ${type.id}, ${crit.id}, 'VALIDE')`,
  );
}, 180_000);
afterAll(() => t?.close());

describe('the departure inventory', () => {
  it('no departure before it (409)', async () => {
    const res = await depart(agentA.token, todayUtc());
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { message: string }).message).toBe(messages.departSansEtatDesLieuxSortie);
  });

  it('is the agent’s: the resident may not fill it (409)', async () => {
    const res = await t.api('POST', 'campus/etat-des-lieux', {
      token: resident.token,
      body: inventory('SORTIE', ['BON', 'BON', 'USE']),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { message: string }).message).toBe(messages.etatDesLieuxSortieAgent);
  });

  it('the agent fills it with photos; both read side by side, element by element', async () => {
    const photo = await uploadPhoto(t, agentA.token);
    const res = await t.api('POST', 'campus/etat-des-lieux', {
      token: agentA.token,
      body: inventory('SORTIE', ['ABIME', 'BON', 'BON'], { 0: [photo] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const token of [agentA.token, resident.token]) {
      const read = await compare(token);
      expect(read.statusCode, read.body).toBe(200);
      const body = read.json() as Comparison;
      expect(body.idEntree).not.toBeNull();
      expect(body.idSortie).not.toBeNull();
      const [bed, door, chair] = citeA.elements.map((id) =>
        body.elements.find((e) => e.idElementInventaire === id)!,
      );
      expect(bed).toMatchObject({ entree: { etat: 'BON' }, sortie: { etat: 'ABIME' }, degrade: true });
      expect(bed!.entree!.photos).toHaveLength(1);
      expect(bed!.sortie!.photos).toHaveLength(1);
      expect(bed!.entree!.photos[0]).not.toBe(bed!.sortie!.photos[0]);
      expect(door).toMatchObject({ entree: { etat: 'BON' }, sortie: { etat: 'BON' }, degrade: false });
      // Better at departure than at arrival is no damage.
      expect(chair).toMatchObject({ entree: { etat: 'USE' }, sortie: { etat: 'BON' }, degrade: false });
    }
  });

  it('an agent of another cité 403, another resident 404', async () => {
    expect((await compare(agentB.token)).statusCode).toBe(403);
    expect((await compare(neighbour.token)).statusCode).toBe(404);
  });
});

describe('a damage charged', () => {
  it('only for an element worse at departure (409), by an agent of the cité', async () => {
    const door = await charge(agentA.token, citeA.elements[1]!);
    expect(door.statusCode, door.body).toBe(409);
    expect((door.json() as { message: string }).message).toBe(messages.degradationPasPire);
    expect((await charge(agentB.token, citeA.elements[0]!)).statusCode).toBe(403);
    expect((await charge(resident.token, citeA.elements[0]!)).statusCode).toBe(403);
    expectFieldError(await charge(agentA.token, citeA.elements[0]!, 0), 'montant');
  });

  it('201: a balanced DEGRADATION on the resident’s account, once per element', async () => {
    const before = await accountSums(db(), resident.idAffectation);
    const res = await charge(agentA.token, citeA.elements[0]!);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as { idDegradation: number; reference: string; solde: number; montant: number };
    expect(made).toMatchObject({ montant: 15_000, solde: before.solde + 15_000 });
    expect(made.reference).toMatch(/^DEG-\d{8}-[A-Z0-9]{8}$/);
    const lines = await rows<{ compte: string; debit: number; credit: number }>(
      db(),
      sql`SELECT l.compte, l.debit::int AS debit, l.credit::int AS credit FROM journal_ligne l
          JOIN journal_transaction x ON x.id_transaction = l.id_transaction
          WHERE x.reference_paiement = ${made.reference} AND x.nature = 'DEGRADATION' ORDER BY l.id_ligne`,
    );
    expect(lines).toEqual([
      { compte: `ETUDIANT:${resident.idAffectation}`, debit: 15_000, credit: 0 },
      { compte: `DEGRADATION:CITE:${citeA.idCite}`, debit: 0, credit: 15_000 },
    ]);
    expect(await journalCheck(db())).toMatchObject({ ecart: 0, desequilibrees: 0, comptesFaux: 0 });
    expect((await accountSums(db(), resident.idAffectation)).solde).toBe(before.solde + 15_000);
    const again = await charge(agentA.token, citeA.elements[0]!);
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toBe(messages.degradationDejaFacturee);
    const read = (await compare(resident.token)).json() as Comparison;
    expect(read.degradations).toEqual([
      expect.objectContaining({ montant: 15_000, reference: made.reference }),
    ]);
    expect(read.elements[0]!.idDegradation ?? read.elements.find((e) => e.degrade)!.idDegradation).toBe(
      made.idDegradation,
    );
  });

  it('its receipt is a PDF, to the resident and the agent; not to another resident', async () => {
    const { degradations } = (await compare(agentA.token)).json() as Comparison;
    const url = `campus/affectation/${resident.idAffectation}/degradation/${degradations[0]!.idDegradation}/recu`;
    for (const token of [resident.token, agentA.token]) {
      const res = await t.api('GET', url, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Its QR code and its printed address are the public check of its reference, not a signed-in page.
    const pdf = (await t.api('GET', url, { token: resident.token })).rawPayload;
    const check = recuUrl(t.config, degradations[0]!.reference);
    expect(check).toMatch(/\/recu\/DEG-/);
    expect((await readPdf(pdf)).text).toContain(check);
    expect(await pdfHasQrOf(pdf, check)).toBe(true);
    // The arrival inventory keeps its own day, not the departure's: drawn up twenty days back here
    // (a resident who lived there), the notice dates it as the database does.
    const { idEntree, idSortie } = (await compare(agentA.token)).json() as Comparison;
    await db().execute(
      sql`UPDATE etat_des_lieux SET created_at = created_at - interval '20 days' WHERE id_etat_des_lieux = ${idEntree}`,
    );
    const days = await rows<{ id: number; jour: string }>(
      db(),
      sql`SELECT id_etat_des_lieux AS id, to_char(created_at AT TIME ZONE 'UTC', 'DD/MM/YYYY') AS jour
          FROM etat_des_lieux WHERE id_etat_des_lieux IN (${idEntree}, ${idSortie})`,
    );
    const dayOf = (id: number | null) => days.find((d) => d.id === id)!.jour;
    expect(dayOf(idEntree)).not.toBe(dayOf(idSortie));
    const dated = (await readPdf((await t.api('GET', url, { token: agentA.token })).rawPayload)).text;
    expect(dated.replace(/\s+/g, ' ')).toContain(
      fill(messages.recuDegradationInventairesValeur, {
        entree: idEntree!,
        dateEntree: dayOf(idEntree),
        sortie: idSortie!,
        dateSortie: dayOf(idSortie),
      }).replace(/\s+/g, ' '),
    );
    expect((await t.api('GET', url, { token: neighbour.token })).statusCode).toBe(404);
    expect((await t.api('GET', url, { token: agentB.token })).statusCode).toBe(403);
  });

  it('its reference is recognised by the public check, its nature said in French; a forged one is not', async () => {
    const { degradations } = (await compare(agentA.token)).json() as Comparison;
    const reference = degradations[0]!.reference;
    const res = await t.api('GET', `campus-auth/recu/${reference}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      referencePaiement: reference,
      nature: 'DEGRADATION',
      libelleNature: 'Dégradation facturée au départ',
      libelleElement: expect.any(String),
      montant: 15_000,
      datePaiement: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      etudiant: expect.stringMatching(/^\S.* [A-ZÀ-Ý]\.$/u),
      libelleOperateur: null,
      nomCite: expect.any(String),
      anneeAcademique: expect.stringMatching(/^\d{4}-\d{4}$/),
      // Nothing paid yet goes to it: the instalments are settled first.
      resteAPayer: 15_000,
    });
    const forged = `${reference.slice(0, -1)}${reference.endsWith('Z') ? 'Y' : 'Z'}`;
    expect((await t.api('GET', `campus-auth/recu/${forged}`)).statusCode).toBe(404);
  });
});

describe('the departure', () => {
  it('a date after today or before the key: 400 on date; another cité’s agent 403', async () => {
    expectFieldError(await depart(agentA.token, tomorrow()), 'date', messages.departDateFuture);
    expectFieldError(await depart(agentA.token, '2020-01-01'), 'date', messages.departDateAvantCle);
    expect((await depart(agentB.token, todayUtc())).statusCode).toBe(403);
    expect((await depart(resident.token, todayUtc())).statusCode).toBe(403);
  });

  it('ends the assignment, frees the bed, cancels the later instalments; the rent page keeps it', async () => {
    const rentOf = async () => {
      const res = await t.api('GET', 'campus/loyer/etudiant', { token: resident.token });
      expect(res.statusCode, res.body).toBe(200);
      return (
        res.json() as {
          idAffectation: number;
          dateDepart: string | null;
          degradations: number;
          solde: number;
          annulee: boolean;
          echeances: { dateEcheance: string; reste: number }[];
          chargesDegradation: { reference: string; montant: number; reste: number }[];
        }[]
      ).find((a) => a.idAffectation === resident.idAffectation)!;
    };
    const before = await rentOf();
    const today = todayUtc();
    const later = before.echeances.filter((e) => e.dateEcheance.slice(0, 7) > today.slice(0, 7)).length;
    const res = await depart(agentA.token, today);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { dateDepart: string; echeancesAnnulees: number; solde: number };
    expect(body).toMatchObject({ dateDepart: today, echeancesAnnulees: later });
    const after = await rentOf();
    expect(after.dateDepart).toBe(today);
    expect(after.degradations).toBe(15_000);
    expect(after.echeances.every((e) => e.dateEcheance.slice(0, 7) <= today.slice(0, 7))).toBe(true);
    expect(after.echeances).toHaveLength(before.echeances.length - later);
    expect(after.solde).toBe(body.solde);
    expect(after.solde).toBe((await accountSums(db(), resident.idAffectation)).solde);
    // Every charge is listed: the instalments' and the damage's lines add up to the balance shown.
    expect(after.annulee).toBe(true);
    // The dossier's history says the stay ended, where and on which day, to the student and the staff.
    const [{ idDossier }] = await rows<{ idDossier: number }>(
      db(),
      sql`SELECT id_dossier AS "idDossier" FROM affectation WHERE id_affectation = ${resident.idAffectation}`,
    );
    for (const token of [resident.token, await t.token('admin')]) {
      const h = await t.api('GET', `campus/dossier/${idDossier}/historique`, { token });
      expect(h.statusCode, h.body).toBe(200);
      const departs = (h.json() as { libelle: string; details: string[] }[]).filter(
        (e) => e.libelle === enumLabel('evenement', 'DEPART'),
      );
      expect(departs).toHaveLength(1);
      expect(departs[0]!.details).toContain(
        fill(messages.historiqueDateDepart, { date: today.split('-').reverse().join('/') }),
      );
      expect(departs[0]!.details.some((l) => l.startsWith(fill(messages.historiqueLit, { lieu: '' })))).toBe(
        true,
      );
    }
    expect(after.chargesDegradation).toEqual([
      expect.objectContaining({ montant: 15_000, reste: Math.min(15_000, Math.max(0, after.solde)) }),
    ]);
    const lines = [...after.echeances, ...after.chargesDegradation].reduce((n, l) => n + l.reste, 0);
    expect(lines).toBe(Math.max(0, after.solde));
    // The damage's receipt says what is still owed, and of what.
    const { degradations } = (await compare(resident.token)).json() as Comparison;
    const pdf = await t.api(
      'GET',
      `campus/affectation/${resident.idAffectation}/degradation/${degradations[0]!.idDegradation}/recu`,
      { token: resident.token },
    );
    const text = (await readPdf(pdf.rawPayload)).text.replace(/\s+/g, ' ');
    // Named for what it is (nothing is paid yet), with the days both inventories were drawn up.
    expect(text).toContain(messages.recuDegradationTitre);
    expect(text).not.toMatch(/Reçu de dégradation/);
    const fr = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
    const days = await rows<{ type: string; le: string }>(
      db(),
      sql`SELECT type, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS le FROM etat_des_lieux
          WHERE id_affectation = ${resident.idAffectation}`,
    );
    for (const d of days) expect(text).toContain(fr(d.le));
    const f = (n: number) => formatFcfa(n, { plain: true, unit: true }).replace(/\s+/g, ' ');
    expect(text).toContain(`${messages.recuDegradationDu} : ${f(after.solde)}`);
    if (after.solde > 15_000) expect(text).toContain(f(after.solde - 15_000));
    expect(await journalCheck(db())).toMatchObject({ ecart: 0, desequilibrees: 0, comptesFaux: 0 });
    // The bed is free: another assignment of the session takes it.
    const taken = await rows<{ id: number }>(
      db(),
      sql`INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, code_verification)
          SELECT id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, 'DEPART-REPRIS'
          FROM affectation WHERE id_affectation = ${resident.idAffectation}
          RETURNING id_affectation AS id`,
    );
    expect(taken).toHaveLength(1);
    await db().execute(sql`UPDATE affectation SET deleted_at = now() WHERE id_affectation = ${taken[0]!.id}`);
    // The comparison still reads, with the day of departure.
    expect(((await compare(resident.token)).json() as Comparison).dateDepart).toBe(today);
  });

  it('offers the freed place to the first of the waiting list: admitted, its offer, its mail, its history', async () => {
    const [d] = await rows<{ statut: string; liste: string | null; reponse: string | null; limite: boolean }>(
      db(),
      sql`SELECT statut_dossier AS statut, liste_deliberation AS liste, reponse,
            date_limite_reponse > now() AS limite
          FROM dossier WHERE id_dossier = ${waiting.idDossier}`,
    );
    expect(d).toEqual({ statut: 'ADMIS', liste: 'NATIONAUX', reponse: 'EN_ATTENTE', limite: true });
    const mails = await rows<{ kind: string }>(
      db(),
      sql`SELECT kind FROM outbox_mail WHERE recipient = ${`${waiting.ine.toLowerCase()}@exemple.bf`}`,
    );
    expect(mails.map((m) => m.kind)).toContain('PROMOTION');
    const h = await t.api('GET', `campus/dossier/${waiting.idDossier}/historique`, {
      token: await t.token('admin'),
    });
    expect(h.statusCode, h.body).toBe(200);
    expect((h.json() as { evenement: string }[]).map((e) => e.evenement)).toEqual(['PROMOTION', 'OFFRE']);
  });

  it('once (409); the resident finds it on its departure page; the dashboard counts it', async () => {
    const again = await depart(agentA.token, todayUtc());
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toBe(messages.affectationTerminee);
    // Its arrival page no longer leads to a departure.
    const arrival = await t.api('GET', `campus/etat-des-lieux?idAffectation=${resident.idAffectation}`, {
      token: agentA.token,
    });
    expect(arrival.statusCode, arrival.body).toBe(200);
    expect((arrival.json() as { departPossible: boolean }).departPossible).toBe(false);
    const mine = await t.api('GET', 'campus/etudiant/depart', { token: resident.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual([{ idAffectation: resident.idAffectation, dateDepart: todayUtc() }]);
    const dash = await t.api('GET', 'campus/cite-agent/tableau-de-bord', { token: agentA.token });
    expect(dash.json()).toMatchObject({
      // The leaver stays one of the cité's residents, as the residents' list shows it (« Départ enregistré »).
      cites: [{ idCite: citeA.idCite, residents: 2, departs: 1, departsEnCours: 0 }],
    });
  });
});

describe('a leaver who still owes', () => {
  interface Rent {
    idAffectation: number;
    duADate: number;
    paye: number;
    arriere: number;
    solde: number;
    dateDepart: string | null;
    echeances: { dateEcheance: string; montant: number; reste: number; statut: string }[];
    chargesDegradation: { montant: number; paye: number; reste: number; statut: string }[];
  }
  const rentOf = async (token = resident.token) => {
    const res = await t.api('GET', 'campus/loyer/etudiant', { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Rent[]).find((a) => a.idAffectation === resident.idAffectation)!;
  };
  const settle = async (referencePaiement: string, montant: number, idOperateur: number) =>
    withTransaction(db(), (tx) =>
      recordPayment(tx, null, {
        referencePaiement,
        idAffectation: resident.idAffectation,
        montant,
        idOperateur,
      }),
    );

  it('the damage, due on its day, counts in what is due and in the arrears: the page and the arrears list', async () => {
    const r = await rentOf();
    const today = todayUtc();
    const dueInstalments = r.echeances
      .filter((e) => e.dateEcheance <= today)
      .reduce((s, e) => s + e.montant, 0);
    expect(r.chargesDegradation).toEqual([expect.objectContaining({ montant: 15_000, statut: 'ECHUE' })]);
    expect(r.duADate).toBe(dueInstalments + 15_000);
    expect(r.arriere).toBe(Math.max(0, r.duADate - r.paye));
    expect((await accountSums(db(), resident.idAffectation)).duADate).toBe(r.duADate);
    const list = await t.api('GET', `campus/loyer?idSessionCenou=${idSession}&q=${resident.ine}`, {
      token: await t.token('cenou'),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        idAffectation: resident.idAffectation,
        duADate: r.duADate,
        arriere: r.arriere,
        solde: r.solde,
        dateDepart: today,
      }),
    ]);
    // The list's XLSX, read back: the leaver's row says its day of departure, is no cancellation,
    // and shows the damage, so that the year's rent and the damage explain what is due and left.
    const file = await t.api(
      'GET',
      `campus/loyer?idSessionCenou=${idSession}&q=${resident.ine}&format=xlsx`,
      { token: await t.token('cenou') },
    );
    expect(file.statusCode, file.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const sheet: unknown[][] = [];
    book.worksheets[0].eachRow({ includeEmpty: true }, (row, n) => {
      sheet[n - 1] = Array.from((row.values as unknown[]).slice(1), (v) => v ?? null);
    });
    expect(sheet).toContainEqual([`Recherche\u00a0: ${resident.ine}`]);
    const header = sheet.findIndex((row) => row?.[0] === 'INE');
    const names = sheet[header]!;
    const leaver = sheet[header + 1]!;
    const cell = (name: string) => leaver[names.indexOf(name)];
    expect(leaver[0]).toBe(resident.ine);
    expect(names).toContain('Date de départ');
    expect(names.indexOf('Dégradations (FCFA)')).toBe(names.indexOf('Loyer de l’année (FCFA)') + 1);
    expect(cell('Date de départ')).toBeInstanceOf(Date);
    expect((cell('Date de départ') as Date).toISOString().slice(0, 10)).toBe(today);
    expect(cell('Affectation annulée')).toBe(messages.faux);
    expect(cell('Dégradations (FCFA)')).toBe(15_000);
    expect(cell('Dû à ce jour (FCFA)')).toBe(r.duADate);
    expect(cell('Loyer de l’année (FCFA)') as number).toBe(r.echeances.reduce((n, e) => n + e.montant, 0));
    expect(cell('Reste à payer (FCFA)')).toBe(
      Math.max(0, (cell('Loyer de l’année (FCFA)') as number) + 15_000 - r.paye),
    );
    expect(cell('Reste à payer (FCFA)')).toBe(Math.max(0, r.solde));
    // The totals row sums the damage too.
    expect(sheet.at(-1)![names.indexOf('Dégradations (FCFA)')]).toBe(15_000);
    // The list's PDF, read back: the same columns as the XLSX (the amounts named without their
    // unit, said once under the title), the search said once, the leaver's day and damage, nothing cut.
    const pdf = await t.api('GET', `campus/loyer?idSessionCenou=${idSession}&q=${resident.ine}&format=pdf`, {
      token: await t.token('cenou'),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const read = await checkPdfReadable(pdf.rawPayload, 'depart-loyers');
    expect(read.cut).toEqual([]);
    const text = (await readPdf(pdf.rawPayload)).text;
    const flat = text.replace(/\s+/g, ' ');
    expect(flat.split(`Recherche : ${resident.ine}`)).toHaveLength(2);
    const unitless = (names as string[]).map((n) =>
      n.replace(/ \(FCFA\)$/, '').replace('Affectation annulée', 'Annulée'),
    );
    // As many columns as the XLSX (the writer draws each column's edges in the header).
    expect(read.pages[0]!.edges).toHaveLength(names.length + 1);
    const heads = read.pages[0]!.texts.map((x) => x.str);
    for (const n of unitless.map((u) => u.split(' ')[0]!))
      expect(
        heads.some((h) => h.startsWith(n)),
        n,
      ).toBe(true);
    expect(flat).toContain('Dégradations');
    const row = text.split('\n').find((l) => l.startsWith(resident.ine))!;
    expect(row).toContain(today.split('-').reverse().join('/'));
    expect(row.replace(/\s+/g, ' ')).toContain('15 000');
  });

  it('a helper pays part by mobile money, the resident the rest; the payments settle the instalments, then the damage', async () => {
    const ops = await paymentOperators(db());
    const before = await rentOf();
    expect(before.solde).toBeGreaterThan(15_000);
    // The resident hands the payment to a helper: the procuration is given, the helper pays.
    const given = await t.api('POST', 'campus/procuration', {
      token: resident.token,
      body: { tache: 'PAIEMENT', dureeHeures: 1 },
    });
    expect(given.statusCode, given.body).toBe(201);
    const helper = await t.api('POST', 'campus-auth/procuration', {
      body: { ine: resident.ine, code: (given.json() as { code: string }).code },
    });
    expect(helper.statusCode, helper.body).toBe(200);
    const helperToken = (helper.json() as { accessToken: string }).accessToken;
    expect((await rentOf(helperToken)).solde).toBe(before.solde);
    const first = before.solde - 5_000;
    const byHelper = await t.api('POST', 'campus/paiement', {
      token: helperToken,
      body: {
        idAffectation: resident.idAffectation,
        montant: first,
        idOperateur: ops.orange,
        telephone: '70 55 44 33',
      },
    });
    expect(byHelper.statusCode, byHelper.body).toBe(201);
    await settle((byHelper.json() as { referencePaiement: string }).referencePaiement, first, ops.orange);
    const partly = await rentOf();
    expect(partly.echeances.every((e) => e.statut === 'PAYEE')).toBe(true);
    expect(partly.chargesDegradation).toEqual([
      expect.objectContaining({ paye: 10_000, reste: 5_000, statut: 'ECHUE' }),
    ]);
    expect(partly.solde).toBe(5_000);
    // The arrears are what is due to date less what is paid. In the first days of a month the
    // departure month's instalment is kept but not yet due: the helper's payment settled it
    // ahead, and that sum may cover the damage's 5,000 left (no arrears then). Once every
    // instalment is due, the damage's 5,000 are late.
    expect(partly.arriere).toBe(Math.max(0, partly.duADate - partly.paye));
    if (partly.echeances.every((e) => e.dateEcheance <= todayUtc())) expect(partly.arriere).toBe(5_000);
    // The notice's public check says what is left of the damage, by the same allocation.
    const reference = (await compare(resident.token)).json() as Comparison;
    const check = async () =>
      (await t.api('GET', `campus-auth/recu/${reference.degradations[0]!.reference}`)).json() as {
        resteAPayer: number | null;
      };
    expect(await check()).toMatchObject({ resteAPayer: 5_000 });
    // The rest, less than a month's rent, is all that remains: taken.
    const own = await t.api('POST', 'campus/paiement', {
      token: resident.token,
      body: {
        idAffectation: resident.idAffectation,
        montant: 5_000,
        idOperateur: ops.orange,
        telephone: '70 12 34 50',
      },
    });
    expect(own.statusCode, own.body).toBe(201);
    await settle((own.json() as { referencePaiement: string }).referencePaiement, 5_000, ops.orange);
    const settled = await rentOf();
    expect(settled).toMatchObject({ solde: 0, arriere: 0 });
    expect(settled.chargesDegradation).toEqual([
      expect.objectContaining({ paye: 15_000, reste: 0, statut: 'PAYEE' }),
    ]);
    expect(await check()).toMatchObject({ resteAPayer: 0 });
    // Nothing left: a further payment is refused.
    const more = await t.api('POST', 'campus/paiement', {
      token: resident.token,
      body: {
        idAffectation: resident.idAffectation,
        montant: 5_000,
        idOperateur: ops.orange,
        telephone: '70 12 34 50',
      },
    });
    expect(more.statusCode, more.body).toBe(409);
    expect(more.json()).toMatchObject({ code: 'CONFLIT', message: messages.loyerRienARegler });
    expect(await journalCheck(db())).toMatchObject({ ecart: 0, desequilibrees: 0, comptesFaux: 0 });
  });
});

describe('a leaver who paid ahead', () => {
  it('holds a credit once the later instalments are cancelled; staff refund it: balanced, shown to the student, nothing left', async () => {
    const ops = await paymentOperators(db());
    const cenou = await t.token('cenou');
    const leaver = neighbour;
    await withTransaction(db(), (tx) => issueInstalments(tx, null, [leaver.idAffectation]));
    const key = await t.api('POST', `campus/affectation/${leaver.idAffectation}/arrivee`, {
      token: agentA.token,
      body: { codeCle: 'D-101-2' },
    });
    expect(key.statusCode, key.body).toBe(201);
    // The whole year paid at the cité's counter.
    const year = await accountSums(db(), leaver.idAffectation);
    expect(year.totalDu).toBeGreaterThan(0);
    const paid = await t.api('POST', 'campus/paiement/especes', {
      token: cenou,
      body: { idAffectation: leaver.idAffectation, montant: year.totalDu, numeroRecu: `R-${leaver.ine}` },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(ops.caisse).toBeGreaterThan(0);

    // Its arrival inventory, then the agent's departure one (all in good state: nothing charged).
    const good = citeA.elements.map((idElementInventaire) => ({ idElementInventaire, etat: 'BON' }));
    const entree = await t.api('POST', 'campus/etat-des-lieux', {
      token: leaver.token,
      body: { idAffectation: leaver.idAffectation, type: 'ENTREE', elements: good },
    });
    expect(entree.statusCode, entree.body).toBe(201);
    const sortie = await t.api('POST', 'campus/etat-des-lieux', {
      token: agentA.token,
      body: {
        idAffectation: leaver.idAffectation,
        type: 'SORTIE',
        elements: good,
      },
    });
    expect(sortie.statusCode, sortie.body).toBe(201);
    // The departure cancels the instalments of the months after it: what was paid for them is a credit.
    const left = await depart(agentA.token, todayUtc(), leaver.idAffectation);
    expect(left.statusCode, left.body).toBe(200);
    const after = await accountSums(db(), leaver.idAffectation);
    const cancelled = year.totalDu - after.totalDu;
    expect(cancelled).toBeGreaterThan(0);
    expect(after).toMatchObject({ paye: year.totalDu, solde: -cancelled });
    expect((left.json() as { solde: number }).solde).toBe(-cancelled);

    // Staff pay the credit back as any refund: one balanced transaction, nothing more to refund.
    const refund = await t.api('POST', 'campus/paiement/remboursement', {
      token: cenou,
      body: { idAffectation: leaver.idAffectation, montant: cancelled, numeroPiece: `RB-${leaver.ine}` },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const answer = refund.json() as { referenceRemboursement: string; solde: number };
    expect(answer.solde).toBe(0);
    const lines = await rows<{ nature: string; compte: string; debit: number; credit: number }>(
      db(),
      sql`SELECT t.nature, l.compte, l.debit::int AS debit, l.credit::int AS credit
          FROM journal_transaction t JOIN journal_ligne l ON l.id_transaction = t.id_transaction
          WHERE t.reference_paiement = ${answer.referenceRemboursement} ORDER BY l.id_ligne`,
    );
    expect(lines).toEqual([
      { nature: 'REMBOURSEMENT', compte: `ETUDIANT:${leaver.idAffectation}`, debit: cancelled, credit: 0 },
      { nature: 'REMBOURSEMENT', compte: `CAISSE:CITE:${citeA.idCite}`, debit: 0, credit: cancelled },
    ]);
    expect(await journalCheck(db())).toMatchObject({ ecart: 0, desequilibrees: 0, comptesFaux: 0 });
    const again = await t.api('POST', 'campus/paiement/remboursement', {
      token: cenou,
      body: { idAffectation: leaver.idAffectation, montant: 1, numeroPiece: `RB2-${leaver.ine}` },
    });
    expect(again.statusCode, again.body).toBe(409);

    // The student reads its departure, the refund and a balance of zero on « Mon loyer ».
    const read = await t.api('GET', 'campus/loyer/etudiant', { token: leaver.token });
    expect(read.statusCode, read.body).toBe(200);
    const mine = (
      read.json() as {
        idAffectation: number;
        dateDepart: string | null;
        solde: number;
        remboursements: { referenceRemboursement: string; montant: number }[];
      }[]
    ).find((a) => a.idAffectation === leaver.idAffectation)!;
    expect(mine).toMatchObject({ dateDepart: todayUtc(), solde: 0 });
    expect(mine.remboursements).toEqual([
      expect.objectContaining({ referenceRemboursement: answer.referenceRemboursement, montant: cancelled }),
    ]);
  });
});
