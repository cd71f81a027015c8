import { sql } from 'drizzle-orm';
import type { Actor } from '../access/actor';
import { rows, type Db } from '../db/client';
import { affectationRows, moveAffectation } from '../modules/assignment/repository';
import { historyPlace } from '../modules/assignment/service';
import { recordEvent } from '../history/record';
import { accountSums, liveCharges, todayUtc } from '../modules/rent/repository';
import { currentCategory, recordPayment, reissueInstalments } from '../modules/rent/service';
import { formatFcfa } from '../../domain/money';

/** The direction of the demo's student holding a credit: Ouagadougou's (its regional manager's, and the CENOU's). */
const CREDIT_DIRECTION = 'OUA';

/** The demo's student holding a credit (the refund's example), as the log names its account. */
interface CreditExample {
  userName: string;
  description: string;
}

interface LastYearRent {
  paiements: number;
  enRetard: number;
  /** The student holding a credit, if the demo's beds allowed one (a cheaper free bed). */
  tropPercu: CreditExample | null;
}

/**
 * Last year's rent in the demo (docs/rent.md): the students housed last year (closed sessions,
 * src/server/seed/workflow.ts) paid their instalments at their cité's counter, each on its due
 * day, with a number of the receipt book; one in five stopped paying after six months, so the
 * arrears list has rows to show; half of those paid one more lately (the reconciliation's last 31
 * days). Written with `recordPayment` as history (its value date, no SMS).
 * Deterministic: the order of the assignments decides who owes. One student of Ouagadougou paid
 * its whole year at the counter instead, then moved to a cheaper bed (`creditExample`): it holds a
 * credit, the refund's example. `named`: the accounts the demo already names for something else.
 */
