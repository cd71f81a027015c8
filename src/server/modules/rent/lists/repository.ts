/**
 * SQL of rent's two staff lists (docs/rent.md): the arrears of each assignment, read from the
 * journal's accounts and instalments, and the daily reconciliation of what each operator and each
 * cité's counter received. Reads only: the journal is written by ../journal/repository.ts.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import { messages } from '../../../../domain/messages';
import { scopeCondition } from '../../../access/access';
import type { Actor } from '../../../access/actor';
import type { Db } from '../../../db/client';
import type { RowOf } from '../../../db/rows';
import {
  affectation,
  categorieChambre,
  chambre,
  cite,
  direction,
  dossier,
  journalLigne,
  journalTransaction,
  lit,
  loyerCompte,
  operateur,
  registreEtudiant,
  ville,
} from '../../../db/schema';
import {
  containsSql,
  listColumns,
  literal,
  searchWords,
  type ListColumn,
  type ListSource,
} from '../../../lists/pipeline';
import { placeJoins } from '../../assignment/place/repository';
import { fallsDue, TODAY } from '../journal/repository';
import { movedNotYetDueByAssignment } from '../accounts/repository';
import { cancellation } from '../assignments/repository';

/** `table alias` of a FROM or a JOIN (an alias alone writes its name only). */
const as = (table: PgTable, short: string) => sql`${table} ${sql.identifier(short)}`;

// The tables under the short names the lists' fragments use (`a` the assignment, `k` its account…).
const a = alias(affectation, 'a');
const d = alias(dossier, 'd');
const r = alias(registreEtudiant, 'r');
const c = alias(cite, 'c');
const ch = alias(chambre, 'ch');
const lt = alias(lit, 'lt');
const cat = alias(categorieChambre, 'cat');
const k = alias(loyerCompte, 'k');
const e = alias(journalLigne, 'e');
const g = alias(journalLigne, 'g');

// ---------------------------------------------------------------- the arrears list

/** What is due by today, less the moves of an outage (the lateral row `e` of LOYER_FROM). */
const DU = sql<number>`e.du`;
const SOLDE = sql<number>`coalesce(${k.solde}, 0)`;

/** The arrears list's columns, typed from the schema: its rows' type (`LoyerRow`). */
const loyerColumns = {
  idAffectation: a.idAffectation,
  idSessionCenou: a.idSessionCenou,
  ine: r.ine,
  nomEtudiant: r.nomEtudiant,
  prenomEtudiant: r.prenomEtudiant,
  idCite: a.idCite,
  nomCite: c.nomCite,
  libelleChambre: ch.libelleChambre,
  libelleLit: lt.libelleLit,
  montantChambre: cat.montantChambre,
  totalDu: sql<number>`coalesce(${k.totalDu}, 0)`,
  /**
   * The damage charged at departure, net of reversals (one range of `journal_ligne_affectation`):
   * with the year's rent, what the due and the balance hold beyond the rent.
   */
  degradations: sql<number>`(SELECT coalesce(sum(${g.debit} - ${g.credit}), 0) FROM ${as(journalLigne, 'g')}
    WHERE ${g.idAffectation} = ${a.idAffectation} AND ${g.nature} = ${literal(g.nature, 'DEGRADATION')})`,
  duADate: DU,
  paye: sql<number>`coalesce(${k.paye}, 0)`,
  arriere: sql<number>`greatest(${DU} - coalesce(${k.paye}, 0), 0)`,
  solde: SOLDE,
  /** What the files show of the balance (docs/rent.md#exports): what is left to pay, never negative… */
  resteAPayer: sql<number>`greatest(${SOLDE}, 0)`,
  /** …and, apart, a credit to give back (an overpayment). */
  tropPercu: sql<number>`greatest(-${SOLDE}, 0)`,
  annulee: sql<boolean>`${a.deletedAt} IS NOT NULL`,
  /** The day the resident left (a departure), null otherwise: a departure is no cancellation. */
  dateDepart: a.dateDepart,
  /** An assignment ended without a departure: a cancellation proper (what the files call « annulée »). */
  annulation: cancellation(a),
};

/** One row of the arrears list. */
export type LoyerRow = RowOf<typeof loyerColumns>;

/**
 * Every assignment of the list with its sums (docs/rent.md#sums): those that do not depend on the
 * day kept by the database (`loyer_compte`: the live/cancelled filter, the count and a sort by
 * balance read no line), what is due by today a lateral sum over the index `journal_ligne_affectation`
 * alone (the due instalments' small range; a page reads it for its rows only, a sort by arrears for
 * each assignment of the list), less what an outage moved past today (the moves under way, grouped
 * by assignment once for the whole list, not a sub-select per row). Decision 031, "Speed". Every join is a LEFT JOIN on a unique key
 * to a row that always exists (foreign keys, never null): the same rows as inner joins, but the
 * database drops those a query does not use (the count, a page's keys sorted by arrears).
 */
