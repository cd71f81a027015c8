import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { formatFcfa } from '../../src/domain/money';
import { addDays, departureBalance, owedAtDeparture } from '../../src/domain/rent';
import type { ComparaisonRead } from '../../src/domain/schemas/cite-life';
import { one, rows } from '../../src/server/db/client';
import { MIGRATIONS_DIR } from '../../src/server/paths';
import { withTransaction } from '../../src/server/db/transaction';
import { accountSums, todayUtc } from '../../src/server/modules/rent/repository';
import { issueInstalments, recordPayment } from '../../src/server/modules/rent/service';
import { setupTestApp, type TestContext } from '../helpers/app';
import { deliberationSession } from '../helpers/assignment';
import { agentOf, assignedStudent, citeWithInventory } from '../helpers/cite-life';
import { paymentOperators } from '../helpers/payments';
import { assignedOn } from '../helpers/rent';

/**
 * The life in the cité in the staff's journal (« Journal d'audit », decision 141): the key handed,
 * the damage charged and the departure each have their entry, read back through `GET campus/audit`
 * and compared with the database: who did it (the agent), which student and bed (« Concerne »),
 * what (the key's code, the room, the amount, the instalments no longer due). And the departure
 * form's figure: what is due at the departure's day, by rent's rule, equals the balance the
 * departure leaves in the journal.
 */

const PASSWORD = 'Journal-de-cite-2026';
let t: TestContext;
const db = () => t.database.db;
let cite: Awaited<ReturnType<typeof citeWithInventory>>;
let agent: Awaited<ReturnType<typeof agentOf>>;
let resident: Awaited<ReturnType<typeof assignedStudent>>;

interface AuditApiRow {
  userName: string | null;
  libelleUtilisateur: string | null;
  action: string;
  resource: string;
  libelleRessource: string;
  resourceId: string | null;
  libelleObjet: string | null;
  resume: string;
  detail: Record<string, unknown> | null;
}

