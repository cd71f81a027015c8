/**
 * SQL of rent's two staff lists (docs/rent.md): the arrears of each assignment, read from the
 * journal's accounts and instalments, and the daily reconciliation of what each operator and each
 * cité's counter received. Reads only: the journal is written by ../repository.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { messages } from '../../../../domain/messages';
import { scopeCondition } from '../../../access/access';
import type { Actor } from '../../../access/actor';
import { one, type Db } from '../../../db/client';
import type { ColumnType, ListColumn, ListSource } from '../../../lists/pipeline';
import { fallsDue, movedNotYetDue, TODAY } from '../repository';

const col = (expr: SQL, type: ColumnType, extra: Partial<ListColumn> = {}): ListColumn => ({
  sql: expr,
  type,
  ...extra,
});
const money = (expr: SQL) => col(sql`(${expr})::bigint`, 'integer', { search: false });

// ---------------------------------------------------------------- the arrears list

export interface LoyerRow {
  idAffectation: number;
  idSessionCenou: number;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  idCite: number;
  nomCite: string;
  libelleChambre: string;
  libelleLit: string;
  montantChambre: number;
  totalDu: number;
  duADate: number;
  paye: number;
  arriere: number;
  solde: number;
  /** What the files show of the balance (docs/rent.md#exports): what is left to pay, never negative… */
  resteAPayer: number;
  /** …and, apart, a credit to give back (an overpayment). */
  tropPercu: number;
  annulee: boolean;
  /** The day the resident left (a departure), null otherwise: a departure is no cancellation. */
  dateDepart: string | null;
}

/**
 * Every assignment of the list with its sums (docs/rent.md#sums): those that do not depend on the
 * day kept by the database (`loyer_compte`: the live/cancelled filter, the count and a sort by
 * balance read no line), what is due by today a lateral sum over the index `journal_ligne_affectation`
 * alone (the due instalments' small range; a page reads it for its rows only, a sort by arrears for
 * each assignment of the list). Decision 031, "Speed". Every join is a LEFT JOIN on a unique key
 * to a row that always exists (foreign keys, never null): the same rows as inner joins, but the
 * database drops those a query does not use (the count, a page's keys sorted by arrears).
 */
const LOYER_FROM = sql`affectation a
  LEFT JOIN dossier d ON d.id_dossier = a.id_dossier
  LEFT JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
  LEFT JOIN cite c ON c.id_cite = a.id_cite
  LEFT JOIN chambre ch ON ch.id_chambre = a.id_chambre
  LEFT JOIN lit lt ON lt.id_lit = a.id_lit
  LEFT JOIN categorie_chambre cat ON cat.id_categorie_chambre = ch.id_categorie_chambre
  LEFT JOIN loyer_compte k ON k.id_affectation = a.id_affectation
  LEFT JOIN LATERAL (SELECT coalesce(sum(e.debit - e.credit), 0)::bigint AS du FROM journal_ligne e
    WHERE e.id_affectation = a.id_affectation AND ${fallsDue(sql`e.nature`)} AND e.date_valeur <= ${TODAY}) e0 ON TRUE
  LEFT JOIN LATERAL (SELECT e0.du - ${movedNotYetDue(sql`a.id_affectation`)} AS du) e ON TRUE`;

export const LOYER_COLUMNS: Record<keyof LoyerRow, ListColumn> = {
  idAffectation: col(sql`a.id_affectation`, 'id', { notNull: true }),
  idSessionCenou: col(sql`a.id_session_cenou`, 'id', { notNull: true }),
  ine: col(sql`r.ine`, 'text'),
  nomEtudiant: col(sql`r.nom_etudiant`, 'text'),
  prenomEtudiant: col(sql`r.prenom_etudiant`, 'text'),
  idCite: col(sql`a.id_cite`, 'id', { notNull: true }),
  nomCite: col(sql`c.nom_cite`, 'text'),
  libelleChambre: col(sql`ch.libelle_chambre`, 'text'),
  libelleLit: col(sql`lt.libelle_lit`, 'text'),
  montantChambre: col(sql`cat.montant_chambre`, 'integer', { search: false }),
  totalDu: money(sql`coalesce(k.total_du, 0)`),
  duADate: money(sql`e.du`),
  paye: money(sql`coalesce(k.paye, 0)`),
  arriere: money(sql`greatest(e.du - coalesce(k.paye, 0), 0)`),
  solde: money(sql`coalesce(k.solde, 0)`),
  resteAPayer: money(sql`greatest(coalesce(k.solde, 0), 0)`),
  tropPercu: money(sql`greatest(-coalesce(k.solde, 0), 0)`),
  annulee: col(sql`a.deleted_at IS NOT NULL`, 'boolean'),
  dateDepart: col(sql`a.date_depart`, 'date', { search: false }),
};