const LOYER_FROM = sql`${as(affectation, 'a')}
  LEFT JOIN ${as(dossier, 'd')} ON ${d.idDossier} = ${a.idDossier}
  LEFT JOIN ${as(registreEtudiant, 'r')} ON ${r.idEtudiant} = ${a.idEtudiant}
  ${placeJoins('LEFT JOIN', { a, c, ch, l: lt })}
  LEFT JOIN ${as(categorieChambre, 'cat')} ON ${cat.idCategorieChambre} = ${ch.idCategorieChambre}
  LEFT JOIN ${as(loyerCompte, 'k')} ON ${k.idAffectation} = ${a.idAffectation}
  LEFT JOIN LATERAL (SELECT coalesce(sum(${e.debit} - ${e.credit}), 0)::bigint AS du FROM ${as(journalLigne, 'e')}
    WHERE ${e.idAffectation} = ${a.idAffectation} AND ${fallsDue(e.nature)} AND ${e.dateValeur} <= ${TODAY}) e0 ON TRUE
  LEFT JOIN ${movedNotYetDueByAssignment} mv ON mv.id_affectation = ${a.idAffectation}
  LEFT JOIN LATERAL (SELECT e0.du - coalesce(mv.du, 0) AS du) e ON TRUE`;

/**
 * The arrears list's declarations, from the schema (docs/decisions/120-list-columns-from-the-schema.md):
 * a stored column's type and nullability are its Drizzle column's (`col`: of the assignment `a`, the
 * list's own table, NOT NULL as the schema says; of a table it joins, possibly NULL), a sum is
 * `computed` over schema columns (an int8 read as a whole number, never searched).
 */
const loyer = listColumns(a);
const money = (expr: SQL) => loyer.computed(sql`(${expr})::bigint`, 'integer', { search: false });

export const LOYER_COLUMNS: Record<keyof LoyerRow, ListColumn> = {
  idAffectation: loyer.col(loyerColumns.idAffectation),
  idSessionCenou: loyer.col(loyerColumns.idSessionCenou),
  ine: loyer.col(loyerColumns.ine),
  nomEtudiant: loyer.col(loyerColumns.nomEtudiant),
  prenomEtudiant: loyer.col(loyerColumns.prenomEtudiant),
  idCite: loyer.col(loyerColumns.idCite),
  nomCite: loyer.col(loyerColumns.nomCite),
  libelleChambre: loyer.col(loyerColumns.libelleChambre),
  libelleLit: loyer.col(loyerColumns.libelleLit),
  montantChambre: loyer.col(loyerColumns.montantChambre, { search: false }),
  totalDu: money(loyerColumns.totalDu),
  // The damage charged at departure: with the year's rent, what is due beyond the rent.
  degradations: money(loyerColumns.degradations),
  duADate: money(loyerColumns.duADate),
  paye: money(loyerColumns.paye),
  arriere: money(loyerColumns.arriere),
  solde: money(loyerColumns.solde),
  resteAPayer: money(loyerColumns.resteAPayer),
  tropPercu: money(loyerColumns.tropPercu),
  annulee: loyer.computed(loyerColumns.annulee, 'boolean'),
  dateDepart: loyer.col(loyerColumns.dateDepart, { search: false }),
  annulation: loyer.computed(loyerColumns.annulation, 'boolean'),
};

/**
 * The columns of the list that its files leave out: the keys, and the two forms the files write
 * otherwise (a balance is never written negative: what is left to pay and a credit apart, as the
 * screens say; « Affectation annulée » is for a cancellation only, a leaver's ended assignment
 * says its departure's day).
 */
const LOYER_NOT_IN_FILES = [
  'idAffectation',
  'idSessionCenou',
  'idCite',
  'solde',
  'annulee',
] as const satisfies readonly (keyof LoyerRow)[];

/**
 * The arrears list's columns in its files (CSV, XLSX, PDF), in the list's own order
 * (`LOYER_COLUMNS`): every column of the list but those above. One order for both.
 */
export const LOYER_FILE_KEYS: readonly (keyof LoyerRow)[] = (
  Object.keys(LOYER_COLUMNS) as (keyof LoyerRow)[]
).filter((key) => !(LOYER_NOT_IN_FILES as readonly string[]).includes(key));