export async function loadLastYearRent(
  tx: Db,
  named: ReadonlySet<string> = new Set(),
): Promise<LastYearRent> {
  const caisse = await rows<{ id: number }>(
    tx,
    sql`SELECT o.id_operateur AS id FROM operateur o JOIN type_paiement t USING (id_type_paiement)
        WHERE t.code_type_paiement = 'ESPECES' AND o.deleted_at IS NULL ORDER BY o.id_operateur LIMIT 1`,
  );
  if (!caisse[0]) return { paiements: 0, enRetard: 0, tropPercu: null };
  // Each instalment of an assignment of a closed session, due before today.
  const due = await rows<{
    idAffectation: number;
    annee: number;
    montant: number;
    dateValeur: string;
    numero: number;
  }>(
    tx,
    sql`SELECT t.id_affectation AS "idAffectation", s.annee_debut AS annee, l.debit::float8 AS montant,
          to_char(t.date_valeur, 'YYYY-MM-DD') AS "dateValeur", t.numero_echeance AS numero
        FROM journal_transaction t
        JOIN journal_ligne l ON l.id_transaction = t.id_transaction AND l.compte LIKE 'ETUDIANT:%'
        JOIN affectation a ON a.id_affectation = t.id_affectation
        JOIN session_cenou s ON s.id_session_cenou = a.id_session_cenou
        WHERE t.nature = 'ECHEANCE' AND s.statut_session = 'FERME' AND t.date_valeur <= current_date
          AND l.debit > 0
        ORDER BY t.id_affectation, t.numero_echeance`,
  );
  // Who recorded each payment (docs/rent.md): at the counter, its cité's direction's regional manager;
  // by mobile money, the student who paid.
  const who = await rows<{ idAffectation: number; agent: Actor; etudiant: Actor }>(
    tx,
    sql`SELECT a.id_affectation AS "idAffectation",
          (SELECT jsonb_build_object('id', u.id, 'role', u.role, 'idDirection', u.id_direction, 'userName', u.user_name)
             FROM users u WHERE u.role = 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR' AND u.id_direction = d.id_direction
               AND u.deleted_at IS NULL ORDER BY u.id LIMIT 1) AS agent,
          jsonb_build_object('id', s.id, 'role', s.role, 'idDirection', s.id_direction, 'userName', s.user_name) AS etudiant
        FROM affectation a JOIN dossier d ON d.id_dossier = a.id_dossier JOIN users s ON s.id = d.id_user
        JOIN session_cenou x ON x.id_session_cenou = a.id_session_cenou
        WHERE x.statut_session = 'FERME'`,
  );
  const agentOf = new Map(who.map((w) => [w.idAffectation, w.agent]));
  const studentOf = new Map(who.map((w) => [w.idAffectation, w.etudiant]));
  const assignments = [...new Set(due.map((d) => d.idAffectation))];
  const owing = new Set(assignments.filter((_, i) => i % 5 === 4));
  const credit = await creditCandidate(
    tx,
    assignments.filter((id) => !owing.has(id)),
    named,
  );
  let paiements = 0;
  for (const d of due) {
    if (d.idAffectation === credit?.idAffectation) continue;
    if (owing.has(d.idAffectation) && d.numero > 6) continue;
    paiements += 1;
    await recordPayment(tx, agentOf.get(d.idAffectation) ?? null, {
      referencePaiement: `ESP-${d.dateValeur.replaceAll('-', '')}-DEMO${String(paiements).padStart(4, '0')}`,
      idAffectation: d.idAffectation,
      montant: d.montant,
      idOperateur: caisse[0].id,
      numeroRecu: `Q${d.annee}-${String(paiements).padStart(5, '0')}`,
      historique: { dateValeur: d.dateValeur },
    });
  }
  // Half of those in arrears paid one more instalment in the last four weeks, at the counter or
  // (one in two of them) by mobile money: the reconciliation's first screen (the last 31 days)
  // has both kinds of line to show, and the arrears list partial recoveries.
  const mobile = await rows<{ id: number }>(
    tx,
    sql`SELECT o.id_operateur AS id FROM operateur o JOIN type_paiement t USING (id_type_paiement)
        WHERE t.code_type_paiement <> 'ESPECES' AND o.deleted_at IS NULL ORDER BY o.id_operateur LIMIT 1`,
  );
  const today = Date.parse(`${todayUtc()}T00:00:00Z`);
  for (const [k, id] of [...owing].entries()) {
    const seventh = k % 2 === 0 ? due.find((d) => d.idAffectation === id && d.numero === 7) : undefined;
    if (!seventh) continue;
    const day = new Date(today - (2 + ((k * 3) % 27)) * 86_400_000).toISOString().slice(0, 10);
    const byPhone = mobile[0] !== undefined && k % 4 === 0;
    paiements += 1;
    await recordPayment(tx, (byPhone ? studentOf : agentOf).get(id) ?? null, {
      referencePaiement: `${byPhone ? 'MM' : 'ESP'}-${day.replaceAll('-', '')}-DEMO${String(paiements).padStart(4, '0')}`,
      idAffectation: id,
      montant: seventh.montant,
      idOperateur: byPhone ? mobile[0].id : caisse[0].id,
      ...(byPhone
        ? { telephone: `+2267${String(1000000 + k).slice(-7)}` }
        : { numeroRecu: `Q${seventh.annee + 1}-${String(paiements).padStart(5, '0')}` }),
      historique: { dateValeur: day },
    });
  }
  let tropPercu: CreditExample | null = null;
  if (credit) {
    paiements += 1;
    tropPercu = await creditExample(
      tx,
      credit,
      caisse[0].id,
      paiements,
      agentOf.get(credit.idAffectation) ?? null,
    );
  }
  let enRetard = 0;
  for (const id of owing) if ((await accountSums(tx, id)).solde > 0) enRetard += 1;
  return { paiements, enRetard, tropPercu };
}

interface CreditCandidate {
  idAffectation: number;
  idSessionCenou: number;
  userName: string;
  nom: string;
  prenom: string;
  sigle: string;
  /** The cheaper free bed of the student's direction it moves to. */
  bed: { idLit: number; idChambre: number; idCite: number; nomCite: string };
}