/** The journal's entries of an action about one row, as the admin reads them. */
async function entries(action: string, resourceId: number): Promise<AuditApiRow[]> {
  const res = await t.api('GET', `campus/audit?filtre.action=${action}&filtre.resourceId=${resourceId}`, {
    token: await t.token('admin'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditApiRow[];
}

/** The student and bed of the resident as the database holds them, written as « Concerne » says them. */
async function concerne(): Promise<string> {
  const r = await one<{
    nom: string;
    prenom: string;
    ine: string;
    cite: string;
    chambre: string;
    lit: string;
  }>(
    db(),
    sql`SELECT re.nom_etudiant AS nom, re.prenom_etudiant AS prenom, re.ine, c.nom_cite AS cite,
               ch.libelle_chambre AS chambre, l.libelle_lit AS lit
        FROM affectation a JOIN registre_etudiant re ON re.id_etudiant = a.id_etudiant
          JOIN cite c ON c.id_cite = a.id_cite JOIN chambre ch ON ch.id_chambre = a.id_chambre
          JOIN lit l ON l.id_lit = a.id_lit
        WHERE a.id_affectation = ${resident.idAffectation}`,
  );
  return `${r!.nom} ${r!.prenom} (INE ${r!.ine}) — ${r!.cite}, ${r!.chambre}, ${r!.lit}`;
}

/** The resident's bed as the dossier's history writes it, with its building (« Cité, Bâtiment, Chambre, Lit »). */
async function historyPlace(): Promise<string> {
  const r = await one<{ cite: string; batiment: string; chambre: string; lit: string }>(
    db(),
    sql`SELECT c.nom_cite AS cite, b.libelle_batiment AS batiment, ch.libelle_chambre AS chambre, l.libelle_lit AS lit
        FROM affectation a JOIN cite c ON c.id_cite = a.id_cite JOIN lit l ON l.id_lit = a.id_lit
          JOIN chambre ch ON ch.id_chambre = l.id_chambre JOIN couloir co ON co.id_couloir = ch.id_couloir
          JOIN niveau n ON n.id_niveau = co.id_niveau JOIN batiment b ON b.id_batiment = n.id_batiment
        WHERE a.id_affectation = ${resident.idAffectation}`,
  );
  return fill(messages.historiqueLieu, r!);
}

const flat = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  t = await setupTestApp();
  const idSession = await deliberationSession(db());
  cite = await citeWithInventory(db());
  agent = await agentOf(t, [cite.idCite], PASSWORD);
  // Housed three months ago: instalments fell due since, others are still to come.
  resident = await assignedOn(db(), addDays(todayUtc(), -90), () =>
    assignedStudent(t, cite, idSession, 'A/N1/C1/101/1', PASSWORD),
  );
  await withTransaction(db(), (tx) => issueInstalments(tx, null, [resident.idAffectation]));
}, 180_000);
afterAll(() => t?.close());

describe('the life in the cité in the journal', () => {
  it('the key handed: by the agent, about the resident and its bed, its code and room', async () => {
    const key = await t.api('POST', `campus/affectation/${resident.idAffectation}/arrivee`, {
      token: agent.token,
      body: { codeCle: 'J-101-1' },
    });
    expect(key.statusCode, key.body).toBe(201);
    const found = await entries('REMETTRE_CLE', resident.idAffectation);
    expect(found).toHaveLength(1);
    const [e] = found;
    const stored = await one<{ userId: number; userName: string }>(
      db(),
      sql`SELECT user_id AS "userId", user_name AS "userName" FROM audit_log
          WHERE action = 'REMETTRE_CLE' AND resource_id = ${String(resident.idAffectation)}`,
    );
    expect(stored).toEqual({ userId: agent.id, userName: agent.userName });
    expect(e.libelleUtilisateur).toBe(agent.userName);
    expect(e.libelleRessource).toBe(messages.ressourceRemiseCle);
    expect(e.libelleObjet).toBe(await concerne());
    const place = (await concerne()).split(' — ')[1];
    expect(e.resume).toContain('J-101-1');
    expect(e.resume).toContain(place);
    // The student's history says it arrived: where, with which key, handed by the agent.
    const of = await one<{ idDossier: number }>(
      db(),
      sql`SELECT id_dossier AS "idDossier" FROM affectation WHERE id_affectation = ${resident.idAffectation}`,
    );
    const history = await t.api('GET', `campus/dossier/${of!.idDossier}/historique`, {
      token: await t.token('admin'),
    });
    expect(history.statusCode, history.body).toBe(200);
    const arrival = (history.json() as { evenement: string; libelle: string; details: string[] }[]).find(
      (h) => h.evenement === 'ARRIVEE',
    );
    expect(arrival).toMatchObject({
      libelle: enumLabel('evenement', 'ARRIVEE'),
      details: [
        fill(messages.historiqueLit, { lieu: await historyPlace() }),
        fill(messages.historiqueCodeCle, { code: 'J-101-1' }),
      ],
    });
    // A key handed before the history told arrivals: the migration tells it, the same, once.
    const stored2 = () =>
      rows<{ date: string; auteur: string; detail: unknown }>(
        db(),
        sql`SELECT date_evenement::text AS date, auteur, detail FROM dossier_evenement
            WHERE id_dossier = ${of!.idDossier} AND evenement = 'ARRIVEE'`,
      );
    const written = await stored2();
    expect(written).toHaveLength(1);
    await db().execute(
      sql`DELETE FROM dossier_evenement WHERE id_dossier = ${of!.idDossier} AND evenement = 'ARRIVEE'`,
    );
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0060_history_arrivals.sql'), 'utf8');
    for (let i = 0; i < 2; i++) await db().execute(sql.raw(migration));
    expect(await stored2()).toEqual(written);
  });

  it('the damage charged: by the agent, about the resident and its bed, the element, amount and reference', async () => {
    const entree = await t.api('POST', 'campus/etat-des-lieux', {
      token: resident.token,
      body: {
        idAffectation: resident.idAffectation,
        type: 'ENTREE',
        elements: cite.elements.map((idElementInventaire) => ({ idElementInventaire, etat: 'BON' })),
      },
    });
    expect(entree.statusCode, entree.body).toBe(201);
    const sortie = await t.api('POST', 'campus/etat-des-lieux', {
      token: agent.token,
      body: {
        idAffectation: resident.idAffectation,
        type: 'SORTIE',
        elements: cite.elements.map((idElementInventaire, i) => ({
          idElementInventaire,
          etat: i === 2 ? 'ABIME' : 'BON',
        })),
      },
    });
    expect(sortie.statusCode, sortie.body).toBe(201);
    const charged = await t.api('POST', `campus/affectation/${resident.idAffectation}/degradation`, {
      token: agent.token,
      body: { idElementInventaire: cite.elements[2], montant: 12_500, motif: 'Chaise cassée' },
    });
    expect(charged.statusCode, charged.body).toBe(201);
    const { idDegradation } = charged.json() as { idDegradation: number };
    const row = await one<{ montant: number; reference: string; auteur: number }>(
      db(),
      sql`SELECT montant::int AS montant, reference, id_auteur AS auteur FROM degradation
          WHERE id_degradation = ${idDegradation}`,
    );
    expect(row!.auteur).toBe(agent.id);
    const [e] = await entries('FACTURER_DEGRADATION', idDegradation);
    expect(e.userName).toBe(agent.userName);
    expect(e.libelleUtilisateur).toBe(agent.userName);
    expect(e.libelleRessource).toBe(messages.ressourceDegradation);
    expect(e.libelleObjet).toBe(await concerne());
    expect(flat(e.resume)).toContain(flat(formatFcfa(row!.montant, { unit: true })));
    expect(e.resume).toContain('Chaise');
    expect(e.resume).toContain(row!.reference);
  });

  it('the departure form: what is due at its day, the rest of the year no longer due; the departure leaves that balance', async () => {
    const idOperateur = (await paymentOperators(db())).caisse;
    // The resident paid one instalment's worth: what the form shows is net of it.
    const [first] = await rows<{ montant: number }>(
      db(),
      sql`SELECT l.debit::int AS montant FROM journal_transaction tr
          JOIN journal_ligne l ON l.id_transaction = tr.id_transaction AND l.id_affectation IS NOT NULL
          WHERE tr.id_affectation = ${resident.idAffectation} AND tr.nature = 'ECHEANCE'
          ORDER BY tr.date_valeur LIMIT 1`,
    );
    const paid = first?.montant ?? 0;
    if (paid > 0)
      await withTransaction(db(), (tx) =>
        recordPayment(tx, null, {
          referencePaiement: `ESP-JOURNAL-${Date.now()}`,
          idAffectation: resident.idAffectation,
          montant: paid,
          idOperateur,
        }),
      );
    const res = await t.api(
      'GET',
      `campus/etat-des-lieux/comparaison?idAffectation=${resident.idAffectation}`,
      {
        token: agent.token,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const before = res.json() as ComparaisonRead;
    const today = todayUtc();
    const b = departureBalance(before.compte, today);
    // The figures read back from the journal: the live instalments of the month and before, the
    // damage, the payments.
    const db1 = await one<{ dues: number; later: number; nLater: number; damage: number; paye: number }>(
      db(),
      sql`SELECT
            coalesce(sum(l.debit - l.credit) FILTER (WHERE l.nature = 'ECHEANCE'
              AND to_char(tr.date_valeur, 'YYYY-MM') <= ${today.slice(0, 7)}), 0)::int AS dues,
            coalesce(sum(l.debit - l.credit) FILTER (WHERE l.nature = 'ECHEANCE'
              AND to_char(tr.date_valeur, 'YYYY-MM') > ${today.slice(0, 7)}), 0)::int AS later,
            count(*) FILTER (WHERE l.nature = 'ECHEANCE' AND l.debit > 0
              AND to_char(tr.date_valeur, 'YYYY-MM') > ${today.slice(0, 7)})::int AS "nLater",
            coalesce(sum(l.debit - l.credit) FILTER (WHERE l.nature = 'DEGRADATION'), 0)::int AS damage,
            coalesce(sum(l.credit - l.debit) FILTER (WHERE l.nature IN ('PAIEMENT', 'REMBOURSEMENT')), 0)::int AS paye
          FROM journal_ligne l JOIN journal_transaction tr ON tr.id_transaction = l.id_transaction
          WHERE l.id_affectation = ${resident.idAffectation}`,
    );
    expect(b).toEqual({
      echeancesDues: db1!.dues,
      degradations: 12_500,
      paye: paid,
      du: db1!.dues + db1!.damage - db1!.paye,
      nbPlusDues: db1!.nLater,
      plusDues: db1!.later,
    });
    expect(db1!.damage).toBe(12_500);
    // The whole year's balance is more than what the departure leaves whenever a later month is billed.
    expect(before.solde).toBe(b.du + b.plusDues);
    expect(before.compte.echeances.filter((e) => !owedAtDeparture(e.dateEcheance, today))).toHaveLength(
      b.nbPlusDues,
    );

    const departed = await t.api('POST', `campus/affectation/${resident.idAffectation}/depart`, {
      token: agent.token,
      body: { date: today },
    });
    expect(departed.statusCode, departed.body).toBe(200);
    const body = departed.json() as { echeancesAnnulees: number; solde: number };
    expect(body).toMatchObject({ echeancesAnnulees: b.nbPlusDues, solde: b.du });
    expect((await accountSums(db(), resident.idAffectation)).solde).toBe(b.du);
    const after = await t.api(
      'GET',
      `campus/etat-des-lieux/comparaison?idAffectation=${resident.idAffectation}`,
      {
        token: agent.token,
      },
    );
    expect((after.json() as ComparaisonRead).solde).toBe(b.du);

    // Its journal entry: by the agent, about the resident and its bed, the day, the room, what is no longer due.
    const [e] = await entries('DEPART', resident.idAffectation);
    expect(e.userName).toBe(agent.userName);
    expect(e.libelleUtilisateur).toBe(agent.userName);
    expect(e.libelleObjet).toBe(await concerne());
    expect(e.resume).toContain(today.split('-').reverse().join('/'));
    expect(e.resume).toContain((await concerne()).split(' — ')[1]);
    const reversed = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM journal_transaction
          WHERE id_affectation = ${resident.idAffectation} AND id_transaction_annulee IS NOT NULL`,
    );
    expect(e.detail).toMatchObject({ echeancesAnnulees: b.nbPlusDues, dateDepart: today });
    if (b.nbPlusDues > 0) {
      expect(reversed!.n).toBe(b.nbPlusDues);
      expect(flat(e.resume)).toContain(flat(fill(messages.auditEcheancesAnnulees, { n: b.nbPlusDues })));
    }
    // The dossier's history tells the departure with its damage and what it left to pay, the form's figure.
    const of = await one<{ idDossier: number }>(
      db(),
      sql`SELECT id_dossier AS "idDossier" FROM affectation WHERE id_affectation = ${resident.idAffectation}`,
    );
    const history = (
      await t.api('GET', `campus/dossier/${of!.idDossier}/historique`, { token: await t.token('admin') })
    ).json() as { evenement: string; details: string[] }[];
    const left = history.find((h) => h.evenement === 'DEPART');
    expect(left?.details).toContain(fill(messages.historiqueLit, { lieu: await historyPlace() }));
    expect(left?.details).toContain(
      b.du > 0
        ? fill(messages.historiqueResteAuDepart, { montant: formatFcfa(b.du, { unit: true }) })
        : b.du < 0
          ? fill(messages.historiqueTropPercuAuDepart, { montant: formatFcfa(-b.du, { unit: true }) })
          : messages.historiqueRienAuDepart,
    );
    if (b.degradations > 0)
      expect(left?.details).toContain(
        fill(messages.historiqueDegradations, { montant: formatFcfa(b.degradations, { unit: true }) }),
      );
  });
});