/** The columns `q` searches, word by word. */
const LOYER_SEARCHED = [
  'ine',
  'nomEtudiant',
  'prenomEtudiant',
  'nomCite',
  'libelleChambre',
  'libelleLit',
] as const satisfies readonly (keyof LoyerRow)[];

/** The sums of a row, as numbers (int8 comes as text from the driver); the files' amounts. */
export const LOYER_MONEY = [
  'totalDu',
  'duADate',
  'paye',
  'arriere',
  'solde',
  'resteAPayer',
  'tropPercu',
  'montantChambre',
  'degradations',
] as const satisfies readonly (keyof LoyerRow)[];

export const loyerSource: ListSource<LoyerRow> = {
  name: 'loyer',
  from: LOYER_FROM,
  columns: LOYER_COLUMNS,
  // Live assignments, and cancelled ones whose account is not settled (money is never lost from sight).
  where: [sql`(${a.deletedAt} IS NULL OR ${k.solde} <> 0)`],
  defaultSort: 'nomEtudiant,asc;prenomEtudiant,asc',
  key: sql`${a.idAffectation}`,
  alwaysPaged: true,
  // `q` word by word: each word in the INE, the names, the cité, the room or the bed (« Ouédraogo
  // Awa » finds her, as on the registry's list).
  search: (q) =>
    searchWords(q).map(
      (w) =>
        sql`(${sql.join(
          LOYER_SEARCHED.map((k) => containsSql(LOYER_COLUMNS[k].sql, w)),
          sql` OR `,
        )})`,
    ),
  map: (row) => {
    const out = { ...row };
    for (const key of LOYER_MONEY) out[key] = Number(out[key] ?? 0);
    return out as LoyerRow;
  },
};

// ---------------------------------------------------------------- the daily reconciliation

const o = alias(operateur, 'o');
const jl = alias(journalLigne, 'l');
const jt = alias(journalTransaction, 't');
/**
 * The grouped row `r` (one day of one account), read as the journal's line it sums: its `compte`
 * keeps the line's column's name (`"r"."compte"`), so that renaming it fails `tsc` here too.
 */
const groupedLine = alias(journalLigne, 'r');
const { col, computed } = listColumns(groupedLine);
/** The account's name in the sub-selects: the line's column's. */
const COMPTE = sql.identifier(journalLigne.compte.name);
type Ligne = typeof journalLigne.$inferSelect;
type Operateur = typeof operateur.$inferSelect;
type Cite = typeof cite.$inferSelect;

/** The reconciliation's columns (one day of one account that receives money), typed from the schema. */
function rapprochementColumns(opLabel: readonly string[], cashLabel: readonly string[]) {
  const [opBefore, opAfter] = opLabel;
  const [cashBefore, cashAfter] = cashLabel;
  return {
    /** The row's key: the day and the account in one integer. */
    cle: sql<number>`r.cle`,
    jour: sql<Ligne['dateValeur']>`r.jour`,
    /** The journal's account: `OPERATEUR:<id>` or `CAISSE:CITE:<id>`. */
    compte: sql<Ligne['compte']>`${groupedLine.compte}`,
    typeCompte: sql<'OPERATEUR' | 'CAISSE'>`r.type_compte`,
    libelleCompte: sql<string>`coalesce(${opBefore} || ${o.libelleOperateur} || ${opAfter},
      ${cashBefore} || regexp_replace(${c.nomCite}, '^[Cc]ité[[:space:]]+', '') || ${cashAfter}, ${groupedLine.compte})`,
    idOperateur: sql<Operateur['idOperateur'] | null>`${o.idOperateur}`,
    idCite: sql<Cite['idCite'] | null>`${c.idCite}`,
    nomCite: sql<Cite['nomCite'] | null>`${c.nomCite}`,
    /** Payments received (lines debiting the account). */
    nombre: sql<number>`r.nombre`,
    /** Net FCFA received: Σ(debit − credit) of the account's PAIEMENT and REMBOURSEMENT lines, reversals included. */
    montant: sql<number>`r.montant`,
  };
}