export const loyerSource: ListSource<LoyerRow> = {
  name: 'loyer',
  from: LOYER_FROM,
  columns: LOYER_COLUMNS,
  // Live assignments, and cancelled ones whose account is not settled (money is never lost from sight).
  where: [sql`(a.deleted_at IS NULL OR k.solde <> 0)`],
  defaultSort: 'nomEtudiant,asc;prenomEtudiant,asc',
  key: sql`a.id_affectation`,
  alwaysPaged: true,
  map: (row) => {
    const out = { ...row } as Record<string, unknown>;
    for (const k of [
      'totalDu',
      'duADate',
      'paye',
      'arriere',
      'solde',
      'resteAPayer',
      'tropPercu',
      'montantChambre',
    ])
      out[k] = Number(out[k] ?? 0);
    return out as unknown as LoyerRow;
  },
};

// ---------------------------------------------------------------- the daily reconciliation

/** One day of one account that receives money: an operator, or a cité's cash counter. */
export interface RapprochementRow {
  /** The row's key: the day and the account in one integer. */
  cle: number;
  jour: string;
  /** The journal's account: `OPERATEUR:<id>` or `CAISSE:CITE:<id>`. */
  compte: string;
  typeCompte: 'OPERATEUR' | 'CAISSE';
  libelleCompte: string;
  idOperateur: number | null;
  idCite: number | null;
  nomCite: string | null;
  /** Payments received (lines debiting the account). */
  nombre: number;
  /** Net FCFA received: Σ(debit − credit) of the account's PAIEMENT and REMBOURSEMENT lines, reversals included. */
  montant: number;
}

/**
 * The daily reconciliation (docs/rent.md#daily-reconciliation): the journal's lines of the
 * accounts that receive money — `OPERATEUR:<id>` and `CAISSE:CITE:<id>` — summed per value date and
 * account, over the payments (and refunds, and reversals of either: a reversal's lines carry the
 * nature they reverse) of the assignments in `scope` (the actor's direction, or all). The grouping
 * runs after the scope, so a direction sees its own part of an operator's day; the list pipeline's
 * filters, sort and pages apply to the grouped rows. Each account is named in French, never by its
 * code: « Opérateur Orange Money », « Caisse de la cité universitaire de Kossodo » (the cité's name
 * without its leading « Cité »).
 */