/**
 * The first of `ids` (last year's paying assignments, in order) of `CREDIT_DIRECTION` whose student
 * has an account the demo names for nothing else, and for whom a free bed (its room empty in that
 * session) of its sex in its direction costs less a month than its own: the dearest of those, the
 * first by cité and bed. Two plain reads (the candidates, then the free beds cheaper than the
 * dearest of their rooms, once per session): before the load's ANALYZE the planner knows no sizes,
 * and one statement joining both ran the beds' read once per candidate.
 */
async function creditCandidate(
  tx: Db,
  ids: readonly number[],
  named: ReadonlySet<string>,
): Promise<CreditCandidate | null> {
  if (!ids.length) return null;
  const list = (values: readonly (number | string)[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const candidates = (
    await rows<Omit<CreditCandidate, 'bed'> & { idDirection: number; montant: number; sexe: string }>(
      tx,
      sql`SELECT a.id_affectation AS "idAffectation", a.id_session_cenou AS "idSessionCenou", u.user_name AS "userName",
            r.nom_etudiant AS nom, r.prenom_etudiant AS prenom, x.sigle_direction AS sigle, x.id_direction AS "idDirection",
            cat.montant_chambre AS montant, r.sexe_etudiant AS sexe
          FROM affectation a
          JOIN dossier d ON d.id_dossier = a.id_dossier
          JOIN users u ON u.id = d.id_user AND u.deleted_at IS NULL
          JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
          JOIN direction x ON x.id_direction = d.id_direction
          JOIN chambre ch ON ch.id_chambre = a.id_chambre
          JOIN categorie_chambre cat ON cat.id_categorie_chambre = ch.id_categorie_chambre
          WHERE a.id_affectation IN (${list(ids)}) AND a.deleted_at IS NULL AND x.sigle_direction = ${CREDIT_DIRECTION}
          ORDER BY a.id_affectation`,
    )
  ).filter((c) => !named.has(c.userName));
  const free = new Map<
    number,
    { sexe: string; montant: number; idDirection: number; bed: CreditCandidate['bed'] }[]
  >();
  for (const c of candidates) {
    if (!free.has(c.idSessionCenou)) {
      const mine = candidates.filter((x) => x.idSessionCenou === c.idSessionCenou);
      free.set(
        c.idSessionCenou,
        (
          await rows<{ sexe: string; montant: number; idDirection: number } & CreditCandidate['bed']>(
            tx,
            sql`SELECT b.sexe, cat.montant_chambre AS montant, v.id_direction AS "idDirection", l.id_lit AS "idLit",
                  ch.id_chambre AS "idChambre", c.id_cite AS "idCite", c.nom_cite AS "nomCite"
                FROM categorie_chambre cat
                JOIN cite c ON c.id_cite = cat.id_cite JOIN ville v ON v.id_ville = c.id_ville
                JOIN chambre ch ON ch.id_categorie_chambre = cat.id_categorie_chambre AND ch.deleted_at IS NULL
                JOIN couloir co ON co.id_couloir = ch.id_couloir JOIN niveau n ON n.id_niveau = co.id_niveau
                JOIN batiment b ON b.id_batiment = n.id_batiment
                JOIN lit l ON l.id_chambre = ch.id_chambre
                WHERE l.deleted_at IS NULL AND cat.montant_chambre > 0
                  AND cat.montant_chambre < ${Math.max(...mine.map((x) => x.montant))}
                  AND v.id_direction IN (${list([...new Set(mine.map((x) => x.idDirection))])})
                  AND b.sexe IN (${list([...new Set(mine.map((x) => x.sexe))])})
                  AND NOT EXISTS (SELECT 1 FROM affectation o WHERE o.id_chambre = ch.id_chambre
                                  AND o.id_session_cenou = ${c.idSessionCenou} AND o.deleted_at IS NULL)
                ORDER BY cat.montant_chambre DESC, c.id_cite, l.id_lit`,
          )
        ).map(({ sexe, montant, idDirection, ...bed }) => ({ sexe, montant, idDirection, bed })),
      );
    }
    const bed = free
      .get(c.idSessionCenou)!
      .find((f) => f.sexe === c.sexe && f.idDirection === c.idDirection && f.montant < c.montant)?.bed;
    if (bed)
      return {
        idAffectation: c.idAffectation,
        idSessionCenou: c.idSessionCenou,
        userName: c.userName,
        nom: c.nom,
        prenom: c.prenom,
        sigle: c.sigle,
        bed,
      };
  }
  return null;
}

/**
 * The refund's example (docs/rent.md#refunds), made as the product makes it: on its first
 * instalment's day the student pays its whole year at the counter (`recordPayment`, as history),
 * then, before the second falls due, it moves to a cheaper bed (`moveAffectation` and
 * `reissueInstalments`, as the assignment service's move does): the instalments not yet due are
 * reversed and made again at the new price, and what it paid above them is a credit. Its history
 * tells it as the move does (docs/sessions-and-dossiers.md#the-dossiers-history): the first bed on
 * the assignment's day, then the change of bed with both places (the history's back-fill, run
 * after, leaves a dossier that has its bed's event alone).
 */
async function creditExample(
  tx: Db,
  c: CreditCandidate,
  idCaisse: number,
  numero: number,
  agent: Actor | null,
): Promise<CreditExample> {
  const instalments = await liveCharges(tx, 'ECHEANCE', [c.idAffectation]);
  const first = instalments[0]!;
  const total = instalments.reduce((sum, i) => sum + i.montant, 0);
  const year = first.dateEcheance.slice(0, 4);
  await recordPayment(tx, agent, {
    referencePaiement: `ESP-${first.dateEcheance.replaceAll('-', '')}-DEMO${String(numero).padStart(4, '0')}`,
    idAffectation: c.idAffectation,
    montant: total,
    idOperateur: idCaisse,
    numeroRecu: `Q${year}-${String(numero).padStart(5, '0')}`,
    historique: { dateValeur: first.dateEcheance },
  });
  const idCategorieAvant = (await currentCategory(tx, c.idAffectation))!;
  const [before] = await affectationRows(tx, [c.idAffectation]);
  await recordEvent(tx, {
    idDossier: before.idDossier,
    idSessionCenou: c.idSessionCenou,
    evenement: 'AFFECTATION',
    actor: agent,
    date: new Date(before.dateAffectation),
    detail: { idAffectation: c.idAffectation, lieu: historyPlace(before) },
  });
  await moveAffectation(tx, c.idAffectation, c.bed);
  const [after] = await affectationRows(tx, [c.idAffectation]);
  // After the day's payment (recorded at noon).
  await recordEvent(tx, {
    idDossier: before.idDossier,
    idSessionCenou: c.idSessionCenou,
    evenement: 'CHANGEMENT_LIT',
    actor: agent,
    date: new Date(`${first.dateEcheance}T15:00:00Z`),
    detail: {
      idAffectation: c.idAffectation,
      avant: historyPlace(before),
      apres: historyPlace(after),
      idLitAvant: before.idLit,
      idLitApres: after.idLit,
    },
  });
  // The move's day: the first instalment's, the others not yet due.
  await reissueInstalments(tx, null, {
    idAffectation: c.idAffectation,
    idCategorieAvant,
    today: first.dateEcheance,
  });
  const { solde } = await accountSums(tx, c.idAffectation);
  if (solde >= 0) throw new Error(`Démonstration : ${c.userName} sans trop-perçu après son déplacement`);
  return {
    userName: c.userName,
    description:
      `étudiant de ${c.sigle}, ${c.nom.toUpperCase()} ${c.prenom} : hébergé l'an dernier, a payé son année ` +
      `d'avance à la caisse puis a été déplacé dans une chambre moins chère (${c.bed.nomCite}) : ` +
      `trop-perçu de ${formatFcfa(-solde, { unit: true })} à rembourser`,
  };
}