/** One day of one account that receives money: an operator, or a cité's cash counter. */
export type RapprochementRow = RowOf<ReturnType<typeof rapprochementColumns>>;

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
  const columns = rapprochementColumns(
    messages.rapprochementOperateur.split('{operateur}'),
    messages.rapprochementCaisse.split('{cite}'),
  );
  // Grouped per day and account, in one query a page or an export (`grouped`: the rows come with
  // their keys, never read again per key, which grouped the journal's lines once per row);
  // `cle`, the pipeline's integer key and the keyset's last key, is made of grouping columns.
  const from = sql`(SELECT x.jour, x.${COMPTE}, x.type_compte, x.id_num,
      (x.jour - DATE '2000-01-01')::bigint * 10000000000
        + CASE x.type_compte WHEN 'OPERATEUR' THEN 0 ELSE 5000000000 END + x.id_num AS cle,
      count(*) FILTER (WHERE x.debit > 0)::int AS nombre,
      sum(x.debit - x.credit)::bigint AS montant
    FROM (SELECT ${jl.dateValeur} AS jour, ${jl.compte} AS ${COMPTE}, ${jl.debit} AS debit, ${jl.credit} AS credit,
            CASE WHEN ${jl.compte} LIKE 'OPERATEUR:%' THEN 'OPERATEUR' ELSE 'CAISSE' END AS type_compte,
            regexp_replace(${jl.compte}, '^[A-Z:]+', '')::bigint AS id_num
          FROM ${as(journalLigne, 'l')}
          JOIN ${as(journalTransaction, 't')} ON ${jt.idTransaction} = ${jl.idTransaction}
          JOIN ${as(affectation, 'a')} ON ${a.idAffectation} = ${jt.idAffectation}
          JOIN ${as(dossier, 'd')} ON ${d.idDossier} = ${a.idDossier}
          WHERE ${jl.compte} ~ '^(OPERATEUR:|CAISSE:CITE:)[0-9]{1,9}$'
            AND ${jl.nature} IN (${literal(jl.nature, 'PAIEMENT')}, ${literal(jl.nature, 'REMBOURSEMENT')})
            AND ${scope}) x
    GROUP BY x.jour, x.${COMPTE}, x.type_compte, x.id_num) r
    LEFT JOIN ${as(operateur, 'o')} ON r.type_compte = 'OPERATEUR' AND ${o.idOperateur} = r.id_num
    LEFT JOIN ${as(cite, 'c')} ON r.type_compte = 'CAISSE' AND ${c.idCite} = r.id_num`;
  return {
    name: 'rapprochement',
    from,
    // The grouped row's names are the sub-select's own (`computed`, typed here); its account and
    // the operator's and cité's columns are the schema's (`col`).
    columns: {
      cle: computed(columns.cle, 'id', { notNull: true, search: false }),
      jour: computed(columns.jour, 'date', { notNull: true }),
      compte: col(groupedLine.compte),
      typeCompte: computed(columns.typeCompte, 'text', { notNull: true }),
      libelleCompte: computed(columns.libelleCompte, 'text', { notNull: true }),
      idOperateur: col(o.idOperateur),
      idCite: col(c.idCite),
      nomCite: col(c.nomCite),
      nombre: computed(columns.nombre, 'integer', { search: false, notNull: true }),
      montant: money(columns.montant),
    },
    defaultSort: 'jour,desc;libelleCompte,asc',
    key: sql`r.cle`,
    alwaysPaged: true,
    grouped: true,
    map: (row) => {
      const out = { ...row };
      out.cle = Number(out.cle);
      out.montant = Number(out.montant ?? 0);
      out.nombre = Number(out.nombre ?? 0);
      if (out.jour instanceof Date) out.jour = out.jour.toISOString().slice(0, 10);
      return out as RapprochementRow;
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
        actor ? scopeCondition(actor, 'rent.manage', { direction: sql`${d.idDirection}` }) : sql`TRUE`,
        ...(only.idDirection === undefined ? [] : [sql`${d.idDirection} = ${only.idDirection}`]),
        ...(only.idCite === undefined ? [] : [sql`${a.idCite} = ${only.idCite}`]),
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
  // Three look-ups by primary key, only those asked (an export's heading).
  const [dir] =
    ids.idDirection === undefined
      ? []
      : await db
          .select({ libelle: direction.libelleDirection })
          .from(direction)
          .where(eq(direction.idDirection, ids.idDirection));
  const [place] =
    ids.idCite === undefined
      ? []
      : await db
          .select({ nomCite: cite.nomCite, idDirection: ville.idDirection })
          .from(cite)
          .innerJoin(ville, eq(ville.idVille, cite.idVille))
          .where(eq(cite.idCite, ids.idCite));
  return {
    direction: dir?.libelle ?? undefined,
    cite: place?.nomCite ?? undefined,
    idDirectionCite: place?.idDirection ?? undefined,
  };
}

/** The reconciliation's conditions beside the pipeline's: a range of days (both ends included). */
export function rapprochementConditions(du: string | undefined, au: string | undefined): SQL[] {
  return [...(du ? [sql`r.jour >= ${du}::date`] : []), ...(au ? [sql`r.jour <= ${au}::date`] : [])];
}