export function rapprochementSource(scope: SQL): ListSource<RapprochementRow> {
  const [opBefore, opAfter] = messages.rapprochementOperateur.split('{operateur}');
  const [cashBefore, cashAfter] = messages.rapprochementCaisse.split('{cite}');
  // Grouped per day and account, in one query a page or an export (`grouped`: the rows come with
  // their keys, never read again per key, which grouped the journal's lines once per row);
  // `cle`, the pipeline's integer key and the keyset's last key, is made of grouping columns.
  const from = sql`(SELECT x.jour, x.compte, x.type_compte, x.id_num,
      (x.jour - DATE '2000-01-01')::bigint * 10000000000
        + CASE x.type_compte WHEN 'OPERATEUR' THEN 0 ELSE 5000000000 END + x.id_num AS cle,
      count(*) FILTER (WHERE x.debit > 0)::int AS nombre,
      sum(x.debit - x.credit)::bigint AS montant
    FROM (SELECT l.date_valeur AS jour, l.compte, l.debit, l.credit,
            CASE WHEN l.compte LIKE 'OPERATEUR:%' THEN 'OPERATEUR' ELSE 'CAISSE' END AS type_compte,
            regexp_replace(l.compte, '^[A-Z:]+', '')::bigint AS id_num
          FROM journal_ligne l
          JOIN journal_transaction t ON t.id_transaction = l.id_transaction
          JOIN affectation a ON a.id_affectation = t.id_affectation
          JOIN dossier d ON d.id_dossier = a.id_dossier
          WHERE l.compte ~ '^(OPERATEUR:|CAISSE:CITE:)[0-9]{1,9}$'
            AND l.nature IN ('PAIEMENT', 'REMBOURSEMENT')
            AND ${scope}) x
    GROUP BY x.jour, x.compte, x.type_compte, x.id_num) r
    LEFT JOIN operateur o ON r.type_compte = 'OPERATEUR' AND o.id_operateur = r.id_num
    LEFT JOIN cite c ON r.type_compte = 'CAISSE' AND c.id_cite = r.id_num`;
  return {
    name: 'rapprochement',
    from,
    columns: {
      cle: col(sql`r.cle`, 'id', { notNull: true, search: false }),
      jour: col(sql`r.jour`, 'date', { notNull: true }),
      compte: col(sql`r.compte`, 'text', { notNull: true }),
      typeCompte: col(sql`r.type_compte`, 'text', { notNull: true }),
      libelleCompte: col(
        sql`coalesce(${opBefore} || o.libelle_operateur || ${opAfter},
          ${cashBefore} || regexp_replace(c.nom_cite, '^[Cc]ité[[:space:]]+', '') || ${cashAfter}, r.compte)`,
        'text',
        { notNull: true },
      ),
      idOperateur: col(sql`o.id_operateur`, 'id'),
      idCite: col(sql`c.id_cite`, 'id'),
      nomCite: col(sql`c.nom_cite`, 'text'),
      nombre: col(sql`r.nombre`, 'integer', { search: false, notNull: true }),
      montant: money(sql`r.montant`),
    },
    defaultSort: 'jour,desc;libelleCompte,asc',
    key: sql`r.cle`,
    alwaysPaged: true,
    grouped: true,
    map: (row) => {
      const out = { ...row } as Record<string, unknown>;
      out.cle = Number(out.cle);
      out.montant = Number(out.montant ?? 0);
      out.nombre = Number(out.nombre ?? 0);
      if (out.jour instanceof Date) out.jour = out.jour.toISOString().slice(0, 10);
      return out as unknown as RapprochementRow;
    },
  };
}

/**
 * The reconciliation's source for an actor: its direction's payments (GESTIONNAIRE_DR), or all
 * (GESTIONNAIRE_CENOU; and `null`, the shape the route's schema is built from); narrowed to one
 * direction's and one cité's assignments when asked (`idDirection`, `idCite`).
 */
export function rapprochementSourceFor(
  actor: Actor | null | undefined,
  only: { idDirection?: number; idCite?: number } = {},
): ListSource<RapprochementRow> {
  return rapprochementSource(
    sql.join(
      [
        actor ? scopeCondition(actor, 'rent.manage', { direction: sql`d.id_direction` }) : sql`TRUE`,
        ...(only.idDirection === undefined ? [] : [sql`d.id_direction = ${only.idDirection}`]),
        ...(only.idCite === undefined ? [] : [sql`a.id_cite = ${only.idCite}`]),
      ],
      sql` AND `,
    ),
  );
}

/** The names an export's heading gives (a direction's, a cité's and its direction), `undefined` for what was not asked or is unknown. */
export async function exportScopeNames(
  db: Db,
  ids: { idDirection?: number; idCite?: number },
): Promise<{ direction?: string; cite?: string; idDirectionCite?: number }> {
  const row = await one<{ direction: string | null; cite: string | null; idDirectionCite: number | null }>(
    db,
    sql`SELECT (SELECT libelle_direction FROM direction WHERE id_direction = ${ids.idDirection ?? null}::int) AS direction,
          (SELECT nom_cite FROM cite WHERE id_cite = ${ids.idCite ?? null}::int) AS cite,
          (SELECT v.id_direction FROM cite c JOIN ville v ON v.id_ville = c.id_ville
            WHERE c.id_cite = ${ids.idCite ?? null}::int) AS "idDirectionCite"`,
  );
  return {
    direction: row?.direction ?? undefined,
    cite: row?.cite ?? undefined,
    idDirectionCite: row?.idDirectionCite ?? undefined,
  };
}

/** The reconciliation's conditions beside the pipeline's: a range of days (both ends included). */
export function rapprochementConditions(du: string | undefined, au: string | undefined): SQL[] {
  return [...(du ? [sql`r.jour >= ${du}::date`] : []), ...(au ? [sql`r.jour <= ${au}::date`] : [])];
}
